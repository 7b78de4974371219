import type { Errors, Page } from '@renderfarm/react';
import { HttpResponse, http, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { DEFAULT_SHELL_TITLE, shellHtml } from './html';
import { precognitionResponse } from './precognition';
import { type PartialRequest, resolveProps } from './props';
import { isReply, type PageReply, type Reply } from './replies';
import { readData } from './request-data';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RequestContext {
  request: Request;
  url: URL;
  /** Path parameters of the route pattern (`/users/:id` → `{ id }`). */
  params: Record<string, string>;
  /** The query of a GET; the JSON or form body of the other methods. */
  data: Record<string, unknown>;
  /** `Precognition: true`: validate only, change nothing. */
  precognitive: boolean;
}

export type RouteHandler = (context: RequestContext) => Reply | Promise<Reply>;

export interface RouteOptions {
  /**
   * Validation run before the handler, as a form request's rules: errors answer the request (back
   * with errors, or 422 to a precognitive one) and the handler does not run. A precognitive request
   * that passes gets a 204 and never reaches the handler either.
   */
  validate?: (
    data: Record<string, unknown>,
    context: RequestContext,
  ) => Errors | undefined | Promise<Errors | undefined>;
}

export interface MockServerOptions {
  /** The asset version; a visit carrying another one gets 409 + `X-Inertia-Location`. */
  version?: string | null;
  /** Props every page gets (a route's own props win). */
  shared?: Record<string, unknown> | ((context: RequestContext) => Record<string, unknown>);
  csrfToken?: string;
  title?: string;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  data: Record<string, unknown>;
}

export interface MockServer {
  get(path: string, handler: RouteHandler, options?: RouteOptions): MockServer;
  post(path: string, handler: RouteHandler, options?: RouteOptions): MockServer;
  put(path: string, handler: RouteHandler, options?: RouteOptions): MockServer;
  patch(path: string, handler: RouteHandler, options?: RouteOptions): MockServer;
  delete(path: string, handler: RouteHandler, options?: RouteOptions): MockServer;
  /** The msw handlers of every route so far, for a `setupServer`/`setupWorker` of your own. */
  readonly handlers: RequestHandler[];
  /** Every request a route answered, oldest first. */
  readonly requests: RecordedRequest[];
  /** The current asset version; change it to make the next visit a version mismatch. */
  version: string | null;
  /** Starts msw in this process with these routes; requests no route answers fail loudly. */
  listen(): void;
  /** Forgets kept errors, the previous URL and the request log (call between tests). */
  reset(): void;
  close(): void;
}

const PAGE_HEADERS = { 'X-Inertia': 'true', Vary: 'X-Inertia' };

/**
 * A mock of the page-protocol server for tests: routes declared with `get`/`post`/… answer the
 * way @renderfarm/fastify (and Laravel's Inertia adapter) does, over msw, so the real client is
 * driven through its real network code.
 */
export function createMockServer(options: MockServerOptions = {}): MockServer {
  const handlers: RequestHandler[] = [];
  const requests: RecordedRequest[] = [];
  // The "session": errors kept for the next page and the URL `back` goes to.
  let keptErrors: Record<string, unknown> | undefined;
  let previousUrl: string | undefined;
  let msw: ReturnType<typeof setupServer> | undefined;

  async function respond(method: Method, route: Route, request: Request, params: Record<string, string>) {
    const url = new URL(request.url);
    const data = await readData(method, request, url);
    const header = (name: string) => request.headers.get(name) ?? undefined;
    const context: RequestContext = {
      request,
      url,
      params,
      data,
      precognitive: header('Precognition') === 'true',
    };
    requests.push({
      method: method.toUpperCase(),
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      data,
    });
    const isVisit = header('X-Inertia') === 'true';

    if (isVisit && method === 'get' && (header('X-Inertia-Version') ?? '') !== (server.version ?? '')) {
      return new HttpResponse(null, { status: 409, headers: { 'X-Inertia-Location': url.href } });
    }
    const errors = await route.options.validate?.(data, context);
    if (context.precognitive) {
      if (errors && Object.keys(errors).length)
        return precognitionResponse(errors, header('Precognition-Validate-Only'));
      if (route.options.validate) return precognitionResponse({}, undefined);
    }
    const reply: Reply =
      errors && Object.keys(errors).length ? { type: 'validation', errors } : await route.handler(context);
    if (context.precognitive) {
      const failed = isReply(reply, 'validation') ? reply.errors : {};
      return precognitionResponse(failed, header('Precognition-Validate-Only'));
    }

    if (reply instanceof Response) return reply;
    const redirectStatus = method === 'get' ? 302 : 303;
    switch (reply.type) {
      case 'page':
        return pageResponse(reply, context, isVisit);
      case 'redirect':
        return new HttpResponse(null, { status: redirectStatus, headers: { Location: reply.location } });
      case 'external':
        return isVisit
          ? new HttpResponse(null, { status: 409, headers: { 'X-Inertia-Location': reply.location } })
          : new HttpResponse(null, { status: 302, headers: { Location: reply.location } });
      case 'validation': {
        const bag = header('X-Inertia-Error-Bag');
        keptErrors = bag ? { [bag]: reply.errors } : { ...reply.errors };
        const back = reply.back ?? header('Referer') ?? previousUrl ?? '/';
        return new HttpResponse(null, { status: redirectStatus, headers: { Location: back } });
      }
    }
  }

  async function pageResponse(reply: PageReply, context: RequestContext, isVisit: boolean) {
    const { request, url } = context;
    const partialComponent = request.headers.get('X-Inertia-Partial-Component');
    const list = (name: string) =>
      (request.headers.get(name) ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    // Partial headers count only for the component they name: a reload that landed on another page gets it whole.
    const partial: PartialRequest | undefined =
      isVisit && partialComponent === reply.component
        ? {
            ...(request.headers.has('X-Inertia-Partial-Data')
              ? { only: list('X-Inertia-Partial-Data') }
              : {}),
            except: list('X-Inertia-Partial-Except'),
            reset: list('X-Inertia-Reset'),
          }
        : undefined;
    const shared = typeof options.shared === 'function' ? options.shared(context) : (options.shared ?? {});
    const { props, ...lists } = await resolveProps({ ...shared, ...reply.props }, partial);
    const { url: pageUrl, ...flags } = reply.options;
    const page: Page = {
      component: reply.component,
      props: { ...props, errors: (keptErrors ?? {}) as Page['props']['errors'] },
      url: pageUrl ?? url.pathname + url.search,
      version: server.version,
      ...lists,
      ...flags,
    };
    keptErrors = undefined;
    if (request.method === 'GET') previousUrl = page.url;
    if (isVisit) return HttpResponse.json(page, { headers: PAGE_HEADERS });
    return HttpResponse.html(
      shellHtml(page, {
        csrfToken: options.csrfToken ?? 'test-csrf-token',
        title: options.title ?? DEFAULT_SHELL_TITLE,
      }),
    );
  }

  const route =
    (method: Method) =>
    (path: string, handler: RouteHandler, routeOptions: RouteOptions = {}) => {
      const entry: Route = { handler, options: routeOptions };
      const mswHandler = http[method](path, ({ request, params }) =>
        respond(method, entry, request, params as Record<string, string>),
      );
      handlers.push(mswHandler);
      // Routes added while msw runs take effect at once, as they would in a server being edited.
      msw?.use(mswHandler);
      return server;
    };

  const server: MockServer = {
    get: route('get'),
    post: route('post'),
    put: route('put'),
    patch: route('patch'),
    delete: route('delete'),
    handlers,
    requests,
    version: options.version ?? null,
    listen() {
      msw ??= setupServer(...handlers);
      msw.listen({ onUnhandledRequest: 'error' });
    },
    reset() {
      keptErrors = undefined;
      previousUrl = undefined;
      requests.length = 0;
    },
    close() {
      msw?.close();
      msw = undefined;
    },
  };
  return server;
}

interface Route {
  handler: RouteHandler;
  options: RouteOptions;
}
