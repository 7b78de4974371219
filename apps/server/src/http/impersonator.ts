import type { FastifyRequest } from 'fastify';

/**
 * Impersonation (docs/screens.md §6 `admin.users.impersonate`, modules/admin): an admin signs in as a customer to
 * see what they see. The session then belongs to the customer and carries who is really there, so
 * the banner can say so, the way back needs no password, and the guard (http/named-route.ts)
 * refuses what only the owner may do and logs every other action with both people.
 */
export const IMPERSONATOR_KEY = 'admin.impersonator';

export interface Impersonator {
  adminId: number;
  adminName: string;
  userId: number;
  userName: string;
  /** Epoch ms the impersonation began. */
  at: number;
}

export function impersonatorOf(request: FastifyRequest): Impersonator | null {
  const value = request.session?.get<Impersonator>(IMPERSONATOR_KEY);
  if (!value || typeof value !== 'object' || typeof value.adminId !== 'number') return null;
  // Only for the session's own user: a stale key on another sign-in means nothing.
  return request.user && request.user.id === value.userId ? value : null;
}
