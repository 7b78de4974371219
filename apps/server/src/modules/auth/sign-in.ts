import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_KEYS, safeIntended } from '../../http/session-keys';
import type { User } from '../users';

/**
 * Completes a sign-in: a new session id (a planted id is worthless), the user on it, the
 * password counted as just confirmed (it was), and no leftovers of the half-done flows.
 */
export function startSession(request: FastifyRequest, user: User, passwordJustTyped: boolean): void {
  const session = request.session;
  session.regenerate();
  session.regenerateToken();
  session.userId = user.id;
  session.forget(SESSION_KEYS.pendingTwoFactor);
  session.forget(SESSION_KEYS.mobileAuth);
  session.forget(SESSION_KEYS.mobileVerified);
  if (passwordJustTyped) session.set(SESSION_KEYS.passwordConfirmedAt, Date.now());
}

/**
 * After sign-in: 409 + X-Inertia-Location for a page visit, so the next full load carries the
 * new role's route list and CSRF token (docs/screens.md §0); the intended URL if there was one.
 */
export function leaveTo(request: FastifyRequest, reply: FastifyReply, registry: RouteRegistry, name: string) {
  const intended = safeIntended(request.session.get(SESSION_KEYS.intended));
  request.session.forget(SESSION_KEYS.intended);
  return reply.location(intended ?? registry.url(name, {}, false));
}
