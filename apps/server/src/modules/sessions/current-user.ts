import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { findActiveUserById, type User } from '../users';
import type { StoredSession } from './store';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded once per request from the session; null for guests. */
    user: User | null;
  }
}

/**
 * Sets `request.user` before any handler runs: the session's user, which the session store read
 * in the same query as the session (modules/sessions/store.ts), so a signed-in request costs one
 * read before its own work; without one, a remember-me cookie may sign the browser in.
 */
export function registerCurrentUser(app: FastifyInstance, db: Database): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    request.user = await sessionUser(request, db);
    // No one signed in on this session (new, expired or ended): a remember-me cookie may sign in.
    if (!request.user && request.session) request.user = await app.services.remember.restore(request, reply);
  });
}

async function sessionUser(request: FastifyRequest, db: Database): Promise<User | null> {
  const id = request.session?.userId;
  if (id === null || id === undefined) return null;
  const stored = request.sessionRecord as Partial<StoredSession> | undefined;
  if (stored?.user !== undefined && stored.userId !== null && Number(stored.userId) === Number(id)) {
    return stored.user;
  }
  // Only when the session was not read by the database store (another store, in a test).
  return (await findActiveUserById(db, Number(id))) ?? null;
}

/**
 * Reads the signed-in user again, for a request that moved their own row (a top-up verified in
 * the callback): the page it renders then shows the balance as it is now, not as it was.
 */
export async function refreshCurrentUser(request: FastifyRequest, db: Database): Promise<void> {
  if (request.user) request.user = (await findActiveUserById(db, request.user.id)) ?? request.user;
}
