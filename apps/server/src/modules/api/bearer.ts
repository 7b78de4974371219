import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { Services } from '../../service-types';
import type { TokenAbility } from '../accounts';
import type { User } from '../users';
import { findActiveUserById } from '../users';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Bearer token of an API request (docs/screens.md §8), set by the `api` guard. */
    apiToken: { tokenId: number; userId: number; abilities: TokenAbility[]; user: User } | null;
  }
}

/** docs/screens.md §8: 60 requests a minute per token. */
export const API_RATE_LIMIT = { perMinute: 60 } as const;

export type BearerOutcome =
  | { ok: true; token: NonNullable<FastifyRequest['apiToken']> }
  | { ok: false; status: 401 | 403 | 429; message: string; retryAfter?: number };

/**
 * Authenticates an API request: a valid token of an active account, the ability the route needs,
 * and the per-token rate limit. Session cookies are ignored on the API, so a page cannot be
 * tricked into calling it with the visitor's session (no CSRF surface).
 */
export async function authenticateBearer(
  request: FastifyRequest,
  services: Services,
  db: Database,
  ability: TokenAbility,
): Promise<BearerOutcome> {
  const verified = await services.apiTokens.verifyBearer(request.headers.authorization);
  const user = verified ? await findActiveUserById(db, verified.userId) : undefined;
  if (!verified || !user) {
    return { ok: false, status: 401, message: 'توکن API معتبر نیست یا فرستاده نشده است.' };
  }
  const limit = await services.limiter.hit(`api:token:${verified.tokenId}`, API_RATE_LIMIT.perMinute, 60);
  if (!limit.allowed) {
    return {
      ok: false,
      status: 429,
      message: 'درخواست‌های این توکن بیش از حد مجاز است؛ کمی بعد دوباره تلاش کنید.',
      retryAfter: limit.retryAfter,
    };
  }
  if (!verified.abilities.includes(ability)) {
    return { ok: false, status: 403, message: `این توکن دسترسی «${ABILITY_LABELS[ability]}» ندارد.` };
  }
  return { ok: true, token: { ...verified, user } };
}

export const ABILITY_LABELS: Record<TokenAbility, string> = {
  read: 'خواندن',
  create: 'ساختن',
  update: 'ویرایش',
  delete: 'حذف',
};
