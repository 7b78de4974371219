// This module's page contracts: the PageContracts entries render() checks these pages against.

import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { SESSION_KEYS, safeIntended } from '../../http/session-keys';
import { machineCountOf } from '../instances';
import type { User } from '../users';

/** The area hubs a role may open from Users/Home; only routes that exist are offered. */
function shortcuts(user: User, registry: RouteRegistry) {
  const all = [
    { key: 'panel', label: 'پیشخوان', route: 'panel.home', roles: ['customer', 'care', 'admin'] },
    { key: 'care', label: 'پشتیبانی مشتریان', route: 'care.home', roles: ['care', 'admin'] },
    { key: 'admin', label: 'مدیریت', route: 'admin.dash', roles: ['admin'] },
    { key: 'profile', label: 'پروفایل و امنیت', route: 'profile.show', roles: ['customer', 'care', 'admin'] },
  ];
  return all
    .filter((s) => s.roles.includes(user.role) && registry.has(s.route))
    .map(({ key, label, route }) => ({ key, label, route }));
}

/** The onboarding steps of Users/Landing, each done or not. */
async function checklist(db: Database, user: User) {
  return {
    profile: user.name.trim().length > 0,
    email: user.emailVerifiedAt !== null,
    password: user.passwordHash !== null,
    kyc: user.kycStatus === 'approved',
    top_up: user.balance > 0,
    machine: (await machineCountOf(db, user.id)) > 0,
  };
}

/** Users/Home (the hub after any sign-in), Users/Landing (first sign-in) and Dashboard (docs/screens.md §2, §3). */
export async function userHomeRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { apiTokens } = app.services;

  // Staff have their own desk: signing in (or any way home) takes them there, not to a customer
  // home with an empty wallet and «احراز نشده».
  const DESKS = { care: 'care.home', admin: 'admin.dash' } as const;

  route({ name: 'users.home', method: 'GET', uri: '/home', access: 'user' }, (request, reply) => {
    const user = request.user!;
    const desk = user.role === 'customer' ? null : DESKS[user.role];
    if (desk && registry.has(desk)) return reply.redirect(registry.url(desk, {}, false), 303);
    return render(reply, 'Users/Home', {
      greeting: user.name,
      balance: user.balance,
      kyc_status: user.kycStatus,
      email_verified: user.emailVerifiedAt !== null,
      suspended: user.status === 'suspended',
      // Why, in the admin's words: the owner sees it at sign-in (Admin/Users/Edit «تعلیق»).
      suspension_reason: user.status === 'suspended' ? user.suspendedReason : null,
      shortcuts: shortcuts(user, registry),
      intended: safeIntended(request.session.get(SESSION_KEYS.intended)),
    });
  });

  route(
    { name: 'users.landing', method: 'GET', uri: '/auth/welcome', access: 'customer' },
    async (request, reply) =>
      render(reply, 'Users/Landing', { checklist: await checklist(app.services.db, request.user!) }),
  );

  route(
    { name: 'dashboard', method: 'GET', uri: '/dashboard', access: 'customer' },
    async (request, reply) => {
      const user = request.user!;
      const [sessions, tokens] = await Promise.all([
        app.sessionStore.listForUser(user.id),
        apiTokens.list(user.id),
      ]);
      return render(reply, 'Dashboard', {
        checklist: {
          mobile_verified: user.mobileVerifiedAt !== null,
          email_verified: user.emailVerifiedAt !== null,
          two_factor: user.twoFactorConfirmedAt !== null,
          kyc: user.kycStatus,
        },
        sessions_count: sessions.length,
        api_tokens_count: tokens.length,
      });
    },
  );
}
