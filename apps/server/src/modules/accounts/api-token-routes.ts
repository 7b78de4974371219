// This module's page contracts: the PageContracts entries render() checks these pages against.

import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { requestContext } from '../../http/route-helpers';
import { rowId } from '../../lib/row-id';
import { AuthError } from '../auth';
import type {} from './contracts';
import { TOKEN_ABILITIES } from './tables';
import { tokenStoreSchema, tokenUpdateSchema } from './validators';

const RELATIVE = new Intl.RelativeTimeFormat('fa', { numeric: 'auto' });

/** «۵ دقیقه پیش» for API/Index's last-used column; null when never used. */
export function agoInPersian(at: Date | null, now = Date.now()): string | null {
  if (!at) return null;
  const seconds = Math.round((at.getTime() - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return RELATIVE.format(Math.round(seconds / size), unit);
  }
  return RELATIVE.format(0, 'second');
}

/** API/Index and its actions (docs/screens.md §3): named tokens with abilities, shown once. */
export async function apiTokenRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { apiTokens } = app.services;
  const index = () => registry.url('api-tokens.index', {}, false);
  const tokenWhere = { token: '\\d{1,10}' };

  // Another user's token answers «not found» (RF_AUTH_TOKEN_NOT_FOUND), as a missing one does, and
  // so does an id no row can have (past 2³¹).
  const tokenId = (request: FastifyRequest) => {
    const id = rowId((request.params as { token: string }).token);
    if (id === null) throw new AuthError('RF_AUTH_TOKEN_NOT_FOUND', 'توکن پیدا نشد.');
    return id;
  };

  route(
    { name: 'api-tokens.index', method: 'GET', uri: '/user/api-tokens', access: 'customer', kyc: true },
    async (request, reply) => {
      const tokens = await apiTokens.list(request.user!.id);
      return render(reply, 'API/Index', {
        tokens: tokens.map((t) => ({
          id: t.id,
          name: t.name,
          abilities: t.abilities,
          last_used_ago: agoInPersian(t.lastUsedAt),
          last_used_at: t.lastUsedAt?.toISOString() ?? null,
          created_at: t.createdAt.toISOString(),
        })),
        available_permissions: [...TOKEN_ABILITIES],
        default_permissions: ['read'],
      });
    },
  );

  route(
    { name: 'api-tokens.store', method: 'POST', uri: '/user/api-tokens', access: 'customer', kyc: true },
    async (request, reply) => {
      const input = await request.validate(tokenStoreSchema);
      const { plainText } = await apiTokens.create(
        request.user!.id,
        { name: input.name, abilities: input.permissions },
        requestContext(request),
      );
      // Only a hash is kept: this flash is the one time the token can be seen.
      request.session.flash('token', plainText);
      request.session.flash('success', 'توکن ساخته شد؛ آن را همین حالا کپی کنید، دوباره نشان داده نمی‌شود.');
      return reply.back(index());
    },
  );

  route(
    {
      name: 'api-tokens.update',
      method: 'PUT',
      uri: '/user/api-tokens/{token}',
      access: 'customer',
      kyc: true,
      wheres: tokenWhere,
    },
    async (request, reply) => {
      const input = await request.validate(tokenUpdateSchema);
      // Another user's token is not found (404); refused abilities are errors on `permissions`.
      await apiTokens.updateAbilities(
        request.user!.id,
        tokenId(request),
        input.permissions,
        requestContext(request),
      );
      request.session.flash('success', 'دسترسی‌های توکن ذخیره شد.');
      return reply.back(index());
    },
  );

  route(
    {
      name: 'api-tokens.destroy',
      method: 'DELETE',
      uri: '/user/api-tokens/{token}',
      access: 'customer',
      kyc: true,
      wheres: tokenWhere,
    },
    async (request, reply) => {
      await apiTokens.delete(request.user!.id, tokenId(request), requestContext(request));
      request.session.flash('success', 'توکن حذف شد.');
      return reply.back(index());
    },
  );
}
