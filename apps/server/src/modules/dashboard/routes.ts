// This module's page contracts: the PageContracts entries render() checks these pages against.

import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { routesOn } from '../../http/named-route';
import { once, render } from '../../http/render';
import { jalaliMonthStart, tehranDayStart } from '../../lib/time/tehran-calendar';
import { distinctActorsSince } from '../activity/service';
import { topupsSince } from '../billing/revenue';
import { latestPosts } from '../content/service';
import {
  burnRate,
  capacityByLocation,
  machinesNeedingAttention,
  poweredMachinesOf,
} from '../instances/summaries';
import { onlineUsers } from '../sessions/online';
import { openTicketCount, openTicketsOf, ticketQueues } from '../support/queues';
import { latestSignups } from '../users/service';
import { pendingVerificationCount } from '../verification/queue';
import type {} from './contracts';

/**
 * The three area homes (docs/screens.md): the customer's Panel/Home, the care desk's Care/Home and the
 * admin's Admin/Dash. Each reads other modules' summaries; none changes anything.
 */
export async function dashboardRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db } = app.services;

  route(
    { name: 'panel.home', method: 'GET', uri: '/panel', access: 'customer', allowSuspended: true },
    async (request, reply) => {
      const user = request.user!;
      // Lazy: the live reload asks for machines, rate and tickets, not the news.
      const machines = once(() => poweredMachinesOf(db, user.id));
      const rate = once(async () => burnRate(await machines()));
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

  route({ name: 'care.home', method: 'GET', uri: '/care', access: 'care' }, async (request, reply) => {
    const now = new Date();
    return render(reply, 'Care/Home', {
      queues: () => ticketQueues(db, request.user!.id, now),
      kyc_waiting: () => pendingVerificationCount(db),
      machines: () => machinesNeedingAttention(db, now),
      staff_online: () => onlineUsers(db, ['care', 'admin'], now),
    });
  });

  route({ name: 'admin.dash', method: 'GET', uri: '/admin', access: 'admin' }, async (_request, reply) => {
    const now = new Date();
    const monthStart = jalaliMonthStart(now);
    // Capacity feeds three props; each query runs only for the props a reload asks for.
    const capacity = once(() => capacityByLocation(db));
    return render(reply, 'Admin/Dash', {
      kpis: async () => {
        const [today, month, activeCustomers, places] = await Promise.all([
          topupsSince(db, tehranDayStart(now)),
          topupsSince(db, monthStart),
          distinctActorsSince(db, 'auth:login', monthStart, { roles: ['customer'] }),
          capacity(),
        ]);
        return {
          revenue_today: today.amount,
          revenue_month: month.amount,
          topups_month: month.count,
          active_customers: activeCustomers,
          running_machines: places.reduce((n, l) => n + l.running, 0),
        };
      },
      capacity,
      alerts: async () => ({
        hosts_unavailable: (await capacity()).reduce((n, l) => n + l.hosts_unavailable, 0),
        machines: await machinesNeedingAttention(db, now),
      }),
      queues: async () => ({
        tickets_open: await openTicketCount(db),
        kyc_waiting: await pendingVerificationCount(db),
      }),
      signups: () => latestSignups(db, 5),
    });
  });
}
