import { firstMessages } from '@renderfarm/fastify';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { namedRoute } from '../../http/named-route';
import { useJsonApiErrors } from '../api/json-errors';
import { requestContext } from '../auth/route-helpers';
import { InstanceError } from './errors';
import { createInstanceService } from './service';
import { instanceListQuery, POWER_BODY_LIMIT, powerRequest } from './validators';
import { toOwnerJson } from './views';

function instanceErrorReply(reply: FastifyReply, error: InstanceError) {
  // Not found says nothing about a field; refusals of the action name it, as the panel form does.
  return reply.code(error.status).send({
    message: error.message,
    code: error.code,
    ...(error.status === 422 ? { errors: { action: error.message } } : {}),
  });
}

/**
 * `api.v1.instances.index`, `.show` and `.power` (SCREENS.md §8): the token owner's machines
 * with the panel's fields (no secrets), and power actions under the same rules as the panel.
 * Every answer is JSON, refusals included: `{message, errors?, code?}` with Persian messages.
 */
export async function instanceApiRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const instances = createInstanceService({
    db: app.services.db,
    broadcaster: app.broadcaster,
    onPublishError: (error) => app.log.warn({ err: error }, 'instance event not published'),
  });

  useJsonApiErrors(app, (error, reply) =>
    error instanceof InstanceError ? instanceErrorReply(reply, error) : undefined,
  );

  namedRoute(
    app,
    registry,
    {
      name: 'api.v1.instances.index',
      method: 'GET',
      uri: '/api/v1/instances',
      access: 'api',
      ability: 'read',
      json: true,
    },
    async (request, reply) => {
      const parsed = instanceListQuery.safeParse(request.query);
      if (!parsed.success) {
        return reply
          .code(422)
          .send({ message: 'پارامترهای درخواست معتبر نیستند.', errors: firstMessages(parsed.error.issues) });
      }
      const { page, per_page: perPage } = parsed.data;
      const { rows, hasMore } = await instances.listOwn(request.apiToken!.userId, { page, perPage });
      return { data: rows.map(toOwnerJson), meta: { page, per_page: perPage, has_more: hasMore } };
    },
  );

  namedRoute(
    app,
    registry,
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

  namedRoute(
    app,
    registry,
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
      const parsed = powerRequest.safeParse(body);
      if (!parsed.success) {
        return reply
          .code(422)
          .send({ message: 'درخواست معتبر نیست.', errors: firstMessages(parsed.error.issues) });
      }
      await instances.requestPower(user, view.instance, parsed.data.action, {
        force: parsed.data.force,
        ...requestContext(request),
        via: 'api',
      });
      const updated = await instances.findOwn(user.id, instance);
      return reply.code(202).send({ data: toOwnerJson(updated) });
    },
    { bodyLimit: POWER_BODY_LIMIT },
  );
}
