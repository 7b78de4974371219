import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { routesOn } from '../../http/named-route';
import { blenderAddonFileName, cachedBlenderAddonZip } from './blender-addon';

/**
 * `software.blender-addon` (GET /software/blender-addon.zip): the Blender add-on for anyone to
 * download, offered on the public Software page and on the panel's render pages. No session: a
 * file, the same for everyone.
 */
export async function blenderAddonRoute(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  route(
    { name: 'software.blender-addon', method: 'GET', uri: '/software/blender-addon.zip', access: 'anyone' },
    async (_request, reply) => {
      const zip = await cachedBlenderAddonZip();
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${blenderAddonFileName()}"`)
        .header('cache-control', 'public, max-age=3600')
        .send(zip);
    },
    { config: { session: false } },
  );
}
