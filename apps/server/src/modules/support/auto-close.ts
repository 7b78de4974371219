import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { faNumber } from '../../lib/persian';
import { type Broadcaster, transactionWithBroadcasts } from '../../platform/broadcasting';
import type { JobHandler, JobLog } from '../../platform/jobs';
import { everyMinute } from '../../platform/jobs';
import { recordActivity } from '../activity';
import { readConfig } from '../catalog';
import { notify } from '../notifications';
import { queueChanged, ticketUpdated } from './events';
import { countOpen } from './service';
import { tickets } from './tables';

/** `support.auto-close`: answered tickets the customer left alone are closed (docs/domain.md, Support). */
export const AUTO_CLOSE_JOB = 'support.auto-close';
/** Config `ticket_auto_close_days` (Admin/Configs); this when it is missing or not a whole number ≥ 1. */
export const DEFAULT_AUTO_CLOSE_DAYS = 7;
/** At most this many per run: a backlog after a long outage is worked off a minute at a time. */
const BATCH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function autoCloseDays(db: Database): Promise<number> {
  const value = Number(await readConfig(db, 'ticket_auto_close_days'));
  return Number.isInteger(value) && value >= 1 ? value : DEFAULT_AUTO_CLOSE_DAYS;
}

/**
 * Closes every `answered` ticket whose last public message (the staff's answer) is older than
 * `ticket_auto_close_days` at `now`: the customer did not come back. Each close is its own
 * transaction under the row lock (a reply that arrives meanwhile wins: the status is read again),
 * with its activity entry, a notice to the customer and `TicketUpdated`. Safe to run twice: a
 * closed ticket is not answered any more, and the notice's key is the answer it closes.
 */
export async function autoCloseTickets(
  db: Database,
  broadcaster: Broadcaster,
  now: Date,
  onPublishError?: (error: unknown) => void,
): Promise<number> {
  const days = await autoCloseDays(db);
  const before = new Date(now.getTime() - days * DAY_MS);
  const stale = and(
    eq(tickets.status, 'answered'),
    lt(tickets.lastMessageAt, before),
    isNull(tickets.deletedAt),
  );
  const due = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(stale)
    .orderBy(asc(tickets.lastMessageAt))
    .limit(BATCH);
  let closed = 0;
  for (const { id } of due) {
    const done = await transactionWithBroadcasts(
      db,
      broadcaster,
      async (tx, broadcast) => {
        const [ticket] = await tx
          .select()
          .from(tickets)
          .where(and(eq(tickets.id, id), stale))
          .for('update', { skipLocked: true });
        if (!ticket) return false;
        const [updated] = await tx
          .update(tickets)
          .set({ status: 'closed', closedAt: now, updatedAt: now })
          .where(eq(tickets.id, id))
          .returning();
        await recordActivity(tx, {
          event: 'ticket:auto_closed',
          actorId: null,
          subject: { type: 'ticket', id },
          properties: { uuid: ticket.uuid, days, from: ticket.status, to: 'closed' },
          at: now,
        });
        if (ticket.userId !== null) {
          await notify(tx, broadcast, {
            userId: ticket.userId,
            event: 'ticket_answered',
            title: `تیکت «${ticket.subject}» بسته شد`,
            body: `پس از پاسخ پشتیبانی، ${faNumber(days)} روز پیامی از شما نرسید و تیکت خودکار بسته شد. اگر مشکل هنوز هست، در همان تیکت بنویسید تا دوباره باز شود.`,
            // The answer this close follows: a ticket reopened and closed again later is told again.
            key: `ticket-auto-close-${id}-${ticket.lastMessageAt.getTime()}`,
            path: `/panel/tickets/${ticket.uuid}`,
            action: 'دیدن تیکت',
          });
        }
        broadcast(ticketUpdated(updated!));
        return true;
      },
      onPublishError,
    );
    if (done) closed++;
  }
  if (closed > 0) {
    await broadcaster.publish(queueChanged(await countOpen(db))).catch((error) => onPublishError?.(error));
  }
  return closed;
}

export function ensureAutoClose(db: Database, clock?: () => Date): Promise<void> {
  return everyMinute(AUTO_CLOSE_JOB, async () => {}, clock ? { clock } : {}).ensure(db);
}

export function createAutoCloseJobHandler(options: {
  db: Database;
  broadcaster: Broadcaster;
  log?: JobLog;
  clock?: () => Date;
}): JobHandler {
  const recurring = everyMinute(
    AUTO_CLOSE_JOB,
    async (now) => {
      const closed = await autoCloseTickets(options.db, options.broadcaster, now, (error) =>
        options.log?.warn({ err: error }, 'auto-close event not published'),
      );
      if (closed > 0) options.log?.info({ closed }, 'tickets auto-closed');
    },
    options.clock ? { clock: options.clock } : {},
  );
  return recurring.handler(options.db);
}
