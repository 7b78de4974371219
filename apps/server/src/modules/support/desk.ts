import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ObjectStorage } from '../../lib/storage';
import { type Broadcaster, transactionWithBroadcasts } from '../../platform/broadcasting';
import type { Mailer } from '../../platform/mail';
import type { RequestContext } from '../activity';
import { recordStaffAction } from '../activity';
import { machineLabels, ownInstanceId } from '../instances';
import { notify } from '../notifications';
import { findUser, idsWithRoles, searchUserIds, userCards, userNames } from '../users';
import { type NewAttachment, recordAttachments, withStoredAttachments } from './attachments';
import { SupportError } from './errors';
import { queueChanged, ticketUpdated } from './events';
import { countOpen, ticketDepartments } from './service';
import { guestReplyMail } from './staff-mail';
import {
  type Ticket,
  type TicketPriority,
  type TicketStatus,
  ticketCannedReplies,
  ticketMessages,
  tickets,
} from './tables';
import { loadThread, type StaffThreadMessage } from './thread';
import { auditedTicket, type TicketChange, writeTicketChange } from './ticket-change';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new SupportError('RF_SUPPORT_TICKET_NOT_FOUND', 'تیکتی که دنبالش بودید پیدا نشد.');

/** Where a staff member works: admin also sees spam and deleted tickets and may mark them. */
export type DeskArea = 'care' | 'admin';
export type QueueTab = 'waiting' | 'mine' | 'unassigned' | 'all' | 'closed' | 'spam' | 'deleted';
export const CARE_TABS: QueueTab[] = ['waiting', 'mine', 'unassigned', 'all', 'closed'];
export const ADMIN_TABS: QueueTab[] = [...CARE_TABS, 'spam', 'deleted'];
/** Statuses where the next move is the staff's. */
const AWAITING_STAFF: TicketStatus[] = ['open', 'customer_reply'];

export interface QueueFilters {
  tab: QueueTab;
  department?: string | undefined;
  status?: TicketStatus | undefined;
  priority?: TicketPriority | undefined;
  /** Waiting longer than a day or a week since the last message. */
  age?: 'day' | 'week' | undefined;
  q?: string | undefined;
  page: number;
}

export interface QueueRow {
  uuid: string;
  number: number;
  subject: string;
  department: string;
  priority: TicketPriority;
  status: TicketStatus;
  customer: { name: string; guest: boolean };
  assignee: { id: number; name: string } | null;
  last_message_at: string;
  created_at: string;
  spam: boolean;
  deleted: boolean;
}

export interface StaffTicket {
  uuid: string;
  number: number;
  subject: string;
  department: string;
  priority: TicketPriority;
  status: TicketStatus;
  assignee_id: number | null;
  rating: number | null;
  rating_comment: string | null;
  created_at: string;
  last_message_at: string;
  closed_at: string | null;
  spam: boolean;
  deleted: boolean;
  guest: { name: string; email: string | null; mobile: string | null } | null;
  customer_id: number | null;
  instance: { uuid: string; name: string } | null;
  messages: StaffThreadMessage[];
}

export interface StaffUpdate {
  status?: TicketStatus | undefined;
  priority?: TicketPriority | undefined;
  department?: string | undefined;
  /** A staff member's id, or null to leave it unassigned. */
  assigneeId?: number | null | undefined;
}

const PER_PAGE = 25;
const DAY = 24 * 60 * 60 * 1000;

/**
 * The care and admin desk (docs/screens.md §5–6): the queue, a ticket with its internal notes,
 * a staff reply (public → answered and the customer is told; internal → staff only), the ticket's
 * fields, tickets opened for a customer, and the admin's spam and delete marks. Every change is
 * one transaction with its activity entry; listeners hear `TicketUpdated` (no message in it) and
 * the queue `QueueChanged` after the commit.
 */
export function createTicketDesk(options: {
  db: Database;
  broadcaster: Broadcaster;
  storage: ObjectStorage;
  /** A guest (contact-form ticket) gets staff's public answer by mail. */
  mailer?: Mailer;
  onPublishError?: (error: unknown) => void;
  onMailError?: (error: unknown) => void;
  now?: () => Date;
}) {
  const { db, broadcaster, storage } = options;
  const clock = options.now ?? (() => new Date());

  const tabCondition = (tab: QueueTab, staffId: number): SQL | undefined => {
    const live = and(isNull(tickets.deletedAt), isNull(tickets.spamAt));
    const waiting = inArray(tickets.status, AWAITING_STAFF);
    switch (tab) {
      case 'waiting':
        return and(live, waiting);
      case 'mine':
        return and(live, ne(tickets.status, 'closed'), eq(tickets.assigneeId, staffId));
      case 'unassigned':
        return and(live, ne(tickets.status, 'closed'), isNull(tickets.assigneeId));
      case 'closed':
        return and(live, eq(tickets.status, 'closed'));
      case 'spam':
        return and(isNull(tickets.deletedAt), isNotNull(tickets.spamAt));
      case 'deleted':
        return isNotNull(tickets.deletedAt);
      default:
        return live;
    }
  };

  async function queue(staffId: number, area: DeskArea, filters: QueueFilters) {
    const now = clock();
    const conditions: (SQL | undefined)[] = [tabCondition(filters.tab, staffId)];
    if (filters.department) conditions.push(eq(tickets.department, filters.department));
    if (filters.status) conditions.push(eq(tickets.status, filters.status));
    if (filters.priority) conditions.push(eq(tickets.priority, filters.priority));
    if (filters.age) {
      conditions.push(
        lt(tickets.lastMessageAt, new Date(now.getTime() - (filters.age === 'day' ? DAY : 7 * DAY))),
      );
    }
    const q = filters.q?.trim();
    if (q) {
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const people = await searchUserIds(db, q);
      const number = /^\d{1,9}$/.test(q) ? Number(q) : null;
      conditions.push(
        or(
          ilike(tickets.subject, like),
          ilike(tickets.guestName, like),
          ilike(tickets.guestEmail, like),
          ...(people.length ? [inArray(tickets.userId, people)] : []),
          ...(number !== null ? [eq(tickets.id, number)] : []),
        ),
      );
    }
    const rows = await db
      .select()
      .from(tickets)
      .where(and(...conditions))
      // Waiting work first by priority, then the longest-waiting; other tabs newest activity first.
      .orderBy(
        ...(filters.tab === 'waiting'
          ? [
              sql`case ${tickets.priority} when 'high' then 0 when 'medium' then 1 else 2 end`,
              asc(tickets.lastMessageAt),
            ]
          : [desc(tickets.lastMessageAt)]),
        desc(tickets.id),
      )
      .limit(PER_PAGE + 1)
      .offset((filters.page - 1) * PER_PAGE);
    const page = rows.slice(0, PER_PAGE);
    const names = await userNames(
      db,
      page.flatMap((t) => [t.userId, t.assigneeId].filter((id): id is number => id !== null)),
    );
    const tabs = area === 'admin' ? ADMIN_TABS : CARE_TABS;
    const counts = await db
      .select(
        Object.fromEntries(
          tabs.map((tab) => [
            tab,
            sql<number>`count(*) filter (where ${tabCondition(tab, staffId)})`.mapWith(Number),
          ]),
        ) as Record<QueueTab, SQL<number>>,
      )
      .from(tickets);
    return {
      data: page.map(
        (t): QueueRow => ({
          uuid: t.uuid,
          number: t.id,
          subject: t.subject,
          department: t.department,
          priority: t.priority,
          status: t.status,
          customer: t.userId
            ? { name: names.get(t.userId)?.name ?? '—', guest: false }
            : { name: t.guestName ?? '—', guest: true },
          assignee: t.assigneeId ? { id: t.assigneeId, name: names.get(t.assigneeId)?.name ?? '—' } : null,
          last_message_at: t.lastMessageAt.toISOString(),
          created_at: t.createdAt.toISOString(),
          spam: t.spamAt !== null,
          deleted: t.deletedAt !== null,
        }),
      ),
      meta: { current_page: filters.page, has_more: rows.length > PER_PAGE },
      counts: Object.fromEntries(tabs.map((tab) => [tab, counts[0]?.[tab] ?? 0])) as Partial<
        Record<QueueTab, number>
      >,
    };
  }

  async function findRow(uuid: string, area: DeskArea): Promise<Ticket> {
    if (!UUID.test(uuid)) throw notFound();
    const [ticket] = await db.select().from(tickets).where(eq(tickets.uuid, uuid));
    // A deleted ticket exists for the admin only.
    if (!ticket || (ticket.deletedAt !== null && area !== 'admin')) throw notFound();
    return ticket;
  }

  async function find(uuid: string, area: DeskArea): Promise<StaffTicket> {
    const ticket = await findRow(uuid, area);
    const machine = ticket.instanceId
      ? (await machineLabels(db, [ticket.instanceId])).get(ticket.instanceId)
      : null;
    return {
      uuid: ticket.uuid,
      number: ticket.id,
      subject: ticket.subject,
      department: ticket.department,
      priority: ticket.priority,
      status: ticket.status,
      assignee_id: ticket.assigneeId,
      rating: ticket.rating,
      rating_comment: ticket.ratingComment,
      created_at: ticket.createdAt.toISOString(),
      last_message_at: ticket.lastMessageAt.toISOString(),
      closed_at: ticket.closedAt?.toISOString() ?? null,
      spam: ticket.spamAt !== null,
      deleted: ticket.deletedAt !== null,
      guest: ticket.userId
        ? null
        : { name: ticket.guestName ?? '', email: ticket.guestEmail, mobile: ticket.guestMobile },
      customer_id: ticket.userId,
      instance: machine ? { uuid: machine.uuid, name: machine.name } : null,
      messages: await loadThread(db, ticket, 'staff'),
    };
  }

  /** Staff who can take a ticket: care and admin accounts, by name. */
  async function staffMembers(): Promise<{ id: number; name: string }[]> {
    const ids = (await idsWithRoles(db, ['care', 'admin'])).map((r) => r.id);
    const names = await userNames(db, ids);
    return [...names]
      .map(([id, { name }]) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'fa'));
  }

  async function cannedReplies(): Promise<
    { id: number; title: string; body: string; department: string | null }[]
  > {
    return db
      .select({
        id: ticketCannedReplies.id,
        title: ticketCannedReplies.title,
        body: ticketCannedReplies.body,
        department: ticketCannedReplies.department,
      })
      .from(ticketCannedReplies)
      .orderBy(asc(ticketCannedReplies.sort), asc(ticketCannedReplies.id));
  }

  /** Customers a staff search names (Make's user picker), at most ten. */
  async function customerOptions(q: string) {
    const ids = (await searchUserIds(db, q, 10)).slice(0, 10);
    const cards = await userCards(db, ids);
    return ids.flatMap((id) => {
      const card = cards.get(id);
      return card ? [{ id, name: card.name, contact: card.email ?? card.mobile ?? '' }] : [];
    });
  }

  /** Runs `work` on the ticket under its row lock, then writes the change and tells listeners. */
  async function onTicket(
    uuid: string,
    area: DeskArea,
    staffId: number,
    context: RequestContext,
    work: (
      tx: Database,
      ticket: Ticket,
      now: Date,
      broadcast: Parameters<Parameters<typeof transactionWithBroadcasts>[2]>[1],
    ) => Promise<TicketChange>,
  ): Promise<Ticket> {
    if (!UUID.test(uuid)) throw notFound();
    return transactionWithBroadcasts(
      db,
      broadcaster,
      async (tx, broadcast) => {
        const [ticket] = await tx.select().from(tickets).where(eq(tickets.uuid, uuid)).for('update');
        if (!ticket || (ticket.deletedAt !== null && area !== 'admin')) throw notFound();
        const now = clock();
        const change = await work(tx, ticket, now, broadcast);
        return writeTicketChange(tx, ticket, change, {
          actorId: staffId,
          now,
          context,
          broadcast,
          staff: true,
        });
      },
      options.onPublishError,
    );
  }

  const answeredNotice = (ticket: Ticket) => ({
    userId: ticket.userId!,
    event: 'ticket_answered' as const,
    title: `پاسخ پشتیبانی به تیکت «${ticket.subject}»`,
    body: 'پشتیبانی به تیکت شما پاسخ داد. پاسخ را در صفحهٔ تیکت بخوانید و اگر پرسش دیگری دارید همان‌جا بنویسید.',
    path: `/panel/tickets/${ticket.uuid}`,
    action: 'دیدن پاسخ',
  });

  /**
   * A staff message. Public: the ticket becomes `answered` (it now waits on the customer), is
   * taken by the replier if nobody had it, and the customer is told (bell, mail by preference).
   * Internal: staff only; neither the status, the last-message time nor the customer hear of it.
   */
  async function reply(
    staff: { id: number },
    uuid: string,
    area: DeskArea,
    input: { body: string; internal: boolean; attachments?: NewAttachment[] | undefined },
    context: RequestContext,
  ): Promise<Ticket> {
    const ticket = await answer(staff, uuid, area, input, context);
    if (!input.internal && ticket.userId === null && ticket.guestEmail && options.mailer) {
      // After the commit; a failed mail is reported, the answer stays (staff see it in the thread).
      await options.mailer
        .send({
          to: ticket.guestEmail,
          ...guestReplyMail({ name: ticket.guestName ?? '', subject: ticket.subject, answer: input.body }),
        })
        .catch((error) => options.onMailError?.(error));
    }
    return ticket;
  }

  function answer(
    staff: { id: number },
    uuid: string,
    area: DeskArea,
    input: { body: string; internal: boolean; attachments?: NewAttachment[] | undefined },
    context: RequestContext,
  ) {
    return withStoredAttachments(storage, input.attachments, (files) =>
      onTicket(uuid, area, staff.id, context, async (tx, ticket, now, broadcast) => {
        const [message] = await tx
          .insert(ticketMessages)
          .values({
            ticketId: ticket.id,
            authorId: staff.id,
            body: input.body,
            internal: input.internal,
            createdAt: now,
          })
          .returning({ id: ticketMessages.id });
        await recordAttachments(tx, message!.id, files);
        const excerpt = input.body.length > 200 ? `${input.body.slice(0, 199)}…` : input.body;
        if (input.internal)
          return {
            set: {},
            event: 'ticket:noted',
            properties: { message: message!.id },
            audit: { after: { note: excerpt } },
          };
        if (ticket.userId !== null) {
          // One notice per reply (its message id is the key): a retried request never tells twice.
          await notify(tx, broadcast, { ...answeredNotice(ticket), key: `ticket-reply-${message!.id}` });
        }
        return {
          set: {
            status: 'answered',
            lastMessageAt: now,
            closedAt: null,
            assigneeId: ticket.assigneeId ?? staff.id,
          },
          event: 'ticket:answered',
          properties: { message: message!.id },
          audit: { after: { reply: excerpt } },
        };
      }),
    );
  }

  async function update(
    staff: { id: number },
    uuid: string,
    area: DeskArea,
    input: StaffUpdate,
    context: RequestContext,
  ) {
    if (input.department !== undefined && !(await ticketDepartments(db)).includes(input.department)) {
      throw new SupportError(
        'RF_SUPPORT_DEPARTMENT_UNKNOWN',
        'بخش انتخاب‌شده در فهرست بخش‌ها نیست.',
        'department',
      );
    }
    if (input.assigneeId !== undefined && input.assigneeId !== null) {
      const person = await findUser(db, input.assigneeId);
      if (!person || (person.role !== 'care' && person.role !== 'admin') || person.status !== 'active') {
        throw new SupportError(
          'RF_SUPPORT_ASSIGNEE_INVALID',
          'تیکت را تنها می‌توان به یکی از همکاران فعال پشتیبانی سپرد.',
          'assignee_id',
        );
      }
    }
    return onTicket(uuid, area, staff.id, context, async (_tx, ticket, now) => {
      const set: Partial<Ticket> = {};
      if (input.priority !== undefined) set.priority = input.priority;
      if (input.department !== undefined) set.department = input.department;
      if (input.assigneeId !== undefined) set.assigneeId = input.assigneeId;
      if (input.status !== undefined && input.status !== ticket.status) {
        set.status = input.status;
        set.closedAt = input.status === 'closed' ? now : null;
      }
      return { set, event: 'ticket:updated', properties: { changed: Object.keys(set) } };
    });
  }

  /** Admin: spam leaves every queue (and the customer's list keeps it); undone the same way. */
  function markSpam(staff: { id: number }, uuid: string, spam: boolean, context: RequestContext) {
    return onTicket(uuid, 'admin', staff.id, context, async (_tx, ticket, now) => ({
      set: spam
        ? { spamAt: ticket.spamAt ?? now, status: 'closed', closedAt: ticket.closedAt ?? now }
        : { spamAt: null },
      event: spam ? 'ticket:spam' : 'ticket:unspam',
    }));
  }

  /** Admin: a deleted ticket leaves every list, the customer's too; its rows stay for the record. */
  function destroy(staff: { id: number }, uuid: string, context: RequestContext) {
    return onTicket(uuid, 'admin', staff.id, context, async (_tx, ticket, now) => {
      if (ticket.deletedAt !== null) throw notFound();
      return { set: { deletedAt: now }, event: 'ticket:deleted' };
    });
  }

  /**
   * A ticket staff open for a customer (a phone call, an e-mail): the message is staff's, written
   * for the customer, so the ticket starts `answered` (waiting on the customer) and they are told.
   */
  async function openForCustomer(
    staff: { id: number },
    input: {
      userId: number;
      department: string;
      priority: TicketPriority;
      subject: string;
      message: string;
      instance?: string | undefined;
      attachments?: NewAttachment[] | undefined;
    },
    context: RequestContext,
  ): Promise<Ticket> {
    const departments = await ticketDepartments(db);
    if (!departments.includes(input.department)) {
      throw new SupportError(
        'RF_SUPPORT_DEPARTMENT_UNKNOWN',
        'بخش انتخاب‌شده در فهرست بخش‌ها نیست.',
        'department',
      );
    }
    const customer = await findUser(db, input.userId);
    if (!customer || customer.role !== 'customer') {
      throw new SupportError('RF_SUPPORT_CUSTOMER_NOT_FOUND', 'مشتری انتخاب‌شده پیدا نشد.', 'user_id');
    }
    let instanceId: number | null = null;
    if (input.instance) {
      instanceId = await ownInstanceId(db, customer.id, input.instance);
      if (instanceId === null) {
        throw new SupportError('RF_SUPPORT_INSTANCE_NOT_FOUND', 'این سرور از آنِ این مشتری نیست.', 'instance');
      }
    }
    return withStoredAttachments(storage, input.attachments, (files) =>
      transactionWithBroadcasts(
        db,
        broadcaster,
        async (tx, broadcast) => {
          const now = clock();
          const [row] = await tx
            .insert(tickets)
            .values({
              userId: customer.id,
              subject: input.subject,
              department: input.department,
              priority: input.priority,
              status: 'answered',
              assigneeId: staff.id,
              instanceId,
              lastMessageAt: now,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          const created = row!;
          const [message] = await tx
            .insert(ticketMessages)
            .values({ ticketId: created.id, authorId: staff.id, body: input.message, createdAt: now })
            .returning({ id: ticketMessages.id });
          await recordAttachments(tx, message!.id, files);
          await recordStaffAction(tx, {
            event: 'ticket:opened',
            actor: { actorId: staff.id, ip: context.ip, userAgent: context.userAgent },
            subject: { type: 'ticket', id: created.id },
            summary: `تیکت «${created.subject}» برای «${customer.name}» ثبت شد.`,
            before: null,
            after: { ...auditedTicket(created), userId: customer.id, reply: input.message.slice(0, 200) },
            properties: { via: 'staff', for: customer.id, department: created.department },
          });
          await notify(tx, broadcast, {
            ...answeredNotice(created),
            title: `تیکت تازه از پشتیبانی: «${created.subject}»`,
            body: 'پشتیبانی برای شما تیکتی ثبت کرد. آن را بخوانید و پاسخ خود را همان‌جا بنویسید.',
            key: `ticket-reply-${message!.id}`,
          });
          broadcast(ticketUpdated(created, context));
          broadcast(queueChanged(await countOpen(tx)));
          return created;
        },
        options.onPublishError,
      ),
    );
  }

  /** Care/Tickets/Edit's customer card: who they are, balance, KYC, machines. */
  async function customerCard(userId: number) {
    const card = (await userCards(db, [userId])).get(userId);
    if (!card) return null;
    const [open] = await db
      .select({ n: count() })
      .from(tickets)
      .where(and(eq(tickets.userId, userId), ne(tickets.status, 'closed'), isNull(tickets.deletedAt)));
    return {
      id: card.id,
      name: card.name,
      email: card.email,
      mobile: card.mobile,
      balance: card.balance,
      kyc_status: card.kycStatus,
      status: card.status,
      open_tickets: open?.n ?? 0,
    };
  }

  return {
    queue,
    find,
    findRow,
    staffMembers,
    cannedReplies,
    customerOptions,
    reply,
    update,
    markSpam,
    destroy,
    openForCustomer,
    customerCard,
  };
}

export type TicketDesk = ReturnType<typeof createTicketDesk>;
