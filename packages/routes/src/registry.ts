import { RoutesError } from './errors';
import { route } from './route';
import type { HttpMethod, RouteDefinitionJson, RouteParams, RoutesConfig } from './types';

/** What an app declares for one named route (docs/screens.md names, Laravel-style URIs). */
export interface RouteSpec {
  name: string;
  method: HttpMethod | HttpMethod[];
  /** `panel/instances/{instance}`, `plans/{hardware?}`; a leading `/` is optional. */
  uri: string;
  /** Regex (without anchors) each parameter must match, as Laravel's `where()`. */
  wheres?: Record<string, string>;
  /** Model key per parameter (`{post: 'slug'}`), used when an object is passed to route(). */
  bindings?: Record<string, string>;
  domain?: string;
  /** Anything the app filters on when emitting the list (area, roles, abilities). */
  meta?: Record<string, unknown>;
}

export interface RegisteredRoute {
  readonly name: string;
  /** As Laravel lists them: GET routes also answer HEAD. */
  readonly methods: HttpMethod[];
  readonly uri: string;
  readonly parameters: string[];
  readonly wheres: Record<string, string>;
  readonly bindings: Record<string, string>;
  readonly domain: string | undefined;
  readonly meta: Record<string, unknown>;
}

/** The slice of a Fastify instance the registry needs (kept structural: no fastify dependency here). */
export interface RouteRegistrar {
  // biome-ignore lint/suspicious/noExplicitAny: accepts Fastify's generic route() as it is
  route(options: any): unknown;
}

/** The handler type of the registrar's `route()` (Fastify's RouteHandlerMethod for a Fastify app). */
export type RegistrarHandler<A extends RouteRegistrar> = Parameters<A['route']>[0] extends {
  handler: infer H;
}
  ? H
  : never;

export interface RegistryOptions {
  /** The app's base URL (APP_URL), e.g. `http://localhost:8000`. */
  url: string;
  port?: number | null;
  /** URL defaults (Laravel's `URL::defaults`), filled into matching segments. */
  defaults?: Record<string, string | number>;
}

const PARAMETER = /\{([^}?]+)(\??)\}/g;
const NAME = /^[A-Za-z0-9_.-]+$/;

/**
 * The server's list of named routes: registers them on Fastify and emits the Ziggy JSON the
 * client's route() reads, filtered per request so a role only sees the routes it may use.
 */
export class RouteRegistry {
  readonly #routes = new Map<string, RegisteredRoute>();
  readonly #options: Required<RegistryOptions>;
  #version = 0;

  constructor(options: RegistryOptions) {
    this.#options = { port: null, defaults: {}, ...options, url: options.url.replace(/\/+$/, '') };
  }

  add(spec: RouteSpec): RegisteredRoute {
    if (!NAME.test(spec.name))
      throw new RoutesError('ROUTE_INVALID', `Route name '${spec.name}' is not valid.`);
    if (this.#routes.has(spec.name)) {
      throw new RoutesError('ROUTE_DUPLICATE', `Route '${spec.name}' is already registered.`);
    }
    const uri = spec.uri.replace(/^\/+/, '') || '/';
    if ((uri.match(/\{/g) ?? []).length !== (uri.match(/\}/g) ?? []).length) {
      throw new RoutesError('ROUTE_INVALID', `Route '${spec.name}' has unbalanced braces in '${spec.uri}'.`);
    }
    const requested = Array.isArray(spec.method) ? spec.method : [spec.method];
    const methods = [
      ...new Set(requested.flatMap((m): HttpMethod[] => (m === 'GET' ? ['GET', 'HEAD'] : [m]))),
    ];
    const registered: RegisteredRoute = {
      name: spec.name,
      methods,
      uri,
      parameters: [...`${spec.domain ?? ''}/${uri}`.matchAll(PARAMETER)].map((m) => m[1] as string),
      wheres: { ...spec.wheres },
      bindings: { ...spec.bindings },
      domain: spec.domain,
      meta: { ...spec.meta },
    };
    this.#routes.set(spec.name, registered);
    this.#version++;
    return registered;
  }

  /** Changes whenever a route is added: a route list built for an older version is out of date. */
  get version(): number {
    return this.#version;
  }

  get(name: string): RegisteredRoute | undefined {
    return this.#routes.get(name);
  }

  has(name: string): boolean {
    return this.#routes.has(name);
  }

  all(): RegisteredRoute[] {
    return [...this.#routes.values()];
  }

  /** Ziggy's `{url, port, defaults, routes}`; empty fields are left out, as Ziggy does. */
  toZiggy(filter: (route: RegisteredRoute) => boolean = () => true): RoutesConfig {
    const routes: Record<string, RouteDefinitionJson> = {};
    for (const r of this.#routes.values()) {
      if (!filter(r)) continue;
      const json: RouteDefinitionJson = { uri: r.uri, methods: r.methods };
      if (r.domain) json.domain = r.domain;
      if (r.parameters.length) json.parameters = r.parameters;
      if (Object.keys(r.bindings).length) json.bindings = r.bindings;
      if (Object.keys(r.wheres).length) json.wheres = r.wheres;
      routes[r.name] = json;
    }
    const { url, port, defaults } = this.#options;
    return { url, port, defaults, routes };
  }

  /** Server-side URL building with the same rules as the client. */
  url(name: string, params?: RouteParams, absolute = true): string {
    if (!this.#routes.has(name)) {
      throw new RoutesError('ROUTE_NOT_FOUND', `Ziggy error: route '${name}' is not in the route list.`);
    }
    return route(
      name,
      params,
      absolute,
      this.toZiggy((r) => r.name === name),
    );
  }

  /**
   * Fastify's path for a route: `{p}` → `:p`, a final `{p?}` → `:p?`. Fastify cannot express an
   * optional parameter before the end, so such routes are refused here.
   */
  fastifyPath(name: string): string {
    const r = this.#require(name);
    const path = `/${r.uri === '/' ? '' : r.uri}`;
    const optionalAt = path.search(/\{[^}]+\?\}/);
    if (optionalAt >= 0 && !/\{[^}]+\?\}$/.test(path)) {
      throw new RoutesError(
        'ROUTE_INVALID',
        `Route '${name}': Fastify supports an optional parameter only at the end.`,
      );
    }
    return path.replace(PARAMETER, (_, p: string, optional: string) => `:${p}${optional}`);
  }

  /**
   * Register a named route's handler on Fastify. Parameters that fail their `wheres` answer 404
   * (as Laravel does), before the handler runs.
   */
  register<A extends RouteRegistrar>(
    app: A,
    name: string,
    handler: RegistrarHandler<A>,
    options: Record<string, unknown> = {},
  ): void {
    const r = this.#require(name);
    const checks = Object.entries(r.wheres).map(([p, w]) => [p, new RegExp(`^(?:${w})$`)] as const);
    const methods = r.methods.filter((m) => m !== 'HEAD');
    const own = options.preValidation as unknown;
    const whereCheck = async (
      request: { params?: Record<string, string | undefined> },
      reply: { callNotFound(): void; sent: boolean },
    ) => {
      for (const [p, regex] of checks) {
        const value = request.params?.[p];
        if (value !== undefined && value !== '' && !regex.test(value)) {
          reply.callNotFound();
          return reply;
        }
      }
    };
    app.route({
      ...options,
      method: methods,
      url: this.fastifyPath(name),
      handler,
      config: { ...(options.config as Record<string, unknown> | undefined), routeName: name },
      ...(checks.length
        ? { preValidation: own ? [whereCheck, ...(Array.isArray(own) ? own : [own])] : whereCheck }
        : {}),
    });
  }

  #require(name: string): RegisteredRoute {
    const r = this.#routes.get(name);
    if (!r)
      throw new RoutesError('ROUTE_NOT_FOUND', `Ziggy error: route '${name}' is not in the route list.`);
    return r;
  }
}
