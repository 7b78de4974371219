import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { catalogStats, listActiveImages, listActivePlans } from '../catalog/service';
import { latestPosts } from './service';

export async function contentRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db } = app.services;
  route({ name: 'home', method: 'GET', uri: '/', access: 'anyone' }, async (_request, reply) => {
    const [plans, software, posts, stats] = await Promise.all([
      listActivePlans(db, 4),
      listActiveImages(db),
      latestPosts(db, 3),
      catalogStats(db),
    ]);
    return render(reply, 'Public/Home', { plans, software, posts, stats });
  });
}
