import type { RouteRegistry, RouteSpec } from '@renderfarm/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { mayUse, type RouteAccess } from './route-access';

export type NamedRouteSpec = RouteSpec & { access: RouteAccess };

/**
 * Declares a named route (SCREENS.md) and registers its handler behind the access guard, so no
 * route can exist without saying who may use it, and the route list each role receives is the
 * same list the guard enforces.
 */
export function namedRoute(
  app: FastifyInstance,
  registry: RouteRegistry,
  spec: NamedRouteSpec,
  handler: (request: FastifyRequest, reply: FastifyReply) => unknown,
  options: RouteShorthandOptions = {},
): void {
  const { access, ...routeSpec } = spec;
  registry.add({ ...routeSpec, meta: { ...routeSpec.meta, access } });
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const role = request.user?.role ?? null;
    if (mayUse(access, role)) return;
    if (access === 'guest')
      return reply.redirect(registry.has('users.home') ? registry.url('users.home', {}, false) : '/', 303);
    if (role === null && registry.has('login')) return reply.redirect(registry.url('login', {}, false), 303);
    // Staff areas are not advertised: a customer sees «not found», not «forbidden».
    return reply.page(
      'Public/Blank',
      { status: 404, message: 'صفحه‌ای که دنبالش بودید پیدا نشد.' },
      { status: 404 },
    );
  };
  const own = options.preHandler;
  registry.register(app, spec.name, handler as never, {
    ...options,
    preHandler: own ? [guard, ...(Array.isArray(own) ? own : [own])] : guard,
  });
}
