/** The route list as Ziggy emits it and as the client reads it (docs/protocol.md, "Named routes"). */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface RouteDefinitionJson {
  uri: string;
  methods: HttpMethod[];
  domain?: string;
  parameters?: string[];
  bindings?: Record<string, string>;
  wheres?: Record<string, string>;
}

export interface RoutesConfig {
  url: string;
  port: number | null;
  defaults: Record<string, string | number>;
  routes: Record<string, RouteDefinitionJson>;
  /** Overrides `window.location` (server-side rendering, Node). */
  location?: { host?: string; pathname?: string; search?: string };
}

/** Parameters for `route()`: one value, a positional list, or named values (plus `_query`). */
export type RouteParams = Record<string, unknown> | unknown[] | string | number | null | undefined;
