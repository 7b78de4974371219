import { ValidationError } from '@renderfarm/fastify';
import { SOCKET_ID_RE } from '@renderfarm/realtime/server';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../modules/activity/service';

/** Where a request came from, for the activity log, and the tab that sent it, for broadcasts. */
export function requestContext(request: FastifyRequest): RequestContext {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent : null,
    socketId: actingSocketId(request),
  };
}

/**
 * The realtime connection of the browser tab that sent this request (`X-Socket-ID`, sent by
 * apps/web while it is connected), or null. Anything but a Pusher socket id is ignored, so a
 * forged header can only hide events from its own sender.
 */
export function actingSocketId(request: FastifyRequest): string | null {
  const header = request.headers['x-socket-id'];
  return typeof header === 'string' && SOCKET_ID_RE.test(header) ? header : null;
}

/** Fails the form with one field's Persian message: 303 back with `props.errors` (bags kept). */
export function fieldError(field: string, message: string): never {
  throw new ValidationError({ [field]: message });
}

/** A redirect to a named route: 303 so a POST is followed by a GET. */
export function seeOther(reply: FastifyReply, registry: RouteRegistry, name: string, params = {}) {
  return reply.redirect(registry.url(name, params, false), 303);
}
