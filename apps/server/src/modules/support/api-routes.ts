import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { useJsonApiErrors } from '../../http/json-errors';
import { routesOn } from '../../http/named-route';
import { requestContext } from '../../http/route-helpers';
import { acceptAttachments, validateWithAttachments } from './attachment-uploads';
import { openTicketSchema, ticketListQuery } from './validators';

/**
 * `api.v1.tickets.index` and `api.v1.tickets.store` (docs/screens.md §8): the token owner's tickets,
 * and opening one with its first message. Refusals are JSON with a Persian `message`, the field
 * errors under `errors`, and the service's stable `code` where it said no.
 */
export async function supportApiRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { support } = app.services;
  useJsonApiErrors(app);

  route(
    {
      name: 'api.v1.tickets.index',
      method: 'GET',
      uri: '/api/v1/tickets',
      access: 'api',
      ability: 'read',
      json: true,
    },
    async (request) => {
      const q = await request.validate(ticketListQuery, request.query);
      return support.listOwnTickets(request.apiToken!.userId, {
        status: q.status,
        page: q.page,
        perPage: q.per_page,
      });
    },
  );

  // JSON, or multipart/form-data when the ticket carries attachments (≤ 10 MB each, as on the panel).
  await app.register(async (scope) => {
    const { preValidation } = await acceptAttachments(scope);
    routesOn(scope, registry)(
      {
        name: 'api.v1.tickets.store',
        method: 'POST',
        uri: '/api/v1/tickets',
        access: 'api',
        ability: 'create',
        json: true,
      },
      async (request, reply) => {
        const input = await validateWithAttachments(request, openTicketSchema(await support.departments()));
        const ticket = await support.openTicket(request.apiToken!.user, input, {
          ...requestContext(request),
          via: 'api',
        });
        return reply.code(201).send({ data: ticket });
      },
      { preValidation },
    );
  });
}
