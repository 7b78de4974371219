import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { namedRoute } from '../../http/named-route';
import { render } from '../../http/render';
import { catalogStats, listActiveImages, listActivePlans } from '../catalog/service';
import { latestPosts } from './service';

export async function contentRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const { db } = app.services;
  namedRoute(
    app,
    registry,
    { name: 'home', method: 'GET', uri: '/', access: 'anyone' },
    async (_request, reply) => {
      const [plans, software, posts, stats] = await Promise.all([
        listActivePlans(db, 4),
        listActiveImages(db),
        latestPosts(db, 3),
        catalogStats(db),
      ]);
      return render(reply, 'Public/Home', { plans, software, posts, stats });
    },
  );
}
