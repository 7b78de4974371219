import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiPaging } from '../../http/api-paging';
import { useJsonApiErrors } from '../../http/json-errors';
import { routesOn } from '../../http/named-route';
import { listLedger, WALLET_TRANSACTION_TYPES } from '../billing';
import { openApiDocument } from './openapi';

const isoDate = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} باید زمانی به قالب ISO-8601 باشد.` })
    .transform((v) => new Date(v));

const itemsQuery = z.object({
  type: z.enum(WALLET_TRANSACTION_TYPES, { error: 'نوع تراکنش معتبر نیست.' }).optional(),
  from: isoDate('آغاز بازه').optional(),
  to: isoDate('پایان بازه').optional(),
  ...apiPaging,
});

/**
 * The customer JSON API (docs/screens.md §8), `Authorization: Bearer <id>|<secret>`: the profile with
 * balance and KYC state, the wallet ledger, and the OpenAPI description of the whole API
 * (openapi.ts). The machines' endpoints live with their module
 * (modules/instances/api-routes.ts), as do the tickets' (modules/support/api-routes.ts).
 */
export async function apiRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  useJsonApiErrors(app);
  let document: ReturnType<typeof openApiDocument> | undefined;
  route(
    // Open to anyone (docs/screens.md §8): a description tells nothing a token would guard, and
    // client generators and API tools fetch it before anyone has a token.
    {
      name: 'api.v1.openapi',
      method: 'GET',
      uri: '/api/v1/openapi.json',
      access: 'anyone',
      json: true,
      meta: { unlisted: true },
    },
    (_request, reply) => {
      document ??= openApiDocument(
        registry.url('api.v1.openapi').replace(/\/api\/v1\/openapi\.json$/, ''),
        app.services.apiDescriptions,
      );
      return reply.header('cache-control', 'public, max-age=300').send(document);
    },
  );

  route(
    { name: 'api.v1.me', method: 'GET', uri: '/api/v1/me', access: 'api', ability: 'read', json: true },
    (request) => {
      const user = request.apiToken!.user;
      return {
        data: {
          id: user.id,
          uuid: user.uuid,
          name: user.name,
          email: user.email,
          mobile: user.mobile,
          email_verified: user.emailVerifiedAt !== null,
          mobile_verified: user.mobileVerifiedAt !== null,
          balance: user.balance,
          kyc_status: user.kycStatus,
          two_factor: user.twoFactorConfirmedAt !== null,
          created_at: user.createdAt.toISOString(),
        },
      };
    },
  );

  route(
    {
      name: 'api.v1.items.index',
      method: 'GET',
      uri: '/api/v1/items',
      access: 'api',
      ability: 'read',
      json: true,
    },
    async (request) => {
      const q = await request.validate(itemsQuery, request.query);
      return listLedger(app.services.db, request.apiToken!.userId, {
        type: q.type,
        from: q.from,
        to: q.to,
        page: q.page,
        perPage: q.per_page,
      });
    },
  );
}
