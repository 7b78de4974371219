import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { namedRoute } from '../../http/named-route';
import { render } from '../../http/render';
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

/**
 * The three area homes (SCREENS.md): the customer's Panel/Home, the care desk's Care/Home and the
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
      const [machines, tickets, announcements] = await Promise.all([
        poweredMachinesOf(db, user.id),
        openTicketsOf(db, user.id),
        latestPosts(db, 3),
      ]);
      const rate = burnRate(machines);
      return render(reply, 'Panel/Home', {
        balance: user.balance,
        burn_rate: rate,
        // Whole hours the balance still pays for at today's rate; null while nothing runs.
        hours_left: rate > 0 ? Math.floor(Math.max(0, user.balance) / rate) : null,
        machines,
        kyc_status: user.kycStatus,
        suspended: user.status === 'suspended',
        tickets,
        announcements,
      });
    },
  );

  namedRoute(
    app,
    registry,
    { name: 'care.home', method: 'GET', uri: '/care', access: 'care' },
    async (request, reply) => {
      const now = new Date();
      const [queues, kycWaiting, attention, staff] = await Promise.all([
        ticketQueues(db, request.user!.id, now),
        pendingVerificationCount(db),
        machinesNeedingAttention(db, now),
        onlineUsers(db, ['care', 'admin'], now),
      ]);
      return render(reply, 'Care/Home', {
        queues,
        kyc_waiting: kycWaiting,
        machines: attention,
        staff_online: staff,
      });
    },
  );

  namedRoute(
    app,
    registry,
    { name: 'admin.dash', method: 'GET', uri: '/admin', access: 'admin' },
    async (request, reply) => {
      const now = new Date();
      const monthStart = jalaliMonthStart(now);
      const [today, month, activeCustomers, capacity, attention, tickets, kycWaiting, signups] =
        await Promise.all([
          topupsSince(db, tehranDayStart(now)),
          topupsSince(db, monthStart),
          distinctActorsSince(db, 'auth:login', monthStart, { roles: ['customer'] }),
          capacityByLocation(db),
          machinesNeedingAttention(db, now),
          openTicketCount(db),
          pendingVerificationCount(db),
          latestSignups(db, 5),
        ]);
      return render(reply, 'Admin/Dash', {
        kpis: {
          revenue_today: today.amount,
          revenue_month: month.amount,
          topups_month: month.count,
          active_customers: activeCustomers,
          running_machines: capacity.reduce((n, l) => n + l.running, 0),
        },
        capacity,
        alerts: {
          hosts_unavailable: capacity.reduce((n, l) => n + l.hosts_unavailable, 0),
          machines: attention,
        },
        queues: { tickets_open: tickets, kyc_waiting: kycWaiting },
        signups,
      });
    },
  );
}
