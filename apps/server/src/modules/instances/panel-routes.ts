// This module's page contracts: the PageContracts entries render() checks these pages against.

import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { requestContext } from '../../http/route-helpers';
import type {} from './contracts';
import type { PowerAction } from './state-machine';
import { instanceListQuery, POWER_BODY_LIMIT, powerRequest } from './validators';
import { toOwnerJson } from './views';

/** What the customer reads once the request is queued: the machine changes state on its own. */
const ACCEPTED: Record<PowerAction, (name: string) => string> = {
  start: (name) => `درخواست روشن کردن «${name}» ثبت شد؛ چند لحظه دیگر روشن می‌شود.`,
  stop: (name) => `درخواست خاموش کردن «${name}» ثبت شد؛ چند لحظه دیگر خاموش می‌شود.`,
  restart: (name) => `درخواست راه‌اندازی دوبارهٔ «${name}» ثبت شد؛ چند لحظه دیگر دوباره روشن می‌شود.`,
};

/**
 * `panel.instances.list` «سرورهای من» and `panel.instances.power` (docs/screens.md §4): the customer's
 * own machines, and the start/stop/restart form under the same rules as the API
 * (api-routes.ts). The form answers as every panel form does: 303 back, with a flash on
 * acceptance or the refusal as `errors.action`.
 */
export async function instancePanelRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { instances } = app.services;

  route(
    { name: 'panel.instances.list', method: 'GET', uri: '/panel/instances', access: 'customer' },
    async (request, reply) => {
      // A hand-edited `?page=abc` is not worth an error page: the first page is what was meant.
      const parsed = instanceListQuery.safeParse(request.query);
      const { page, per_page: perPage } = parsed.success ? parsed.data : { page: 1, per_page: 25 };
      return render(reply, 'Panel/Instances/List', {
        // Lazy: read only when the response sends `items`.
        items: async () => {
          const { rows, hasMore } = await instances.listOwn(request.user!.id, { page, perPage });
          return {
            data: rows.map(toOwnerJson),
            // The list reads one row past the page instead of counting: `has_more`, no `last_page`.
            meta: { current_page: page, per_page: perPage, has_more: hasMore },
          };
        },
      });
    },
  );

  route(
    {
      name: 'panel.instances.power',
      method: 'POST',
      uri: '/panel/instances/{instance}/power',
      access: 'customer',
    },
    async (request, reply) => {
      const { instance } = request.params as { instance: string };
      const user = request.user!;
      // Not found before validation: a stranger's uuid answers the same whatever the body says.
      const view = await instances.findOwn(user.id, instance);
      const body = request.body;
      const input = await request.validate(
        powerRequest,
        body && typeof body === 'object' && !Array.isArray(body) ? body : {},
      );
      // The state machine, KYC, balance and max_running refusals are errors on `action`.
      await instances.requestPower(user, view.instance, input.action, {
        force: input.force,
        ...requestContext(request),
        via: 'panel',
      });
      request.session.flash('success', ACCEPTED[input.action](view.instance.name));
      return reply.back(registry.url('panel.instances.list', {}, false));
    },
    { bodyLimit: POWER_BODY_LIMIT },
  );
}
