import cookie from '@fastify/cookie';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Assets, loadAssets, type ViteOptions } from './assets';
import { CsrfTokenMismatchError, ProtocolError, ValidationError } from './errors';
import { DEFAULT_TITLE, type InitialPageFormat, renderDocument } from './html';
import { type PartialRequest, resolveProps } from './props';
import { Session } from './session';
import type { SessionRecord, SessionStore } from './session-store';
import { safeEqual, sign, unsign } from './signing';
import { type SsrOptions, serverRenderer } from './ssr';
import { type SchemaLike, validate } from './validation';

export type Props = Record<string, unknown>;

export interface PageOptions {
  status?: number;
  /** Document title for the first load (the client's `<Head>` takes over afterwards). */
  title?: string;
  /**
   * Tags for this page's `<head>` on the first load (description, canonical, Open Graph, robots),
   * written after the app's own `head`. Raw HTML: the caller escapes every value it puts in.
   * Crawlers read them without running JS; page visits (JSON) ignore them.
   */
  head?: string;
  encryptHistory?: boolean;
  clearHistory?: boolean;
  /** Overrides the page URL (default: the request's path and query). */
  url?: string;
}

export interface CsrfOptions {
  /** Routes that skip the check (payment gateway callbacks): paths, patterns or a predicate. */
  exempt?: (string | RegExp)[] | ((request: FastifyRequest) => boolean);
  /** Page component for the 419 answer. */
  component?: string;
  /** Message shown on the 419 page. */
  message?: string;
}

export interface SessionOptions {
  store: SessionStore;
  /** Cookie signing secret (APP_KEY); at least 32 characters. */
  secret: string;
  cookieName?: string;
  /** Minutes without activity before a session expires (Laravel's default: 120). */
  lifetimeMinutes?: number;
  /** `Secure` cookies; default: NODE_ENV === 'production'. */
  secure?: boolean;
  /** Write an unchanged session back at most this often, to record activity (default 60 s). */
  touchAfterSeconds?: number;
}

export interface PagePluginOptions {
  session: SessionOptions;
  vite?: ViteOptions;
  /** Asset version; default: the manifest's hash (null in dev: no version checks). */
  version?: string | null | (() => string | null);
  /** Shared props for every page, resolved per request; values may be functions (run only when sent). */
  share?: (request: FastifyRequest) => Props | Promise<Props>;
  /** Default `<title>`. */
  title?: string;
  /** Extra tags for `<head>` (fonts, icons). */
  head?: string;
  initialPage?: InitialPageFormat;
  rootId?: string;
  /**
   * Server rendering of first loads: the renderer's HTML goes into the root element (marked
   * `data-server-rendered="true"`) and its head elements into `<head>`. Page visits (X-Inertia)
   * never render. A renderer that throws or exceeds `timeoutMs` leaves the page to the browser.
   */
  ssr?: SsrOptions;
  csrf?: CsrfOptions;
  /** The app's error handler for everything but validation failures (default: Fastify's). */
  errorHandler?: (
    this: FastifyInstance,
    error: FastifyError,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => unknown;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's session (undefined on routes with `config: { session: false }`). */
    session: Session;
    /**
     * The record the session store answered for this request's cookie (undefined for a new
     * session). A store may return more than `SessionRecord`, e.g. the user read in the same
     * query, so the app need not read it again.
     */
    sessionRecord: SessionRecord | undefined;
    /** Parse the body (or `input`) with a zod schema; failure answers 303 back with `props.errors`. */
    validate<T>(schema: SchemaLike<T>, input?: unknown): Promise<T>;
  }
  interface FastifyReply {
    /** Answer with a page: HTML on a first load, the page object as JSON on a page visit. */
    page(component: string, props?: Props, options?: PageOptions): Promise<FastifyReply>;
    /** Leave the app (or force a full reload): 409 + X-Inertia-Location for page visits. */
    location(url: string): FastifyReply;
    /** Redirect to the previous page (Referer, else the last page shown in this session), or `fallback`. */
    back(fallback?: string): FastifyReply;
  }
  interface FastifyContextConfig {
    /** false: no session cookie or store access (health checks, static files). */
    session?: boolean;
    /** false: skip the CSRF check on this route. */
    csrf?: boolean;
    routeName?: string;
  }
}

export const SESSION_EXPIRED_MESSAGE = 'نشست شما منقضی شده است';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const XSRF_COOKIE = 'XSRF-TOKEN';
const PREVIOUS_URL_KEY = '_previous_url';

/** A path on this site (`/x`, not `//host` or `/\\host`), or an http(s) URL of this very host. */
function sameSite(url: string, host: string): boolean {
  if (url.startsWith('/')) return !/^\/[/\\]/.test(url);
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
    // The Host header may name the default port (`localhost:80`); the URL drops it.
    return parsed.host === new URL(`${parsed.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

const list = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

const isPageVisit = (request: FastifyRequest) => header(request, 'x-inertia') === 'true';

function addVary(reply: FastifyReply, value: string): void {
  const current = reply.getHeader('vary');
  const parts = list(typeof current === 'string' ? current : undefined);
  if (!parts.some((p) => p.toLowerCase() === value.toLowerCase())) parts.push(value);
  reply.header('vary', parts.join(', '));
}

async function pagePlugin(app: FastifyInstance, options: PagePluginOptions): Promise<void> {
  const { session: sessionOptions } = options;
  if (!sessionOptions?.store || !sessionOptions.secret || sessionOptions.secret.length < 32) {
    throw new ProtocolError(
      'INVALID_OPTIONS',
      'session.store and a session.secret of 32+ characters are required.',
    );
  }
  const cookieName = sessionOptions.cookieName ?? 'renderfarm_session';
  const lifetime = (sessionOptions.lifetimeMinutes ?? 120) * 60;
  const secure = sessionOptions.secure ?? process.env.NODE_ENV === 'production';
  const touchAfterMs = (sessionOptions.touchAfterSeconds ?? 60) * 1000;
  const store = sessionOptions.store;
  const assets: Assets = loadAssets(options.vite);
  const renderOnServer = options.ssr ? serverRenderer(options.ssr) : null;
  const version =
    typeof options.version === 'function'
      ? options.version
      : options.version !== undefined
        ? () => options.version as string | null
        : () => assets.version;
  const csrf = options.csrf ?? {};
  const exempt =
    typeof csrf.exempt === 'function'
      ? csrf.exempt
      : (request: FastifyRequest) => {
          const path = request.url.split('?')[0] ?? '';
          return (
            (csrf.exempt as (string | RegExp)[] | undefined)?.some((e) =>
              typeof e === 'string' ? e === path : e.test(path),
            ) ?? false
          );
        };

  if (!app.hasDecorator('parseCookie')) await app.register(cookie);

  app.decorateRequest('session', undefined as unknown as Session);
  app.decorateRequest('sessionRecord', undefined);
  app.decorateRequest(
    'validate',
    async function (this: FastifyRequest, schema: SchemaLike<unknown>, input?: unknown) {
      return validate(schema, input === undefined ? this.body : input);
    },
  );

  const sessionEnabled = (request: FastifyRequest) => request.routeOptions.config?.session !== false;
  // Requests whose signed cookie already names their session: no need to sign it again on the way out.
  const loadedIds = new WeakMap<FastifyRequest, string>();
  // Signature checks are pure (same cookie, same secret, same answer): remember recent good ones so a
  // busy session is not re-hashed on every request. Bounded; the oldest entries go first.
  const verified = new Map<string, string>();
  const verifiedId = (cookieValue: string | undefined): string | undefined => {
    if (!cookieValue) return undefined;
    const known = verified.get(cookieValue);
    if (known) return known;
    const id = unsign(cookieValue, sessionOptions.secret);
    if (id) {
      if (verified.size >= 10_000) verified.delete(verified.keys().next().value as string);
      verified.set(cookieValue, id);
    }
    return id;
  };

  // Load the session, then refuse stale page visits before any handler runs.
  app.addHook('onRequest', async (request, reply) => {
    if (sessionEnabled(request)) {
      const id = verifiedId(request.cookies[cookieName]);
      const record = id ? await store.get(id) : undefined;
      request.session = new Session(record);
      request.sessionRecord = record;
      if (record) loadedIds.set(request, record.id);
    }
    const current = version();
    if (
      request.method === 'GET' &&
      isPageVisit(request) &&
      current !== null &&
      header(request, 'x-inertia-version') !== current
    ) {
      // The client reloads the page in full; keep this request's flash for that reload.
      request.session?.reflash();
      addVary(reply, 'X-Inertia');
      return reply.code(409).header('x-inertia-location', request.url).send();
    }
  });

  // CSRF: after the body is parsed (the `_token` field), before the handler.
  app.addHook('preHandler', async (request, reply) => {
    if (!UNSAFE.has(request.method) || request.routeOptions.config?.csrf === false || exempt(request)) return;
    const session = request.session;
    const body = request.body as Record<string, unknown> | undefined;
    const given =
      header(request, 'x-xsrf-token') ??
      header(request, 'x-csrf-token') ??
      (typeof body?._token === 'string' ? body._token : undefined);
    if (session && given && safeEqual(given, session.token)) return;
    request.log.info({ code: new CsrfTokenMismatchError().code }, 'CSRF token mismatch');
    const referer = header(request, 'referer');
    await reply.page(
      csrf.component ?? 'Public/Blank',
      { status: 419, message: csrf.message ?? SESSION_EXPIRED_MESSAGE, reload_url: referer ?? '/' },
      { status: 419 },
    );
    return reply;
  });

  // Redirects after PUT/PATCH/DELETE must be 303 so the browser follows with GET; then the session.
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      reply.statusCode === 302 &&
      (request.method === 'PUT' || request.method === 'PATCH' || request.method === 'DELETE')
    ) {
      reply.code(303);
    }
    const session = request.session;
    if (!session) return payload;
    const now = Date.now();
    const save = session.needsSave(now, touchAfterMs);
    if (save) {
      await Promise.all(session.retiredIds.map((id) => store.destroy(id)));
      await store.set(
        session.toRecord(
          { ipAddress: request.ip ?? null, userAgent: header(request, 'user-agent') ?? null },
          new Date(now),
        ),
        lifetime,
      );
    }
    // Cookies are (re)sent with each save, so their expiry moves with the store's (sliding expiry).
    const cookieOptions = { path: '/', sameSite: 'lax' as const, secure, maxAge: lifetime };
    if (save || loadedIds.get(request) !== session.id) {
      reply.setCookie(cookieName, sign(session.id, sessionOptions.secret), {
        ...cookieOptions,
        httpOnly: true,
      });
    }
    // Readable by JS: the client echoes it as X-XSRF-TOKEN.
    if (save || request.cookies[XSRF_COOKIE] !== session.token) {
      reply.setCookie(XSRF_COOKIE, session.token, { ...cookieOptions, httpOnly: false });
    }
    return payload;
  });

  app.decorateReply(
    'page',
    async function (this: FastifyReply, component: string, props: Props = {}, pageOptions: PageOptions = {}) {
      const request = this.request;
      const session = request.session;
      const flashed = session?.flashed() ?? {};
      const { errors: flashedErrors, ...flash } = flashed;
      const shared = options.share ? await options.share(request) : {};
      const all: Props = { ...shared, ...props };
      all.errors = props.errors ?? flashedErrors ?? {};
      if (!('flash' in all)) all.flash = flash;

      const partialComponent = header(request, 'x-inertia-partial-component');
      const only = list(header(request, 'x-inertia-partial-data'));
      const except = list(header(request, 'x-inertia-partial-except'));
      const partial: PartialRequest | null =
        isPageVisit(request) && partialComponent === component && (only.length > 0 || except.length > 0)
          ? { only, except, reset: list(header(request, 'x-inertia-reset')) }
          : null;
      const resolved = await resolveProps(all, partial);
      // A partial reload that leaves `flash` out (a poll, a live refresh) must not use it up: the
      // message belongs to the page the person is about to see, often the visit still in flight.
      if (partial && session && !('flash' in resolved.props)) session.reflash();
      const page: Record<string, unknown> = {
        component,
        props: resolved.props,
        url: pageOptions.url ?? request.url,
        version: version(),
      };
      if (pageOptions.encryptHistory) page.encryptHistory = true;
      if (pageOptions.clearHistory) page.clearHistory = true;
      if (resolved.deferredProps) page.deferredProps = resolved.deferredProps;
      if (resolved.mergeProps) page.mergeProps = resolved.mergeProps;
      if (resolved.deepMergeProps) page.deepMergeProps = resolved.deepMergeProps;
      if (resolved.matchPropsOn) page.matchPropsOn = resolved.matchPropsOn;
      if (Object.keys(flash).length && (!partial || 'flash' in resolved.props)) page.flash = flash;

      addVary(this, 'X-Inertia');
      this.code(pageOptions.status ?? 200);
      // Written only when it changes, so revisiting a page costs no session write.
      if (session && request.method === 'GET' && !partial && (pageOptions.status ?? 200) < 400) {
        if (session.get(PREVIOUS_URL_KEY) !== request.url) session.set(PREVIOUS_URL_KEY, request.url);
      }
      if (isPageVisit(request)) {
        return this.header('x-inertia', 'true')
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(page));
      }
      const rendered = renderOnServer ? await renderOnServer(page, request.log) : null;
      return this.type('text/html; charset=utf-8').send(
        renderDocument({
          page,
          rendered,
          csrfToken: session?.token ?? '',
          assetTags: [assets.tags, assets.pageTags(component)].filter(Boolean).join('\n'),
          title: pageOptions.title ?? options.title ?? DEFAULT_TITLE,
          format: options.initialPage ?? 'both',
          rootId: options.rootId ?? 'app',
          ...(options.head || pageOptions.head
            ? {
                head: [options.head, pageOptions.head]
                  .filter(Boolean)
                  .map((h) => `${h}\n`)
                  .join(''),
              }
            : {}),
        }),
      );
    },
  );

  app.decorateReply('location', function (this: FastifyReply, url: string) {
    if (isPageVisit(this.request)) {
      addVary(this, 'X-Inertia');
      return this.code(409).header('x-inertia-location', url).send();
    }
    return this.redirect(url, 302);
  });

  app.decorateReply('back', function (this: FastifyReply, fallback = '/') {
    // Browsers or extensions may strip the Referer; the session remembers the last page shown.
    // A Referer from another site is not followed: the header is the sender's to write, and
    // "back" must never become a redirect to wherever a link came from.
    const previous = this.request.session?.get(PREVIOUS_URL_KEY);
    const referer = header(this.request, 'referer');
    const target =
      (referer && sameSite(referer, this.request.host) ? referer : undefined) ??
      (typeof previous === 'string' ? previous : fallback);
    return this.redirect(target, this.request.method === 'GET' ? 302 : 303);
  });

  // Validation failures go back with their errors; anything else goes to the app's handler.
  // The app's own handler comes in the options, so the plugin sets the one error handler of its
  // scope (setting it twice makes Fastify warn, FSTWRN004, and hides which one wins).
  const previous = options.errorHandler ?? app.errorHandler;
  app.setErrorHandler(async function (this: FastifyInstance, error: FastifyError, request, reply) {
    if (error instanceof ValidationError) {
      const bag = header(request, 'x-inertia-error-bag');
      request.session?.flash('errors', bag ? { [bag]: error.errors } : error.errors);
      return reply.back();
    }
    return previous.call(this, error, request, reply);
  });
}

/** The server half of the page protocol, with sessions and CSRF, as a Fastify plugin. */
export const pages = fp(pagePlugin, { fastify: '5.x', name: '@renderfarm/fastify' });
