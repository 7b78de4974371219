import { and, count, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { faNumber } from '../../lib/persian';
import type { ObjectStorage } from '../../lib/storage';
import { type Broadcaster, transactionWithBroadcasts } from '../../platform/broadcasting';
import type { Mailer } from '../../platform/mail';
import { type RequestContext, recordActivity } from '../activity';
import { readConfig, resolveLimit, withinLimit } from '../catalog';
import { instanceUuids, machineLabels, ownInstanceId } from '../instances';
import type { User } from '../users';
import { lockUser } from '../users';
import { type NewAttachment, recordAttachments, withStoredAttachments } from './attachments';
import { SupportError } from './errors';
import { queueChanged, TICKET_UPDATED, ticketUpdated } from './events';
import { mailStaffAboutGuestTicket } from './staff-mail';
import { type Ticket, type TicketPriority, type TicketStatus, ticketMessages, tickets } from './tables';
import { loadThread, type ThreadMessage } from './thread';

export { TICKET_UPDATED };

/** Used when config `ticket_departments` is missing or empty (a fresh install before the admin sets it). */
export const DEFAULT_DEPARTMENTS = ['فنی', 'مالی', 'فروش'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OpenTicket {
  department: string;
  priority: TicketPriority;
  subject: string;
  message: string;
  /** The uuid of one of the customer's machines the ticket is about. */
  instance?: string | undefined;
  /** Files checked by the route (attachment-uploads.ts); stored under random keys. */
  attachments?: NewAttachment[] | undefined;
}

export interface OpenGuestTicket {
  name: string;
  email?: string | undefined;
  mobile?: string | undefined;
  department: string;
  subject: string;
  message: string;
  /**
   * Files checked by the caller (type by its bytes, clean name), e.g. a career application's
   * résumé; stored under random keys like any ticket attachment, so staff open them in the thread.
   */
  attachments?: NewAttachment[] | undefined;
}

/** A ticket as its owner sees it (API and panel): snake_case, uuids, ISO times. */
export interface TicketSummary {
  uuid: string;
  subject: string;
  department: string;
  priority: TicketPriority;
  status: TicketStatus;
  instance: string | null;
  last_message_at: string;
  created_at: string;
  closed_at: string | null;
}

export interface TicketThread extends TicketSummary {
  /** The public messages, oldest first; staff-only internal notes are never part of it. */
  messages: ThreadMessage[];
}

export interface TicketListQuery {
  status?: TicketStatus | undefined;
  page: number;
  perPage: number;
}

export interface SupportServiceOptions {
  db: Database;
  broadcaster: Broadcaster;
  mailer: Mailer;
  storage: ObjectStorage;
  /** The site's address (APP_URL): staff mail links to the care desk's ticket page. */
  appUrl: string;
  /** Told about a realtime event or a staff mail that could not be sent (the ticket exists anyway). */
  onDeliveryError?: (error: unknown, what: string) => void;
}

export type SupportService = ReturnType<typeof createSupportService>;

/** Tickets the care desk still has to deal with (QueueChanged's count). */
export async function countOpen(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tickets)
    .where(and(ne(tickets.status, 'closed'), isNull(tickets.deletedAt), isNull(tickets.spamAt)));
  return row?.n ?? 0;
}

/** The departments tickets may be filed under (config `ticket_departments`, Admin/Configs). */
export async function ticketDepartments(db: Database): Promise<string[]> {
  const value = await readConfig(db, 'ticket_departments');
  const listed = Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    : [];
  return listed.length > 0 ? listed : [...DEFAULT_DEPARTMENTS];
}

const summary = (ticket: Ticket, instanceUuid: string | null): TicketSummary => ({
  uuid: ticket.uuid,
  subject: ticket.subject,
  department: ticket.department,
  priority: ticket.priority,
  status: ticket.status,
  instance: instanceUuid,
  last_message_at: ticket.lastMessageAt.toISOString(),
  created_at: ticket.createdAt.toISOString(),
  closed_at: ticket.closedAt ? ticket.closedAt.toISOString() : null,
});

/**
 * Tickets (docs/domain.md, Support): a customer opens one with its first message, a visitor opens a
 * guest ticket from the contact form, and an owner reads their own. Every open is written with
 * its activity entry in one transaction; the owner hears of it only after the commit.
 */
export function createSupportService({
  db,
  broadcaster,
  mailer,
  storage,
  appUrl,
  onDeliveryError = () => {},
}: SupportServiceOptions) {
  const published = (error: unknown) => onDeliveryError(error, 'broadcast');

  async function openTicket(
    user: Pick<User, 'id' | 'role'>,
    input: OpenTicket,
    context: RequestContext & { via: 'api' | 'panel' },
  ): Promise<TicketThread> {
    const departments = await ticketDepartments(db);
    if (!departments.includes(input.department)) {
      throw new SupportError(
        'RF_SUPPORT_DEPARTMENT_UNKNOWN',
        `بخش باید یکی از این‌ها باشد: ${departments.join('، ')}.`,
        'department',
      );
    }
    const limit = await resolveLimit(db, user, 'max_open_tickets');

    const ticket = await withStoredAttachments(storage, input.attachments, (files) =>
      transactionWithBroadcasts(
        db,
        broadcaster,
        async (tx, broadcast) => {
          // One user's opens wait for each other, so two at once cannot both slip under the limit.
          await lockUser(tx, user.id);

          let instanceId: number | null = null;
          if (input.instance) {
            // Ownership only: a question about a machine deleted last week is still a fair question.
            const own = await ownInstanceId(tx, user.id, input.instance);
            if (own === null) {
              throw new SupportError(
                'RF_SUPPORT_INSTANCE_NOT_FOUND',
                'این سرور در میان سرورهای شما پیدا نشد.',
                'instance',
              );
            }
            instanceId = own;
          }

          if (limit.allowed !== null) {
            // «Open» is every status but closed: answered and on-hold tickets still wait on someone.
            const [open] = await tx
              .select({ n: count() })
              .from(tickets)
              .where(
                and(eq(tickets.userId, user.id), ne(tickets.status, 'closed'), isNull(tickets.deletedAt)),
              );
            if (!withinLimit(limit, open?.n ?? 0)) {
              throw new SupportError(
                'RF_SUPPORT_OPEN_TICKETS_LIMIT',
                limit.allowed === 0
                  ? 'ثبت تیکت برای حساب شما بسته است؛ برای پیگیری با شماره پشتیبانی تماس بگیرید.'
                  : `شما ${faNumber(limit.allowed)} تیکت باز دارید و بیش از این مجاز نیست؛ پیش از ثبت تیکت تازه، منتظر پاسخ بمانید یا یکی از تیکت‌های باز را ببندید.`,
              );
            }
          }

          const [row] = await tx
            .insert(tickets)
            .values({
              userId: user.id,
              subject: input.subject,
              department: input.department,
              priority: input.priority,
              instanceId,
            })
            .returning();
          const created = row!;
          const [message] = await tx
            .insert(ticketMessages)
            .values({ ticketId: created.id, authorId: user.id, body: input.message })
            .returning({ id: ticketMessages.id });
          await recordAttachments(tx, message!.id, files);
          await recordActivity(tx, {
            event: 'ticket:opened',
            actorId: user.id,
            subject: { type: 'ticket', id: created.id },
            ip: context.ip,
            userAgent: context.userAgent,
            properties: { via: context.via, department: created.department, priority: created.priority },
          });
          broadcast(ticketUpdated(created, context));
          broadcast(queueChanged(await countOpen(tx)));
          return created;
        },
        published,
      ),
    );
    return findOwnTicket(user.id, ticket.uuid);
  }

  /**
   * A ticket from the public contact form: no account, the visitor's name and a way to answer
   * them. Staff are mailed after the commit; a failed mail is reported, never undoes the ticket.
   */
  async function openGuestTicket(
    input: OpenGuestTicket,
    context: RequestContext,
  ): Promise<{ ticket: Ticket; mailed: number }> {
    const ticket = await withStoredAttachments(storage, input.attachments, (files) =>
      transactionWithBroadcasts(
        db,
        broadcaster,
        async (tx, broadcast) => {
          const [row] = await tx
            .insert(tickets)
            .values({
              guestName: input.name,
              guestEmail: input.email ?? null,
              guestMobile: input.mobile ?? null,
              subject: input.subject,
              department: input.department,
              priority: 'medium',
            })
            .returning();
          const created = row!;
          const [message] = await tx
            .insert(ticketMessages)
            .values({ ticketId: created.id, authorId: null, body: input.message })
            .returning({ id: ticketMessages.id });
          await recordAttachments(tx, message!.id, files);
          // No contact details in the log: the ticket holds them, the log is read more widely.
          await recordActivity(tx, {
            event: 'ticket:opened',
            actorId: null,
            subject: { type: 'ticket', id: created.id },
            ip: context.ip,
            userAgent: context.userAgent,
            properties: { via: 'contact', department: created.department, guest: true },
          });
          // No one is listening for a guest (there is no user channel); the care queue hears of it live.
          broadcast(queueChanged(await countOpen(tx)));
          return created;
        },
        published,
      ),
    );
    // Staff who are not looking at the queue learn of it by mail, with a link to the ticket.
    const { sent, failed } = await mailStaffAboutGuestTicket(db, mailer, {
      ticketId: ticket.id,
      url: new URL(`/care/tickets/${ticket.uuid}`, appUrl).toString(),
      name: input.name,
      email: input.email ?? null,
      mobile: input.mobile ?? null,
      department: ticket.department,
      subject: ticket.subject,
      message: input.message,
      attachments: (input.attachments ?? []).map((file) => file.name),
      at: ticket.createdAt,
    });
    for (const failure of failed) onDeliveryError(failure.error, `staff mail to ${failure.to}`);
    return { ticket, mailed: sent };
  }

  /** The user's own tickets, most recently active first, one page at a time. */
  async function listOwnTickets(userId: number, query: TicketListQuery) {
    const conditions = [eq(tickets.userId, userId), isNull(tickets.deletedAt)];
    if (query.status) conditions.push(eq(tickets.status, query.status));
    // One row more than a page says whether another page exists, without counting them all.
    const rows = await db
      .select()
      .from(tickets)
      .where(and(...conditions))
      .orderBy(desc(tickets.lastMessageAt), desc(tickets.id))
      .limit(query.perPage + 1)
      .offset((query.page - 1) * query.perPage);
    const page = rows.slice(0, query.perPage);
    const machines = await instanceUuids(
      db,
      page.flatMap((ticket) => (ticket.instanceId ? [ticket.instanceId] : [])),
    );
    return {
      data: page.map((ticket) =>
        summary(ticket, ticket.instanceId ? (machines.get(ticket.instanceId) ?? null) : null),
      ),
      meta: { page: query.page, per_page: query.perPage, has_more: rows.length > query.perPage },
    };
  }

  /** One of the user's tickets with its public thread; anyone else's answers as not found. */
  async function findOwnTicket(userId: number, uuid: string): Promise<TicketThread> {
    const notFound = () => new SupportError('RF_SUPPORT_TICKET_NOT_FOUND', 'تیکتی که دنبالش بودید پیدا نشد.');
    if (!UUID.test(uuid)) throw notFound();
    const [ticket] = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.uuid, uuid), eq(tickets.userId, userId), isNull(tickets.deletedAt)));
    if (!ticket) throw notFound();
    const machine = ticket.instanceId
      ? (await instanceUuids(db, [ticket.instanceId])).get(ticket.instanceId)
      : null;
    return { ...summary(ticket, machine ?? null), messages: await loadThread(db, ticket, 'customer') };
  }

  /** What the owner's thread page adds to the thread: their rating, and the machine's name. */
  async function ownTicketExtras(userId: number, uuid: string) {
    const [ticket] = await db
      .select({ rating: tickets.rating, instanceId: tickets.instanceId })
      .from(tickets)
      .where(and(eq(tickets.uuid, uuid), eq(tickets.userId, userId)));
    const machine = ticket?.instanceId
      ? (await machineLabels(db, [ticket.instanceId])).get(ticket.instanceId)
      : null;
    return { rating: ticket?.rating ?? null, machine_name: machine?.name ?? null };
  }

  return {
    departments: () => ticketDepartments(db),
    ownTicketExtras,
    openTicket,
    openGuestTicket,
    listOwnTickets,
    findOwnTicket,
  };
}
