import { and, eq, isNull } from 'drizzle-orm';
import type { ChannelRule } from '../app-module';
import { tickets } from './tables';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const activeStaff = (user: { role: string; status: string }) =>
  (user.role === 'care' || user.role === 'admin') && user.status === 'active';

/**
 * Who hears what of tickets (docs/screens.md §7): a ticket's own channel is its owner's (a
 * suspended customer still reads their tickets) and staff's; the queue and the presence of
 * colleagues on a ticket are staff only, and a presence member is known by name.
 */
export const ticketChannels: ChannelRule[] = [
  {
    pattern: 'tickets.{uuid}',
    allowSuspended: true,
    authorize: async (db, user, uuid) => {
      if (activeStaff(user)) return true;
      if (!UUID.test(uuid)) return false;
      const [row] = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.uuid, uuid), eq(tickets.userId, user.id), isNull(tickets.deletedAt)));
      return row !== undefined;
    },
  },
  { pattern: 'care', authorize: (_db, user) => activeStaff(user) },
  {
    pattern: 'care.tickets.{uuid}',
    authorize: (_db, user, uuid) => (activeStaff(user) && UUID.test(uuid) ? { name: user.name } : false),
  },
];
