import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ObjectStorage } from '../../lib/storage';
import { type Broadcaster, transactionWithBroadcasts } from '../../platform/broadcasting';
import type { RequestContext } from '../activity';
import { type NewAttachment, recordAttachments, withStoredAttachments } from './attachments';
import { SupportError } from './errors';
import { type Ticket, ticketMessages, tickets } from './tables';
import { writeTicketChange } from './ticket-change';

const notFound = () => new SupportError('RF_SUPPORT_TICKET_NOT_FOUND', 'تیکتی که دنبالش بودید پیدا نشد.');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a customer does on their own ticket (docs/domain.md, Support): reply (a closed ticket only
 * when they ask to reopen it), close it, and rate the answer once it is closed. Each under the
 * ticket's row lock, with its activity entry, and `TicketUpdated` to the owner after the commit.
 */
export function createOwnerTicketActions(options: {
  db: Database;
  broadcaster: Broadcaster;
  storage: ObjectStorage;
  onPublishError?: (error: unknown) => void;
}) {
  const { db, broadcaster, storage } = options;

  async function onOwnTicket<T>(
    userId: number,
    uuid: string,
    context: RequestContext,
    work: (
      tx: Database,
      ticket: Ticket,
      now: Date,
    ) => Promise<{ set: Partial<Ticket>; event: string; result?: T }>,
  ): Promise<Ticket> {
    if (!UUID.test(uuid)) throw notFound();
    return transactionWithBroadcasts(
      db,
      broadcaster,
      async (tx, broadcast) => {
        const [ticket] = await tx
          .select()
          .from(tickets)
          .where(and(eq(tickets.uuid, uuid), eq(tickets.userId, userId), isNull(tickets.deletedAt)))
          .for('update');
        if (!ticket) throw notFound();
        const now = new Date();
        const change = await work(tx, ticket, now);
        return writeTicketChange(tx, ticket, change, { actorId: userId, now, context, broadcast });
      },
      options.onPublishError,
    );
  }

  return {
    /** A reply from the owner: the ticket waits on support again. A closed one needs `reopen`. */
    reply(
      userId: number,
      uuid: string,
      input: { message: string; reopen: boolean; attachments?: NewAttachment[] | undefined },
      context: RequestContext,
    ) {
      return withStoredAttachments(storage, input.attachments, (files) =>
        onOwnTicket(userId, uuid, context, async (tx, ticket, now) => {
          if (ticket.status === 'closed' && !input.reopen) {
            throw new SupportError(
              'RF_SUPPORT_TICKET_CLOSED',
              'این تیکت بسته شده است؛ برای ادامهٔ گفت‌وگو، گزینهٔ «باز کردن دوبارهٔ تیکت» را بزنید یا تیکت تازه‌ای بفرستید.',
              'message',
            );
          }
          const [message] = await tx
            .insert(ticketMessages)
            .values({ ticketId: ticket.id, authorId: userId, body: input.message })
            .returning({ id: ticketMessages.id });
          await recordAttachments(tx, message!.id, files);
          return {
            set: { status: 'customer_reply', lastMessageAt: now, closedAt: null },
            event: ticket.status === 'closed' ? 'ticket:reopened' : 'ticket:replied',
          };
        }),
      );
    },

    close(userId: number, uuid: string, context: RequestContext) {
      return onOwnTicket(userId, uuid, context, async (_tx, ticket, now) => {
        if (ticket.status === 'closed') {
          throw new SupportError('RF_SUPPORT_TICKET_CLOSED', 'این تیکت پیش‌تر بسته شده است.');
        }
        return { set: { status: 'closed', closedAt: now }, event: 'ticket:closed' };
      });
    },

    /** One rating (1–5) of a closed ticket, with an optional comment. */
    rate(
      userId: number,
      uuid: string,
      input: { rating: number; comment: string | null },
      context: RequestContext,
    ) {
      return onOwnTicket(userId, uuid, context, async (_tx, ticket) => {
        if (ticket.status !== 'closed') {
          throw new SupportError(
            'RF_SUPPORT_RATING_NOT_ALLOWED',
            'پس از بسته شدن تیکت می‌توانید به پاسخ پشتیبانی امتیاز بدهید.',
            'score',
          );
        }
        if (ticket.rating !== null) {
          throw new SupportError(
            'RF_SUPPORT_RATING_NOT_ALLOWED',
            'به این تیکت پیش‌تر امتیاز داده‌اید.',
            'score',
          );
        }
        return { set: { rating: input.rating, ratingComment: input.comment }, event: 'ticket:rated' };
      });
    },
  };
}

export type OwnerTicketActions = ReturnType<typeof createOwnerTicketActions>;
