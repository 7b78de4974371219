import { ValidationError } from '@renderfarm/fastify';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../activity/service';
import { assertHuman, type BotCheckAction } from '../botcheck';
import type { User } from '../users/tables';
import { AuthError } from './errors';
import { SESSION_KEYS, safeIntended } from './session-keys';

/** Where a request came from, for the activity log. */
export function requestContext(request: FastifyRequest): RequestContext {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent : null };
}

/** Fails the form with one field's Persian message: 303 back with `props.errors` (bags kept). */
export function fieldError(field: string, message: string): never {
  throw new ValidationError({ [field]: message });
}

/** Runs a service call and turns its AuthError into a field error on `field`. */
export async function orFieldError<T>(field: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AuthError) fieldError(field, error.message);
    throw error;
  }
}

/** The bot check comes before anything else the form does (PROTOCOL.md "Bot check"). */
export async function requireHuman(request: FastifyRequest, action: BotCheckAction): Promise<void> {
  const body = request.body as Record<string, unknown> | undefined;
  try {
    await assertHuman(request.server.services.botCheck, body?.captcha_token, action, request.ip);
  } catch (error) {
    if (error instanceof AuthError) fieldError('captcha_token', error.message);
    throw error;
  }
}

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
 * new role's route list and CSRF token (SCREENS.md §0); the intended URL if there was one.
 */
export function leaveTo(request: FastifyRequest, reply: FastifyReply, registry: RouteRegistry, name: string) {
  const intended = safeIntended(request.session.get(SESSION_KEYS.intended));
  request.session.forget(SESSION_KEYS.intended);
  return reply.location(intended ?? registry.url(name, {}, false));
}

/** A redirect to a named route: 303 so a POST is followed by a GET. */
export function seeOther(reply: FastifyReply, registry: RouteRegistry, name: string, params = {}) {
  return reply.redirect(registry.url(name, params, false), 303);
}
