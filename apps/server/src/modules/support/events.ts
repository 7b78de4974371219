import { type BroadcastEvent, toOthers } from '../../platform/broadcasting';
import type { Ticket } from './tables';

/** The realtime event every ticket change sends (docs/screens.md §7). Never carries a message. */
export const TICKET_UPDATED = 'TicketUpdated';
/** Something in the care queue moved: a new ticket, a reply waiting on staff, a status change. */
export const QUEUE_CHANGED = 'QueueChanged';

/**
 * `TicketUpdated {uuid, status, last_message_at}` on the ticket's channel (owner and staff) and
 * the owner's own channel. Only these three facts: never a body, so an internal note cannot
 * leak through it, and every listener reloads the thread through its own page's policy.
 */
export function ticketUpdated(
  ticket: Pick<Ticket, 'uuid' | 'userId' | 'status' | 'lastMessageAt'>,
  actor?: { socketId?: string | null | undefined },
): BroadcastEvent {
  return {
    channels: [
      `private-tickets.${ticket.uuid}`,
      ...(ticket.userId !== null ? [`private-users.${ticket.userId}`] : []),
    ],
    event: TICKET_UPDATED,
    data: { uuid: ticket.uuid, status: ticket.status, last_message_at: ticket.lastMessageAt.toISOString() },
    ...(actor ? toOthers(actor) : {}),
  };
}

/** `QueueChanged {tickets_open}` on `care`: the queue pages reload their lists. */
export function queueChanged(ticketsOpen: number): BroadcastEvent {
  return { channels: 'private-care', event: QUEUE_CHANGED, data: { tickets_open: ticketsOpen } };
}
