import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { useJsonApiErrors } from '../../http/json-errors';
import { routesOn } from '../../http/named-route';
import { requestContext } from '../../http/route-helpers';
import { instanceListQuery, POWER_BODY_LIMIT, powerRequest } from './validators';
import { toOwnerJson } from './views';

/**
 * `api.v1.instances.index`, `.show` and `.power` (docs/screens.md §8): the token owner's machines
 * with the panel's fields (no secrets), and power actions under the same rules as the panel.
 * Every answer is JSON, refusals included: `{message, errors?, code?}` with Persian messages.
 */
export async function instanceApiRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { instances } = app.services;

  useJsonApiErrors(app);

  route(
    {
      name: 'api.v1.instances.index',
      method: 'GET',
      uri: '/api/v1/instances',
      access: 'api',
      ability: 'read',
      json: true,
    },
    async (request) => {
      const { page, per_page: perPage } = await request.validate(instanceListQuery, request.query);
      const { rows, hasMore } = await instances.listOwn(request.apiToken!.userId, { page, perPage });
      return { data: rows.map(toOwnerJson), meta: { page, per_page: perPage, has_more: hasMore } };
    },
  );

  route(
    {
      name: 'api.v1.instances.show',
      method: 'GET',
      uri: '/api/v1/instances/{instance}',
      access: 'api',
      ability: 'read',
      json: true,
    },
    async (request) => {
      const { instance } = request.params as { instance: string };
      return { data: toOwnerJson(await instances.findOwn(request.apiToken!.userId, instance)) };
    },
  );

  route(
    {
      name: 'api.v1.instances.power',
      method: 'POST',
      uri: '/api/v1/instances/{instance}/power',
      access: 'api',
      ability: 'update',
      json: true,
    },
    async (request, reply) => {
      const { instance } = request.params as { instance: string };
      const user = request.apiToken!.user;
      // Not found before validation: a stranger's uuid answers the same whatever the body says.
      const view = await instances.findOwn(user.id, instance);
      const body = request.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) {
        const message = 'بدنهٔ درخواست باید یک شیء JSON مانند {"action": "start"} باشد.';
        return reply.code(422).send({ message, errors: { body: message } });
      }
      const input = await request.validate(powerRequest, body);
      await instances.requestPower(user, view.instance, input.action, {
        force: input.force,
        ...requestContext(request),
        via: 'api',
      });
      const updated = await instances.findOwn(user.id, instance);
      return reply.code(202).send({ data: toOwnerJson(updated) });
    },
    { bodyLimit: POWER_BODY_LIMIT },
  );
}
