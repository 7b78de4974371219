import { firstMessages } from '@renderfarm/fastify';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { namedRoute } from '../../http/named-route';
import { useJsonApiErrors } from '../api/json-errors';
import { requestContext } from '../auth/route-helpers';
import { SupportError } from './errors';
import { createSupportService } from './service';
import { openTicketSchema, ticketListQuery } from './validators';

/**
 * `api.v1.tickets.index` and `api.v1.tickets.store` (SCREENS.md §8): the token owner's tickets,
 * and opening one with its first message. Refusals are JSON with a Persian `message`, the field
 * errors under `errors`, and the service's stable `code` where it said no.
 */
export async function supportApiRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const support = createSupportService({
    db: app.services.db,
    broadcaster: app.broadcaster,
    mailer: app.services.mailer,
    onDeliveryError: (error, what) => app.log.error({ err: error }, `support: ${what} failed`),
  });
  useJsonApiErrors(app);

  namedRoute(
    app,
    registry,
    {
      name: 'api.v1.tickets.index',
      method: 'GET',
      uri: '/api/v1/tickets',
      access: 'api',
      ability: 'read',
      json: true,
    },
    async (request, reply) => {
      const parsed = ticketListQuery.safeParse(request.query);
      if (!parsed.success) {
        return reply
          .code(422)
          .send({ message: 'پارامترهای درخواست معتبر نیستند.', errors: firstMessages(parsed.error.issues) });
      }
      const q = parsed.data;
      return support.listOwnTickets(request.apiToken!.userId, {
        status: q.status,
        page: q.page,
        perPage: q.per_page,
      });
    },
  );

  namedRoute(
    app,
    registry,
    {
      name: 'api.v1.tickets.store',
      method: 'POST',
      uri: '/api/v1/tickets',
      access: 'api',
      ability: 'create',
      json: true,
    },
    async (request, reply) => {
      const parsed = openTicketSchema(await support.departments()).safeParse(request.body);
      if (!parsed.success) {
        return reply
          .code(422)
          .send({ message: 'داده‌های تیکت معتبر نیستند.', errors: firstMessages(parsed.error.issues) });
      }
      try {
        const ticket = await support.openTicket(request.apiToken!.user, parsed.data, {
          ...requestContext(request),
          via: 'api',
        });
        return reply.code(201).send({ data: ticket });
      } catch (error) {
        if (!(error instanceof SupportError)) throw error;
        return reply.code(error.status).send({
          message: error.message,
          code: error.code,
          ...(error.field ? { errors: { [error.field]: error.message } } : {}),
        });
      }
    },
  );
}
