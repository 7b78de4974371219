import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type RequestContext, recordActivity } from '../activity/service';
import type { BroadcastEvent } from '../broadcasting/broadcaster';
import { queueChanged, ticketUpdated } from './events';
import { countOpen } from './service';
import { type Ticket, tickets } from './tables';

/** What one action does to a ticket: the columns it sets and the activity entry it leaves. */
export interface TicketChange {
  set: Partial<Ticket>;
  event: string;
  properties?: Record<string, unknown>;
}

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
  by: { actorId: number; now: Date; context: RequestContext; broadcast: (event: BroadcastEvent) => void },
): Promise<Ticket> {
  const [updated] = await tx
    .update(tickets)
    .set({ ...change.set, updatedAt: by.now })
    .where(eq(tickets.id, ticket.id))
    .returning();
  await recordActivity(tx, {
    event: change.event,
    actorId: by.actorId,
    subject: { type: 'ticket', id: ticket.id },
    ip: by.context.ip,
    userAgent: by.context.userAgent,
    properties: { uuid: ticket.uuid, from: ticket.status, to: updated!.status, ...change.properties },
  });
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
