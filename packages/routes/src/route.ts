import { createRouter, type Router } from './router';
import type { RouteParams, RoutesConfig } from './types';

/**
 * Ziggy-compatible resolver. With a name it returns the URL string; without one it returns a
 * `Router` for `current()`, `has()` and `params`. The route list comes from `config`, else from a
 * global `Ziggy` (as Ziggy does), so it works in the browser and in Node.
 */
export function route(): Router;
export function route(
  name: undefined,
  params?: RouteParams,
  absolute?: boolean,
  config?: RoutesConfig,
): Router;
export function route(name: string, params?: RouteParams, absolute?: boolean, config?: RoutesConfig): string;
export function route(
  name?: string,
  params?: RouteParams,
  absolute = true,
  config?: RoutesConfig,
): string | Router {
  // As in Ziggy, a missing route list surfaces as a TypeError on first use.
  const router = createRouter(
    name,
    params,
    absolute,
    (config ?? (globalThis as { Ziggy?: RoutesConfig }).Ziggy)!,
  );
  return name ? router.toString() : router;
}
