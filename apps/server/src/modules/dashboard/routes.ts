// This module's page contracts: the PageContracts entries render() checks these pages against.

import { defer } from '@renderfarm/fastify';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { namedRoute } from '../../http/named-route';
import { once, render } from '../../http/render';
import { tehranIsoDay } from '../../lib/jalali-month';
import { tehranDayStart as tehranStartOf } from '../../lib/tehran-day';
import { jalaliMonthStart } from '../../lib/time/tehran-calendar';
import { distinctActorsSince } from '../activity';
import { addDays, revenueSeries } from '../admin';
import { dailyMoney, latestPayments, paymentsInReview } from '../billing';
import { soldOutPlaces } from '../catalog';
import { latestPosts } from '../content';
import { burnRate, capacityByLocation, machinesNeedingAttention, poweredMachinesOf } from '../instances';
import { onlineUsers } from '../sessions';
import { openTicketCount, openTicketsOf, ticketQueues } from '../support';
import { latestSignups } from '../users';
import { pendingVerificationCount } from '../verification';
import type {} from './contracts';

/**
 * The three area homes (docs/screens.md): the customer's Panel/Home, the care desk's Care/Home and the
 * admin's Admin/Dash. Each reads other modules' summaries; none changes anything.
 */
export async function dashboardRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const { db } = app.services;

  namedRoute(
    app,
    registry,
    { name: 'panel.home', method: 'GET', uri: '/panel', access: 'customer', allowSuspended: true },
    async (request, reply) => {
      const user = request.user!;
      // Lazy props: a live reload asking for `machines` and `burn_rate` reads the machines once, and
      // neither the tickets nor the announcements.
      const machines = once(() => poweredMachinesOf(db, user.id));
      const rate = async () => burnRate(await machines());
      return render(reply, 'Panel/Home', {
        balance: user.balance,
        burn_rate: rate,
        // Whole hours the balance still pays for at today's rate; null while nothing runs.
        hours_left: async () => {
          const perHour = await rate();
          return perHour > 0 ? Math.floor(Math.max(0, user.balance) / perHour) : null;
        },
        machines,
        kyc_status: user.kycStatus,
        suspended: user.status === 'suspended',
        tickets: () => openTicketsOf(db, user.id),
        announcements: () => latestPosts(db, 3),
      });
    },
  );

  namedRoute(
    app,
    registry,
    { name: 'care.home', method: 'GET', uri: '/care', access: 'care' },
    async (request, reply) => {
      const now = new Date();
      return render(reply, 'Care/Home', {
        queues: () => ticketQueues(db, request.user!.id, now),
        kyc_waiting: () => pendingVerificationCount(db),
        machines: () => machinesNeedingAttention(db, now),
        staff_online: () => onlineUsers(db, ['care', 'admin'], now),
      });
    },
  );

  namedRoute(
    app,
    registry,
    { name: 'admin.dash', method: 'GET', uri: '/admin', access: 'admin' },
    async (_request, reply) => {
      const now = new Date();
      const monthStart = jalaliMonthStart(now);
      const today = tehranIsoDay(now);
      // Lazy props; every money figure comes from one read of this month's ledger by Tehran day (to
      // the end of today, so today's lines all count), whose ended days are kept totals.
      const monthDays = once(() =>
        dailyMoney(db, { start: monthStart, end: tehranStartOf(addDays(today, 1)) }, null, now),
      );
      const sumFrom = async (day: string, field: 'usage' | 'topups' | 'topupCount') =>
        (await monthDays()).filter((d) => d.day >= day).reduce((n, d) => n + d[field], 0);
      const capacity = once(() => capacityByLocation(db));
      const total = async (field: 'running' | 'hosts_unavailable') =>
        (await capacity()).reduce((n, l) => n + l[field], 0);
      return render(reply, 'Admin/Dash', {
        kpis: {
          topped_up_today: () => sumFrom(today, 'topups'),
          usage_today: () => sumFrom(today, 'usage'),
          usage_month: () => sumFrom('0000-00-00', 'usage'),
          topped_up_month: () => sumFrom('0000-00-00', 'topups'),
          topups_month: () => sumFrom('0000-00-00', 'topupCount'),
          active_customers: () => distinctActorsSince(db, 'auth:login', monthStart, { roles: ['customer'] }),
          running_machines: () => total('running'),
        },
        capacity,
        alerts: {
          hosts_unavailable: () => total('hosts_unavailable'),
          machines: () => machinesNeedingAttention(db, now),
          payments_review: () => paymentsInReview(db),
          low_stock: async () =>
            (await soldOutPlaces(db)).map((p) => ({
              plan: p.plan,
              slug: p.slug,
              location: p.location,
              code: p.code,
              hosts: p.hosts,
            })),
        },
        queues: { tickets_open: () => openTicketCount(db), kyc_waiting: () => pendingVerificationCount(db) },
        signups: () => latestSignups(db, 5),
        payments: () => latestPayments(db, 5),
        sparklines: defer(async () => {
          const from = addDays(today, -29);
          const days = await dailyMoney(
            db,
            { start: tehranStartOf(from), end: tehranStartOf(addDays(today, 1)) },
            null,
            now,
          );
          return revenueSeries(days, from, today, 'day').map((p) => ({
            label: p.label,
            topups: p.topups,
            usage: p.usage,
          }));
        }, 'sparklines') as never,
      });
    },
  );
}
