import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { IMPERSONATOR_KEY, type Impersonator, impersonatorOf } from '../../http/impersonator';
import { routesOn } from '../../http/named-route';
import { auditActor, requestContext } from '../../http/route-helpers';
import { SESSION_KEYS } from '../../http/session-keys';
import { faDuration } from '../../lib/persian';
import { recordStaffAction } from '../activity';
import { findActiveUserById } from '../users';
import { ImpersonationRefusedError } from './errors';
import { impersonationAllowed } from './impersonation';
import { userIdParam } from './users-routes';

/**
 * `admin.users.impersonate` (confirm, customers only) and `impersonate.leave`. Both answer 409
 * with X-Inertia-Location, as sign-in does, so the next full load carries the role's route list
 * and a new CSRF token; both are activity entries with the admin as actor and the customer as
 * subject, with the IP.
 */
export async function impersonationRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db } = app.services;
  const adminUsers = () => app.services.adminUsers;

  route(
    {
      name: 'admin.users.impersonate',
      method: 'POST',
      uri: '/admin/users/{user}/impersonate',
      access: 'admin',
      confirm: true,
      flashErrors: true,
    },
    async (request, reply) => {
      const admin = request.user!;
      const target = await adminUsers().find(userIdParam(request));
      const refusal = impersonationAllowed(request, target);
      if (refusal) throw new ImpersonationRefusedError('RF_ADMIN_IMPERSONATION_REFUSED', refusal, 422);
      await recordStaffAction(db, {
        event: 'admin:impersonation.started',
        actor: auditActor(request),
        subject: { type: 'user', id: target.id },
        summary: `ورود به پنل به‌جای «${target.name}»`,
        before: { impersonating: false },
        after: { impersonating: true },
        properties: { user_name: target.name },
      });
      const session = request.session;
      session.regenerate();
      session.regenerateToken();
      // The admin's password confirmation is not the customer's.
      session.forget(SESSION_KEYS.passwordConfirmedAt);
      session.forget(SESSION_KEYS.intended);
      session.userId = target.id;
      session.set(IMPERSONATOR_KEY, {
        adminId: admin.id,
        adminName: admin.name,
        userId: target.id,
        userName: target.name,
        at: Date.now(),
      } satisfies Impersonator);
      session.flash('success', `اکنون پنل را همان‌طور که «${target.name}» می‌بیند، می‌بینید.`);
      return reply.location(registry.url('panel.home', {}, false));
    },
  );

  route(
    { name: 'impersonate.leave', method: 'POST', uri: '/impersonate/leave', access: 'user' },
    async (request, reply) => {
      const impersonator = impersonatorOf(request);
      if (!impersonator) return reply.location(registry.url('users.home', {}, false));
      const admin = await findActiveUserById(db, impersonator.adminId);
      const seconds = Math.max(0, Math.round((Date.now() - impersonator.at) / 1000));
      await recordStaffAction(db, {
        event: 'admin:impersonation.ended',
        actor: { actorId: impersonator.adminId, ...requestContext(request) },
        subject: { type: 'user', id: impersonator.userId },
        summary: `پایان ورود به‌جای «${impersonator.userName}» پس از ${faDuration(seconds)}`,
        before: { impersonating: true },
        after: { impersonating: false },
        properties: {
          user_name: impersonator.userName,
          seconds,
        },
      });
      const session = request.session;
      session.regenerate();
      session.regenerateToken();
      session.forget(IMPERSONATOR_KEY);
      session.forget(SESSION_KEYS.passwordConfirmedAt);
      if (!admin || admin.role !== 'admin' || admin.status !== 'active') {
        // The admin was demoted, suspended or removed meanwhile: nobody to return to.
        session.invalidate();
        return reply.location(registry.url('login', {}, false));
      }
      session.userId = admin.id;
      session.flash('success', `به حساب خودتان برگشتید.`);
      return reply.location(registry.url('admin.users.edit', { user: impersonator.userId }, false));
    },
  );
}
