import { type RouteParams, type RoutesConfig, route as resolveRoute } from '@renderfarm/routes';
import { useMemo } from 'react';
import { usePage } from '../app/protocol';

/** A URL builder bound to the route list of the current page. */
export type RouteFn = ((name: string, params?: RouteParams) => string) & { has: (name: string) => boolean };

/**
 * Builds a relative URL from a route name and the route list the server sent with this page
 * (docs/protocol.md, "Named routes"). The list holds only the routes the user's role may use, so
 * `has(name)` also says whether to show a link at all.
 */
export function routeFrom(config: unknown): RouteFn {
  const routes = config as RoutesConfig | undefined;
  // Relative URLs: the page client stays on its own origin, whatever APP_URL the server has.
  const fn = ((name: string, params?: RouteParams) => resolveRoute(name, params, false, routes)) as RouteFn;
  fn.has = (name: string) => !!routes?.routes && Object.hasOwn(routes.routes, name);
  return fn;
}

/** `route(name, params)` for components, reading the list from the current page's shared props. */
export function useRoute(): RouteFn {
  const routes = usePage().props.routes;
  return useMemo(() => routeFrom(routes), [routes]);
}
