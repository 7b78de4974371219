import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { routesOn } from '../../http/named-route';
import { requestContext } from '../../http/route-helpers';
import { scheduleRequest } from './schedule';

const FORM_LIMIT = 8 * 1024;

/**
 * `panel.instances.schedule` (docs/screens.md §4): the owner replaces the machine's weekly
 * schedule from its Edit page; the machine tick then starts and stops it (machine-tick-job.ts).
 */
export async function instanceScheduleRoutes(
  app: FastifyInstance,
  { registry }: { registry: RouteRegistry },
) {
  const route = routesOn(app, registry);
  const { instances, instanceSchedules } = app.services;

  route(
    {
      name: 'panel.instances.schedule',
      method: 'PUT',
      uri: '/panel/instances/{instance}/schedule',
      access: 'customer',
    },
    async (request, reply) => {
      const user = request.user!;
      const { instance } = await instances.findOwn(
        user.id,
        (request.params as { instance: string }).instance,
      );
      const input = await request.validate(scheduleRequest, request.body ?? {});
      await instanceSchedules.replace(user, instance.id, input.days, requestContext(request));
      request.session.flash(
        'success',
        input.days.length > 0 ? 'برنامهٔ هفتگی سرور ذخیره شد.' : 'برنامهٔ هفتگی سرور برداشته شد.',
      );
      return reply.back(registry.url('panel.instances.edit', { instance: instance.uuid }, false));
    },
    { bodyLimit: FORM_LIMIT },
  );
}
