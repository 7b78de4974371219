import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { BroadcastEvent } from '../../platform/broadcasting';
import { type RequestContext, recordActivity, recordStaffAction } from '../activity';
import { queueChanged, ticketUpdated } from './events';
import { countOpen } from './service';
import { type Ticket, tickets } from './tables';

/** What one action does to a ticket: the columns it sets and the activity entry it leaves. */
export interface TicketChange {
  set: Partial<Ticket>;
  event: string;
  properties?: Record<string, unknown>;
  /** Beyond the ticket's own fields, what a staff entry shows changed (the reply or note written). */
  audit?: { after: Record<string, unknown> };
}

/** What a staff change of a ticket says in the audit, before the ticket's subject. */
const STAFF_SUMMARIES: Record<string, string> = {
  'ticket:answered': 'پاسخ به تیکت',
  'ticket:noted': 'یادداشت داخلی روی تیکت',
  'ticket:updated': 'تغییر وضعیت، اولویت، بخش یا مسئول تیکت',
  'ticket:spam': 'هرزنامه شناختن تیکت',
  'ticket:unspam': 'بیرون آوردن تیکت از هرزنامه',
  'ticket:deleted': 'حذف تیکت',
};

/** A ticket's fields as the audit shows them. */
export const auditedTicket = (ticket: Ticket) => ({
  subject: ticket.subject,
  department: ticket.department,
  priority: ticket.priority,
  status: ticket.status,
  assigneeId: ticket.assigneeId,
  spam: ticket.spamAt !== null,
  deleted: ticket.deletedAt !== null,
});

/**
 * Writes a change to a ticket the caller holds locked, with its activity entry (from → to), and
 * tells whoever listens: the ticket's channel always, the care queue when the change moves it
 * there (status, assignee, department, priority, spam, deletion). The one way a ticket changes,
 * whether its owner or the staff change it.
 */
export async function writeTicketChange(
  tx: Database,
  ticket: Ticket,
  change: TicketChange,
  by: {
    actorId: number;
    now: Date;
    context: RequestContext;
    broadcast: (event: BroadcastEvent) => void;
    /** Staff made the change: the entry goes through the staff audit (summary, before → after). */
    staff?: boolean;
  },
): Promise<Ticket> {
  const [updated] = await tx
    .update(tickets)
    .set({ ...change.set, updatedAt: by.now })
    .where(eq(tickets.id, ticket.id))
    .returning();
  const properties = { uuid: ticket.uuid, from: ticket.status, to: updated!.status, ...change.properties };
  if (by.staff) {
    await recordStaffAction(tx, {
      event: change.event as Parameters<typeof recordActivity>[1]['event'],
      actor: { actorId: by.actorId, ip: by.context.ip, userAgent: by.context.userAgent },
      subject: { type: 'ticket', id: ticket.id },
      summary: `${STAFF_SUMMARIES[change.event] ?? 'تغییر تیکت'} «${ticket.subject}»`,
      before: auditedTicket(ticket),
      after: { ...auditedTicket(updated!), ...change.audit?.after },
      properties,
    });
  } else {
    await recordActivity(tx, {
      event: change.event,
      actorId: by.actorId,
      subject: { type: 'ticket', id: ticket.id },
      ip: by.context.ip,
      userAgent: by.context.userAgent,
      properties,
    });
  }
  by.broadcast(ticketUpdated(updated!, by.context));
  const queueMoved =
    updated!.status !== ticket.status ||
    updated!.assigneeId !== ticket.assigneeId ||
    updated!.department !== ticket.department ||
    updated!.priority !== ticket.priority ||
    updated!.spamAt?.getTime() !== ticket.spamAt?.getTime() ||
    updated!.deletedAt?.getTime() !== ticket.deletedAt?.getTime();
  if (queueMoved) by.broadcast(queueChanged(await countOpen(tx)));
  return updated!;
}
