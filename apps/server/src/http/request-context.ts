import type { FastifyRequest } from 'fastify';
import { impersonatorOf } from './impersonator';

/** Where a request came from: routes pass `request.ip` and the User-Agent header. */
export interface RequestContext {
  ip?: string | null | undefined;
  userAgent?: string | null | undefined;
  /**
   * The sender's realtime socket (`X-Socket-ID`): the events of its own action skip it, as
   * Laravel's `toOthers()` does, so the acting tab does not reload on its own echo.
   */
  socketId?: string | undefined;
  /**
   * The admin signed in as this user (impersonation): every entry written with this context
   * carries them too, so the log names both people.
   */
  impersonatorId?: number | undefined;
}

/** Who did a staff write, and from where: `auditActor(request)` in a route. */
export interface AuditActor extends RequestContext {
  actorId: number;
}

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
