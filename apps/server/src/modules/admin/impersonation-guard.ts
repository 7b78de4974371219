import { impersonatorOf } from '../../http/impersonator';
import type { RouteGuard } from '../../http/named-route';
import { recordActivity } from '../activity';
import { refusedWhileImpersonating } from './impersonation';

/**
 * An admin signed in as a customer: what only the owner may do is refused, and every other change
 * is logged with both people (impersonation.ts).
 */
export const impersonationGuard: RouteGuard = {
  on: 'session',
  async check(request, reply, { spec, json, refuse }) {
    const impersonator = impersonatorOf(request);
    if (!impersonator) return undefined;
    const refusal = refusedWhileImpersonating(spec);
    if (refusal) {
      if (json) return refuse(reply, 'impersonating').code(403).send({ message: refusal });
      return refuse(reply, 'impersonating').page(
        'Public/Blank',
        { status: 403, message: refusal },
        { status: 403 },
      );
    }
    if (request.method !== 'GET' && request.method !== 'HEAD' && spec.name !== 'impersonate.leave') {
      await recordActivity(request.server.services.db, {
        event: 'admin:impersonation.action',
        actorId: impersonator.adminId,
        subject: { type: 'user', id: impersonator.userId },
        properties: { route: spec.name, method: request.method, as_user: impersonator.userId },
        ip: request.ip ?? null,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
      });
    }
    return undefined;
  },
};
