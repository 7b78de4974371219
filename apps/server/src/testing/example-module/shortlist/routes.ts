import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { routesOn } from '../../../http/named-route';
import { render } from '../../../http/render';
import type {} from './contracts';

/** One list page: declared once, its access with it; the route list and the guards follow. */
export async function shortlistRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  route(
    { name: 'panel.shortlist', method: 'GET', uri: '/panel/shortlist', access: 'customer' },
    async (_request, reply) =>
      render(reply, 'Panel/Shortlist/List', { plans: await app.services.shortlist.plans() }),
  );
}
