import { router } from './instance';
import { type RouteParams, route } from './routes';
import type { VisitOptions } from './types';

/**
 * Visits a named route: `navigate('panel.instances.show', { instance: 7 })`. The URL comes from
 * `route()` of @renderfarm/routes (Ziggy's route list, its errors for unknown names or missing
 * parameters) and is made relative, so the visit stays on the page's own origin.
 */
export function navigate(name: string, params?: RouteParams, options?: VisitOptions): Promise<void> {
  return router.visit(route(name, params, false), options);
}
