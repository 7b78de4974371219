import { ValidationError } from '@renderfarm/fastify';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { namedRoute } from '../../http/named-route';
import { requestContext } from '../auth/route-helpers';
import { InstanceError, InstanceNotFoundError } from './errors';
import { createInstanceService } from './service';
import type { PowerAction } from './state-machine';
import { instanceListQuery, POWER_BODY_LIMIT, powerRequest } from './validators';
import { toOwnerJson } from './views';

/** What the customer reads once the request is queued: the machine changes state on its own. */
const ACCEPTED: Record<PowerAction, (name: string) => string> = {
  start: (name) => `درخواست روشن کردن «${name}» ثبت شد؛ چند لحظه دیگر روشن می‌شود.`,
  stop: (name) => `درخواست خاموش کردن «${name}» ثبت شد؛ چند لحظه دیگر خاموش می‌شود.`,
  restart: (name) => `درخواست راه‌اندازی دوبارهٔ «${name}» ثبت شد؛ چند لحظه دیگر دوباره روشن می‌شود.`,
};

const notFound = (reply: FastifyReply, error: InstanceNotFoundError) =>
  reply.page('Public/Blank', { status: 404, message: error.message }, { status: 404 });

/**
 * `panel.instances.list` «سرورهای من» and `panel.instances.power` (SCREENS.md §4): the customer's
 * own machines, and the start/stop/restart form under the same rules as the API
 * (api-routes.ts). The form answers as every panel form does: 303 back, with a flash on
 * acceptance or the refusal as `errors.action`.
 */
export async function instancePanelRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const instances = createInstanceService({
    db: app.services.db,
    broadcaster: app.broadcaster,
    onPublishError: (error) => app.log.warn({ err: error }, 'instance event not published'),
  });

  namedRoute(
    app,
    registry,
    { name: 'panel.instances.list', method: 'GET', uri: '/panel/instances', access: 'customer' },
    async (request, reply) => {
      // A hand-edited `?page=abc` is not worth an error page: the first page is what was meant.
      const parsed = instanceListQuery.safeParse(request.query);
      const { page, per_page: perPage } = parsed.success ? parsed.data : { page: 1, per_page: 25 };
      const { rows, hasMore } = await instances.listOwn(request.user!.id, { page, perPage });
      return reply.page('Panel/Instances/List', {
        items: {
          data: rows.map(toOwnerJson),
          // The list reads one row past the page instead of counting: `has_more`, no `last_page`.
          meta: { current_page: page, per_page: perPage, has_more: hasMore },
        },
      });
    },
  );

  namedRoute(
    app,
    registry,
    {
      name: 'panel.instances.power',
      method: 'POST',
      uri: '/panel/instances/{instance}/power',
      access: 'customer',
    },
    async (request, reply) => {
      const { instance } = request.params as { instance: string };
      const user = request.user!;
      let view: Awaited<ReturnType<typeof instances.findOwn>>;
      try {
        // Not found before validation: a stranger's uuid answers the same whatever the body says.
        view = await instances.findOwn(user.id, instance);
      } catch (error) {
        if (error instanceof InstanceNotFoundError) return notFound(reply, error);
        throw error;
      }
      const body = request.body;
      const input = await request.validate(
        powerRequest,
        body && typeof body === 'object' && !Array.isArray(body) ? body : {},
      );
      try {
        await instances.requestPower(user, view.instance, input.action, {
          force: input.force,
          ...requestContext(request),
          via: 'panel',
        });
      } catch (error) {
        if (error instanceof InstanceNotFoundError) return notFound(reply, error);
        // The state machine, KYC, balance and max_running refusals name the action field.
        if (error instanceof InstanceError && error.status === 422) {
          throw new ValidationError({ action: error.message });
        }
        throw error;
      }
      request.session.flash('success', ACCEPTED[input.action](view.instance.name));
      return reply.back(registry.url('panel.instances.list', {}, false));
    },
    { bodyLimit: POWER_BODY_LIMIT },
  );
}
