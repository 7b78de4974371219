import { fail } from './errors';
import { stringifyQuery } from './query-string';
import { bindRoute, type RouteTemplate, type UrlMatch } from './route-template';
import type { RouteParams, RoutesConfig } from './types';
import { isArray, isObject, own } from './util';

type Params = Record<string, unknown>;

/** What `route()` returns without a name: questions about the current location. */
export interface Router {
  /** The current route's name, or undefined when no GET route matches the location. */
  current(): string | undefined;
  /**
   * Whether the current route's name matches (`*` wildcards allowed) and, with parameters, whether
   * they are a subset of the current route and query parameters.
   */
  current(name: string, params?: RouteParams): boolean;
  /** Whether a route with this name is in the list. */
  has(name: string): boolean;
  /** Route and query parameters of the current URL (query wins on a clash). */
  readonly params: Params;
  readonly routeParams: Record<string, string | undefined> | undefined;
  readonly queryParams: Params | undefined;
  /** The resolved URL when `route()` was given a name. */
  toString(): string;
}

/** `a == b` as Ziggy compares current parameters (URL values are strings, given ones may be numbers). */
// biome-ignore lint/suspicious/noDoubleEquals: loose equality is the documented matching rule
const looseEquals = (a: unknown, b: unknown) => a == b;

/** Given parameters match when each is in the current ones: arrays by inclusion, objects recursively. */
const isSubset = (subset: Params, full: Params): boolean =>
  Object.entries(subset).every(([key, value]) => {
    const actual = full[key];
    if (isArray(value) && isArray(actual)) return value.every((v) => actual.includes(v));
    if (isObject(value) && isObject(actual)) return isSubset(value, actual);
    return looseEquals(actual, value);
  });

export function createRouter(
  name: string | undefined,
  input: RouteParams,
  absolute: boolean,
  config: RoutesConfig,
): Router {
  const { defaults, routes } = config;
  const has = (key: string) => own(routes, key);

  /**
   * Turn the accepted parameter shapes into named values: a scalar or a list fills the segments
   * that have no default, in order (extra list items go to the query string); a lone object for a
   * one-segment route is that segment's model when it carries the binding key or `id`; defaults
   * fill their segments; model objects are replaced by their binding key's value.
   */
  const normalise = (given: RouteParams, { names, bindings }: RouteTemplate): Params => {
    const open = names.filter((n) => !defaults[n]);
    const raw = typeof given === 'string' || typeof given === 'number' ? [given] : (given ?? {});
    let params: Params = {};
    if (isArray(raw)) {
      raw.forEach((value, i) => {
        const segment = open[i];
        if (segment) params[segment] = value;
        else if (isObject(value)) Object.assign(params, value);
        else params[String(value)] = '';
      });
    } else {
      params = raw;
      const only = open[0] as string;
      // Ziggy asks hasOwnProperty(first binding), which is the key 'undefined' when there is none.
      const first = String(Object.values(bindings)[0]);
      if (open.length === 1 && !params[only] && (own(params, first) || own(params, 'id')))
        params = { [only]: params };
    }
    const result: Params = {};
    for (const segment of names) if (defaults[segment]) result[segment] = defaults[segment];
    for (const [key, value] of Object.entries(params)) {
      const binding = bindings[key] as string;
      result[key] =
        !isObject(value) || isArray(value) || !names.includes(key)
          ? value
          : own(value, binding)
            ? value[binding]
            : own(value, 'id')
              ? value.id
              : fail(
                  'BINDING_KEY_MISSING',
                  `object passed as '${key}' parameter is missing route model binding key '${binding}'`,
                );
    }
    return result;
  };

  const unresolve = (): Partial<UrlMatch> & { name?: string } => {
    // `config.location` (SSR, Node) over `window.location`.
    const {
      host = '',
      pathname = '',
      search = '',
    } = {
      ...(globalThis as { window?: { location?: object } }).window?.location,
      ...config.location,
    };
    // Relative mode compares paths only, without the app's own sub-folder (from `url`).
    const url =
      (absolute
        ? host + pathname
        : pathname.replace(config.url.replace(/^\w*:\/\/[^/]+/, ''), '').replace(/^\/+/, '/')) + search;
    for (const key of Object.keys(routes)) {
      const found = bindRoute(key, config, absolute).match(url);
      if (found) return { name: key, ...found };
    }
    return {};
  };

  if (name && !has(name)) fail('ROUTE_NOT_FOUND', `route '${name}' is not in the route list`);

  return {
    toString() {
      const route = bindRoute(name as string, config, absolute);
      const params = normalise(input, route);
      const { _query, ...extra } = params;
      for (const segment of route.names) delete extra[segment];
      return (
        route.compile(params) +
        // Ziggy's query format: `_query` wins; indices, raw keys, no nulls, booleans as 1/0.
        stringifyQuery(
          { ...extra, ...(_query as Params) },
          {
            booleansAsNumbers: true,
            arrayFormat: 'indices',
            encodeValuesOnly: true,
            skipNulls: true,
            addQueryPrefix: true,
          },
        )
      );
    },
    current(pattern?: string, params?: RouteParams) {
      const { name: current, params: routeParams, query } = unresolve();
      if (!pattern) return current;
      const matches = new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/\*/g, '.*')}$`).test(
        String(current),
      );
      if (params == null || !matches || !current) return matches;
      const given = normalise(params, bindRoute(current, config, absolute));
      const actual: Params = { ...routeParams, ...query };
      // Nothing given and nothing in the URL counts as a match.
      return (
        (Object.values(given).every((v) => !v) && Object.values(actual).every((v) => v === undefined)) ||
        isSubset(given, actual)
      );
    },
    has,
    get params() {
      const { params, query } = unresolve();
      return { ...params, ...query };
    },
    get routeParams() {
      return unresolve().params;
    },
    get queryParams() {
      return unresolve().query;
    },
  } as Router;
}
