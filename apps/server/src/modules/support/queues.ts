import { and, count, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tickets } from './tables';

/** Statuses where the next move is the staff's: a new ticket or a customer's reply. */
const AWAITING_STAFF = ['open', 'customer_reply'] as const;
/** A ticket waiting on staff longer than this is late (shown on Care/Home). */
export const LATE_AFTER_HOURS = 24;

/** The customer's tickets that are not closed, newest activity first. */
export async function openTicketsOf(db: Database, userId: number, limit = 5) {
  const rows = await db
    .select({
      uuid: tickets.uuid,
      subject: tickets.subject,
      department: tickets.department,
      status: tickets.status,
      lastMessageAt: tickets.lastMessageAt,
    })
    .from(tickets)
    .where(and(eq(tickets.userId, userId), ne(tickets.status, 'closed')))
    .orderBy(desc(tickets.lastMessageAt))
    .limit(limit);
  return rows.map((r) => ({
    uuid: r.uuid,
    subject: r.subject,
    department: r.department,
    status: r.status,
    last_message_at: r.lastMessageAt.toISOString(),
  }));
}

/** The care desk's queues by department: waiting on staff, unassigned, mine, late. */
export async function ticketQueues(db: Database, staffId: number, now: Date) {
  const lateBefore = new Date(now.getTime() - LATE_AFTER_HOURS * 60 * 60 * 1000);
  const waiting = inArray(tickets.status, [...AWAITING_STAFF]);
  const rows = await db
    .select({
      department: tickets.department,
      waiting: sql<number>`count(*) filter (where ${waiting})`.mapWith(Number),
      unassigned: sql<number>`count(*) filter (where ${and(waiting, isNull(tickets.assigneeId))})`.mapWith(
        Number,
      ),
      mine: sql<number>`count(*) filter (where ${and(waiting, eq(tickets.assigneeId, staffId))})`.mapWith(
        Number,
      ),
      late: sql<number>`count(*) filter (where ${and(waiting, lt(tickets.lastMessageAt, lateBefore))})`.mapWith(
        Number,
      ),
    })
    .from(tickets)
    .where(ne(tickets.status, 'closed'))
    .groupBy(tickets.department)
    .orderBy(tickets.department);
  const total = rows.reduce(
    (acc, r) => ({
      waiting: acc.waiting + r.waiting,
      unassigned: acc.unassigned + r.unassigned,
      mine: acc.mine + r.mine,
      late: acc.late + r.late,
    }),
    { waiting: 0, unassigned: 0, mine: 0, late: 0 },
  );
  return { by_department: rows, total };
}

/** Tickets not closed, for the admin dashboard's queue line. */
export async function openTicketCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tickets).where(ne(tickets.status, 'closed'));
  return row?.n ?? 0;
}
