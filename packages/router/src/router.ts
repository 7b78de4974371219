import { decryptPage, encryptPage, generation, nextGeneration } from './encryption';
import { InvalidResponseError, NetworkError, PageNotFoundError } from './errors';
import { fire, listen, type RouterEventListener, type RouterEventName } from './events';
import * as history from './history';
import { aborted, type HttpResponse, send } from './http';
import { describeBody, showOverlay } from './overlay';
import { asPage } from './page';
import { createPoll, type Poll, type PollOptions } from './poll';
import { PREFETCH_CACHE_FOR, PrefetchCache } from './prefetch';
import { ProgressBar, type ProgressOptions } from './progress';
import { mergePartialProps } from './props';
import * as scroll from './scroll';
import type {
  ActiveVisit,
  Errors,
  HistoryEntry,
  Method,
  Page,
  PreserveOption,
  ReloadOptions,
  RequestPayload,
  ResolveComponent,
  SwapComponent,
  VisitOptions,
} from './types';
import {
  hrefToUrl,
  isSameUrlWithoutHash,
  transformUrlAndData,
  urlWithoutHash,
  urlWithoutOrigin,
} from './url';

export interface RouterInit {
  initialPage: Page;
  resolveComponent: ResolveComponent;
  swapComponent: SwapComponent;
  progress?: ProgressOptions | false;
}

interface InFlight {
  visit: ActiveVisit;
  controller: AbortController;
  /** Page the visit was made from: an async answer for a page the user has left is dropped. */
  origin: Page;
  signature: string;
  promise: Promise<void>;
}

interface SetPageOptions {
  replace?: boolean;
  /** Id for the entry written (the initial page's, see initialEntryId). */
  entryId?: string;
  /** The page is the result of a partial reload: its deferred props are already being handled. */
  partial?: boolean;
  preserveState?: boolean;
  preserveScroll?: boolean;
  /** A page taken from history: no history write, scroll comes from the entry. */
  restored?: HistoryEntry;
}

const NETWORK_NOTE = 'اتصال به سرور برقرار نشد.';

export class Router {
  page!: Page;
  readonly progress = new ProgressBar();
  #resolveComponent!: ResolveComponent;
  #swapComponent!: SwapComponent;
  #sync: InFlight | undefined;
  readonly #async = new Set<InFlight>();
  #stopWatching: (() => void) | undefined;
  readonly #cache = new PrefetchCache();
  #applying: Promise<unknown> = Promise.resolve();
  #initialized = false;
  #pendingEntryId: string | undefined;
  /** Id of the entry on screen, and the positions each entry had when it was left by back/forward. */
  #shownEntry: string | undefined;
  readonly #leftAt = new Map<string, scroll.ScrollSnapshot>();

  /** Called once by the UI adapter with the page from the HTML shell. */
  async init({ initialPage, resolveComponent, swapComponent, progress }: RouterInit): Promise<void> {
    this.#resolveComponent = resolveComponent;
    this.#swapComponent = swapComponent;
    this.progress.configure(progress);
    this.#stopWatching?.();
    // The browser's own restoration would race ours (and run before the page has rendered).
    window.history.scrollRestoration = 'manual';

    const stored = history.currentEntry();
    const navigation = performance.getEntriesByType?.('navigation')[0] as
      | PerformanceNavigationTiming
      | undefined;
    const page = { ...initialPage, url: initialPage.url || urlWithoutOrigin(window.location.href) };
    const kept =
      stored && navigation?.type === 'back_forward' ? await this.#readEntryPage(stored) : undefined;
    if (kept?.version === page.version && isSameUrlWithoutHash(kept.url, window.location.href)) {
      // Back to a page of ours after a full load elsewhere: the entry still has its state.
      // Re-label it with the id the first render's hooks were given.
      const restored = { ...stored!, id: this.#initialEntryId() };
      history.write(restored, window.location.href, 'replace');
      await this.setPage(kept, { restored });
    } else {
      // A reload starts clean: remembered state belongs to back/forward only.
      const { hash } = window.location;
      if (hash && !hrefToUrl(page.url).hash) page.url += hash;
      await this.setPage(page, { replace: true, entryId: this.#initialEntryId() });
    }
    this.#stopWatching = this.#listen();
    this.#initialized = true;
  }

  /**
   * The app renders its first page before init runs, and the hooks of that render ask for the
   * entry id then. They get this id, which the first entry is then written with; a second init
   * (React StrictMode, hot reload) keeps the id of the entry already there.
   */
  #initialEntryId(): string {
    if (this.#initialized) return history.currentEntry()?.id ?? history.newEntryId();
    this.#pendingEntryId ??= history.newEntryId();
    return this.#pendingEntryId;
  }

  /** Stops listening to history and scroll (tests, hot reload). */
  dispose(): void {
    this.#stopWatching?.();
    this.#stopWatching = undefined;
    // A following init (StrictMode's second effect, a new app) starts over with the pending id.
    this.#initialized = false;
    this.cancelAll();
  }

  #listen(): () => void {
    const onPop = (event: PopStateEvent) => void this.#onPopState(event.state);
    // A page restored from the back/forward cache skips popstate: re-check it was not cleared since.
    const onShow = (event: PageTransitionEvent) => {
      const entry = history.currentEntry();
      if (event.persisted && entry && entry.generation !== generation()) window.location.reload();
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('pageshow', onShow);
    const stopScroll = scroll.watch(() => this.#saveScroll());
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('pageshow', onShow);
      stopScroll();
    };
  }

  #saveScroll(): void {
    history.update(scroll.snapshot());
    // The entry now holds the newest positions; an older in-memory copy must not win on restore.
    const id = history.currentEntry()?.id;
    if (id) this.#leftAt.delete(id);
  }

  async #onPopState(state: unknown): Promise<void> {
    if (!history.isEntry(state)) {
      // An in-page `#anchor` jump made this entry: on the same page, adopt it (scrolled to the
      // anchor); anywhere else the entry's page is unknown, so ask the server.
      const url = urlWithoutOrigin(window.location.href);
      await (isSameUrlWithoutHash(url, this.page.url)
        ? this.setPage({ ...this.page, url }, { replace: true, preserveState: true })
        : this.visit(url, { replace: true }));
      return;
    }
    // At popstate the old page is still rendered but history.state already belongs to the target:
    // keep the positions being left in memory, since a pending debounced save can no longer land.
    if (this.#shownEntry) this.#leftAt.set(this.#shownEntry, scroll.snapshot());
    this.cancelAll();
    const page = await this.#readEntryPage(state);
    // Cleared since (logout), undecryptable, or written by other assets: ask the server instead.
    if (page?.version !== this.page.version) await this.visit(window.location.href, { replace: true });
    else await this.setPage(page, { restored: state });
  }

  /** The page of an entry, or undefined when it must come from the server again (history cleared since). */
  async #readEntryPage(entry: HistoryEntry): Promise<Page | undefined> {
    if (entry.generation !== generation()) return undefined;
    return 'encrypted' in entry.page ? decryptPage(entry.page) : entry.page;
  }

  /** Without WebCrypto (plain http other than localhost) an entry asked to be encrypted is stored in clear. */
  async #storePage(page: Page): Promise<HistoryEntry['page']> {
    return page.encryptHistory && globalThis.crypto?.subtle ? encryptPage(page) : page;
  }

  /** Makes every earlier history entry unreadable (what a page with `clearHistory` does). */
  clearHistory(): void {
    history.update({ generation: nextGeneration() });
  }

  // ---- visits ---------------------------------------------------------------------------------

  /** The options with their defaults, the URL with GET data in its query, the body for the others. */
  #prepare(href: string | URL, options: VisitOptions): ActiveVisit {
    const method = (options.method ?? 'get').toLowerCase() as Method;
    const isAsync = !!options.async;
    const [url, data] = transformUrlAndData(
      href,
      options.data ?? {},
      method,
      options.forceFormData,
      options.queryStringArrayFormat,
    );
    return {
      ...options,
      url,
      method,
      data,
      headers: options.headers ?? {},
      only: options.only ?? [],
      except: options.except ?? [],
      reset: options.reset ?? [],
      async: isAsync,
      showProgress: options.showProgress ?? !isAsync,
      completed: false,
      cancelled: false,
      interrupted: false,
    };
  }

  visit(href: string | URL, options: VisitOptions = {}): Promise<void> {
    const visit = this.#prepare(href, options);
    const { method, url, data, async: isAsync } = visit;
    if (visit.onBefore?.(visit) === false || !fire('before', { visit })) return Promise.resolve();

    const signature = `${method} ${url.href} ${serialize(data)}`;
    // A second identical submit while the first is in flight would reach the server twice.
    if (!isAsync && method !== 'get' && this.#sync?.signature === signature) return this.#sync.promise;

    if (!isAsync && this.#sync) {
      this.#sync.visit.interrupted = true;
      this.#sync.controller.abort();
      this.progress.cancel();
      this.#sync = undefined;
    }
    // Leaving now: keep the exact scroll positions with the entry we are leaving.
    if (!isAsync) this.#saveScroll();

    const flight = { visit, controller: new AbortController(), origin: this.page, signature } as InFlight;
    flight.promise = this.#run(flight);
    return flight.promise;
  }

  async #run(flight: InFlight): Promise<void> {
    const { visit, controller } = flight;
    if (visit.async) this.#async.add(flight);
    else this.#sync = flight;

    visit.onCancelToken?.({ cancel: () => controller.abort() });
    visit.onStart?.(visit);
    fire('start', { visit });
    const ownsProgress = !visit.async && visit.showProgress;
    if (ownsProgress) this.progress.start();

    try {
      const response = await this.#fetchPage(flight);
      if (controller.signal.aborted) throw aborted();
      await this.#handleResponse(flight, response);
    } catch (error) {
      if ((error as Error).name === 'AbortError' || controller.signal.aborted) {
        visit.cancelled = true;
        visit.onCancel?.();
      } else if (error instanceof NetworkError) {
        if (fire('exception', { exception: error })) {
          console.error(error);
          showOverlay(describeBody(error.message, 'text/plain', NETWORK_NOTE));
        }
      } else {
        throw error;
      }
    } finally {
      if (visit.async) this.#async.delete(flight);
      else if (this.#sync === flight) {
        this.#sync = undefined;
        if (ownsProgress) visit.completed ? this.progress.finish() : this.progress.cancel();
      }
      visit.onFinish?.(visit);
      fire('finish', { visit });
    }
  }

  #fetchPage(flight: InFlight): Promise<HttpResponse> {
    const { visit, controller } = flight;
    const cached =
      visit.method === 'get' && visit.prefetch !== false ? this.#cache.get(this.#cacheKey(visit)) : undefined;
    if (cached) return cached;
    return send({
      ...visit,
      headers: this.headers(visit),
      signal: controller.signal,
      onUploadProgress: (progress) => {
        if (visit.showProgress && !visit.async) this.progress.set(progress.percentage);
        visit.onProgress?.(progress);
        fire('progress', { progress });
      },
    });
  }

  #cacheKey(visit: ActiveVisit): string {
    return `${urlWithoutHash(visit.url)} ${visit.only.join()} ${visit.except.join()}`;
  }

  /**
   * Requests a GET page ahead of a click and keeps the answer `cacheFor` ms (default 30 s); a visit
   * to the same URL within that time is served from it. Navigation does not cancel prefetches.
   */
  prefetch(href: string | URL, options: VisitOptions = {}, { cacheFor = PREFETCH_CACHE_FOR } = {}): void {
    const visit = this.#prepare(href, { ...options, method: 'get' });
    const key = this.#cacheKey(visit);
    if (this.#cache.has(key)) return;
    const response = send({
      ...visit,
      headers: { ...this.headers(visit), Purpose: 'prefetch' },
      // Not tied to any visit: leaving the page does not cancel a prefetch.
      signal: new AbortController().signal,
    });
    this.#cache.add(key, response, cacheFor);
    response
      .then((result) => {
        if (result.status < 400 && 'x-inertia' in result.headers) {
          const page = JSON.parse(result.body) as Page;
          options.onPrefetched?.(page);
          fire('prefetched', { url: visit.url.href, page });
        }
      })
      // A failed or unreadable prefetch is dropped; the visit will ask again.
      .catch(() => {});
  }

  /** Drops every prefetched page. */
  flushAll(): void {
    this.#cache.flush();
  }

  /** The URL a GET visit with `data` goes to (query merged), as a link's href. */
  resolveUrl(href: string | URL, data: RequestPayload = {}): string {
    const [url] = transformUrlAndData(href, data);
    return url.origin === window.location.origin ? urlWithoutOrigin(url) : url.href;
  }

  headers(visit: ActiveVisit): Record<string, string> {
    const headers: Record<string, string> = {
      ...visit.headers,
      Accept: 'text/html, application/xhtml+xml',
      'X-Requested-With': 'XMLHttpRequest',
      'X-Inertia': 'true',
    };
    if (this.page.version) headers['X-Inertia-Version'] = this.page.version;
    const only = [...visit.only, ...visit.reset];
    if (only.length || visit.except.length) {
      headers['X-Inertia-Partial-Component'] = this.page.component;
      if (only.length) headers['X-Inertia-Partial-Data'] = only.join(',');
      if (visit.except.length) headers['X-Inertia-Partial-Except'] = visit.except.join(',');
    }
    if (visit.reset.length) headers['X-Inertia-Reset'] = visit.reset.join(',');
    if (visit.errorBag) headers['X-Inertia-Error-Bag'] = visit.errorBag;
    return headers;
  }

  async #handleResponse(flight: InFlight, response: HttpResponse): Promise<void> {
    const { visit } = flight;
    const location = response.headers['x-inertia-location'];
    if (response.status === 409 && location) {
      visit.completed = true;
      this.hardVisit(location);
      return;
    }
    const page = this.#parsePage(response);
    if (!page) return;
    // Answers are applied one at a time, in arrival order: each merge must see the page the
    // previous one produced, even while that one is still resolving its component.
    const applied = this.#applying.then(() => this.#applyPage(flight, page));
    this.#applying = applied.catch(() => {});
    const errors = await applied;
    if (!errors) return;
    const hasErrors = Object.keys(errors).length > 0;
    visit.completed = true;
    if (visit.method !== 'get') this.#cache.flush();
    if (hasErrors) {
      visit.onError?.(errors);
      fire('error', { errors });
    } else {
      fire('success', { page: this.page });
      await visit.onSuccess?.(this.page);
    }
  }

  /** Shows the answer of a visit; undefined when it was dropped because the user has moved on. */
  async #applyPage(flight: InFlight, page: Page): Promise<Errors | undefined> {
    const { visit } = flight;
    if (flight.controller.signal.aborted || (visit.async && !this.#isSamePage(flight.origin, this.page))) {
      // The user has moved on: this answer belongs to a page that is no longer on screen.
      visit.cancelled = true;
      visit.onCancel?.();
      return undefined;
    }
    const isPartial = visit.only.length + visit.except.length + visit.reset.length > 0;
    const mergesIntoPage = isPartial && page.component === this.page.component;
    if (mergesIntoPage) {
      page.props = mergePartialProps(this.page, page, visit.reset);
      // Keep the list so a later visit back to this entry can still load the groups not yet here.
      page.deferredProps ??= this.page.deferredProps;
    }
    const requestUrl = visit.url;
    const responseUrl = hrefToUrl(page.url);
    if (requestUrl.hash && !responseUrl.hash && isSameUrlWithoutHash(requestUrl, responseUrl)) {
      page.url = urlWithoutOrigin(responseUrl) + requestUrl.hash;
    }
    const errors = scopeErrors(page, visit.errorBag);
    const hasErrors = Object.keys(errors).length > 0;
    await this.setPage(page, {
      partial: mergesIntoPage,
      replace: visit.replace || isSameUrlWithoutHash(page.url, window.location.href),
      preserveState: resolvePreserve(visit.preserveState, page, hasErrors),
      preserveScroll: resolvePreserve(visit.preserveScroll, page, hasErrors),
    });
    return errors;
  }

  #parsePage(response: HttpResponse): Page | undefined {
    const { status, body, headers } = response;
    let code: 'NOT_INERTIA' | 'MALFORMED_JSON' | 'INVALID_PAGE' = 'NOT_INERTIA';
    if ('x-inertia' in headers) {
      try {
        const page = asPage(JSON.parse(body));
        if (page) {
          page.url ||= urlWithoutOrigin(window.location.href);
          return page;
        }
        code = 'INVALID_PAGE';
      } catch {
        code = 'MALFORMED_JSON';
      }
    }
    const error = new InvalidResponseError(code, status, body);
    if (fire('invalid', { response, error })) {
      console.error(error);
      showOverlay(describeBody(body || error.message, headers['content-type'] ?? '', error.message));
    }
    return undefined;
  }

  #isSamePage(a: Page, b: Page): boolean {
    return a.component === b.component && hrefToUrl(a.url).pathname === hrefToUrl(b.url).pathname;
  }

  /** Full browser navigation (409 + X-Inertia-Location, external redirects). */
  hardVisit(url: string): void {
    const target = hrefToUrl(url);
    if (isSameUrlWithoutHash(target, window.location.href) && target.hash) window.location.reload();
    else window.location.href = target.href;
  }

  /** Shows a page: resolves its component, writes history, renders it, then restores or resets scroll. */
  async setPage(page: Page, options: SetPageOptions = {}): Promise<void> {
    let component: unknown;
    let error: Error | undefined;
    try {
      component = await this.#resolveComponent(page.component, page);
      if (component == null) error = new PageNotFoundError(page.component);
    } catch (cause) {
      error = new PageNotFoundError(page.component, cause);
    }
    if (error) console.error(error);

    if (page.clearHistory) nextGeneration();
    const previous = this.page as Page | undefined;
    const left = !previous || !this.#isSamePage(previous, page);
    const preserveState = !!options.preserveState && previous?.component === page.component;
    this.page = page;
    // Async visits in flight belong to the page being left: their answers are of no use now.
    if (left) for (const flight of this.#async) flight.controller.abort();

    const savedScroll = scroll.snapshot();
    // A page restored from history is already in the current entry: nothing to write.
    if (!options.restored) {
      const current = history.currentEntry();
      const stored = await this.#storePage(page);
      // Same component kept on screen in the same entry: its remembered state and scroll stay too.
      const entry =
        preserveState && current && options.replace
          ? { ...current, page: stored, generation: generation() }
          : history.makeEntry(stored, options.entryId ?? history.newEntryId());
      history.write(entry, page.url, options.replace ? 'replace' : 'push');
    }

    await this.#swapComponent({ page, component, preserveState, ...(error ? { error } : {}) });

    this.#shownEntry = history.currentEntry()?.id;
    if (options.restored) scroll.restore(this.#leftAt.get(options.restored.id) ?? options.restored);
    else if (options.preserveScroll) scroll.restore(savedScroll);
    else scroll.reset(hrefToUrl(page.url).hash);
    if (!options.preserveScroll) this.#saveScroll();

    fire('navigate', { page });
    if (!options.partial) this.#loadDeferredProps(page);
  }

  /**
   * Requests each group of `deferredProps` still missing from the page, one async partial reload
   * per group. Also runs for a page restored from history, so props that had not arrived when the
   * user left are fetched again instead of loading forever (inertiajs/inertia#2465).
   */
  #loadDeferredProps(page: Page): void {
    for (const keys of Object.values(page.deferredProps ?? {})) {
      const missing = keys.filter((key) => page.props[key] === undefined);
      if (missing.length) void this.reload({ only: missing, showProgress: false });
    }
  }

  /** Cancels every visit in flight (sync and async). */
  cancelAll(): void {
    if (this.#sync) {
      this.#sync.visit.interrupted = true;
      this.#sync.controller.abort();
    }
    for (const flight of this.#async) flight.controller.abort();
  }

  reload(options: ReloadOptions = {}): Promise<void> {
    return this.visit(window.location.href, {
      preserveScroll: true,
      preserveState: true,
      async: true,
      ...options,
      headers: { ...options.headers, 'Cache-Control': 'no-cache' },
    });
  }

  get(url: string | URL, data: RequestPayload = {}, options: Omit<VisitOptions, 'method' | 'data'> = {}) {
    return this.visit(url, { ...options, method: 'get', data });
  }
  /** Like Inertia, the non-GET helpers keep the page's state (form input, errors) by default. */
  post(url: string | URL, data: RequestPayload = {}, options: Omit<VisitOptions, 'method' | 'data'> = {}) {
    return this.#change('post', url, { ...options, data });
  }
  put(url: string | URL, data: RequestPayload = {}, options: Omit<VisitOptions, 'method' | 'data'> = {}) {
    return this.#change('put', url, { ...options, data });
  }
  patch(url: string | URL, data: RequestPayload = {}, options: Omit<VisitOptions, 'method' | 'data'> = {}) {
    return this.#change('patch', url, { ...options, data });
  }
  delete(url: string | URL, options: Omit<VisitOptions, 'method'> = {}) {
    return this.#change('delete', url, options);
  }
  #change(method: Method, url: string | URL, options: VisitOptions) {
    return this.visit(url, { preserveState: true, ...options, method });
  }

  /** Reloads every `interval` ms (async partial reloads when `only` is given); returns start/stop. */
  poll(
    interval: number,
    options: ReloadOptions | (() => ReloadOptions) = {},
    pollOptions: PollOptions = {},
  ): Poll {
    return createPoll((reload) => this.reload(reload), interval, options, pollOptions);
  }

  // ---- remembered state -----------------------------------------------------------------------

  /** Id of the history entry on screen; hooks keep it so their later writes cannot land elsewhere. */
  get entryId(): string | undefined {
    return this.#initialized ? history.currentEntry()?.id : this.#initialEntryId();
  }

  /**
   * Stores `data` under `key` in the current history entry. With `entryId`, the write happens only
   * while that entry is still current: a page being left cannot write into the next one.
   */
  remember(data: unknown, key = 'default', entryId?: string): void {
    const entry = history.currentEntry();
    if (!entry) return;
    history.update({ rememberedState: { ...entry.rememberedState, [key]: data } }, entryId);
  }

  restore<T = unknown>(key = 'default'): T | undefined {
    return history.currentEntry()?.rememberedState[key] as T | undefined;
  }

  on<K extends RouterEventName>(name: K, callback: RouterEventListener<K>): () => void {
    return listen(name, callback);
  }
}

function scopeErrors(page: Page, errorBag: string | null | undefined): Errors {
  const { errors } = page.props;
  return ((errorBag && errors[errorBag]) || errors) as Errors;
}

function resolvePreserve(option: PreserveOption | undefined, page: Page, hasErrors: boolean): boolean {
  if (typeof option === 'function') return option(page);
  if (option === 'errors') return hasErrors;
  return !!option;
}

/** What makes two submits "the same": files count by name and size. */
function serialize(data: RequestPayload): string {
  return JSON.stringify(
    data instanceof FormData
      ? [...data].map(([key, value]) => [
          key,
          value instanceof Blob ? `${(value as File).name}:${value.size}` : value,
        ])
      : data,
  );
}
