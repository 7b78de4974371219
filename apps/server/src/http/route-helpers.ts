import { ValidationError } from '@renderfarm/fastify';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../modules/activity/service';
import type { AuditActor } from '../modules/activity/staff-audit';
import { impersonatorOf } from '../modules/admin/impersonation';

/** A Pusher socket id (`1234.5678`); anything else in X-Socket-ID is ignored. */
const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/;

/** Where a request came from, for the activity log and the broadcasts of what it changes. */
export function requestContext(request: FastifyRequest): RequestContext {
  const agent = request.headers['user-agent'];
  const socket = request.headers['x-socket-id'];
  const impersonator = impersonatorOf(request);
  return {
    ip: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent : null,
    ...(typeof socket === 'string' && SOCKET_ID.test(socket) ? { socketId: socket } : {}),
    ...(impersonator ? { impersonatorId: impersonator.adminId } : {}),
  };
}

/** The signed-in staff member and where they acted from: what a staff write's audit entry names. */
export function auditActor(request: FastifyRequest): AuditActor {
  return { actorId: request.user!.id, ...requestContext(request) };
}

/** Fails the form with one field's Persian message: 303 back with `props.errors` (bags kept). */
export function fieldError(field: string, message: string): never {
  throw new ValidationError({ [field]: message });
}

/** A redirect to a named route: 303 so a POST is followed by a GET. */
export function seeOther(reply: FastifyReply, registry: RouteRegistry, name: string, params = {}) {
  return reply.redirect(registry.url(name, params, false), 303);
}
