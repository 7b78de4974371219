import { firstMessages } from '@renderfarm/fastify';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { namedRoute } from '../../http/named-route';
import { requestContext } from '../auth/route-helpers';
import { InstanceError } from './errors';
import { createInstanceService } from './service';
import { instanceListQuery, powerRequest } from './validators';
import { toOwnerJson } from './views';

// `{action, force}` is a few bytes; anything near this size is not a power request.
const POWER_BODY_LIMIT = 4 * 1024;

/** Fastify's body-parser refusals, answered in the API's own shape instead of an error page. */
const BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'حجم بدنهٔ درخواست بیش از حد مجاز است.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'بدنهٔ درخواست JSON معتبری نیست.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'بدنهٔ درخواست خالی است؛ یک شیء JSON بفرستید.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'نوع محتوای درخواست پشتیبانی نمی‌شود؛ application/json بفرستید.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'طول بدنهٔ درخواست با سرآیند Content-Length نمی‌خواند.',
};

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

  // This plugin's own scope: bodies that fail to parse answer JSON, not the app's error page.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof InstanceError) return instanceErrorReply(reply, error);
    const body = error.code ? BODY_ERRORS[error.code] : undefined;
    if (body) return reply.code(422).send({ message: body, errors: { body } });
    request.log.error({ err: error }, 'instance API request failed');
    return reply.code(500).send({ message: 'خطایی پیش آمد. لطفاً چند لحظه بعد دوباره تلاش کنید.' });
  });

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
