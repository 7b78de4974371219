import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sqlList } from '../../db/sql-list';
import { instances } from '../instances/tables';
import { users } from '../users/tables';

export const TICKET_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TICKET_STATUSES = ['open', 'answered', 'customer_reply', 'on_hold', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * A support ticket (docs/domain.md, Support). A customer's ticket has `user_id`; a ticket opened from the
 * public contact form has none and carries the visitor's name and e-mail or mobile instead.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    userId: integer('user_id').references(() => users.id),
    guestName: text('guest_name'),
    guestEmail: text('guest_email'),
    guestMobile: text('guest_mobile'),
    subject: text('subject').notNull(),
    department: text('department').notNull(),
    priority: text('priority').$type<TicketPriority>().notNull().default('medium'),
    status: text('status').$type<TicketStatus>().notNull().default('open'),
    assigneeId: integer('assignee_id').references(() => users.id),
    instanceId: integer('instance_id').references(() => instances.id),
    // Payments have no table yet; the column is kept so linking one needs no migration of tickets.
    paymentId: integer('payment_id'),
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    // Admin marks: spam and deleted tickets leave every queue but stay for the record (Admin/Tickets).
    spamAt: timestamp('spam_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tickets_status_check', sql`${t.status} in (${sqlList(TICKET_STATUSES)})`),
    check('tickets_priority_check', sql`${t.priority} in (${sqlList(TICKET_PRIORITIES)})`),
    check('tickets_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check(
      'tickets_owner_check',
      sql`${t.userId} is not null or (${t.guestName} is not null and (${t.guestEmail} is not null or ${t.guestMobile} is not null))`,
    ),
    index('tickets_user_idx').on(t.userId, t.lastMessageAt),
    index('tickets_queue_idx').on(t.status, t.department),
  ],
);

/** One message of a thread. `internal` notes are staff-only and never reach the customer. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    // Null for a guest's message from the contact form.
    authorId: integer('author_id').references(() => users.id),
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.id)],
);

/** A file attached to a message (≤ 10 MB), stored privately under STORAGE_DIR. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: integer('message_id')
      .notNull()
      .references(() => ticketMessages.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_attachments_message_idx').on(t.messageId)],
);

/** Ready answers staff insert into a reply (Care/Tickets/Edit), optionally for one department. */
export const ticketCannedReplies = pgTable('ticket_canned_replies', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  department: text('department'),
  sort: integer('sort').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type Ticket = typeof tickets.$inferSelect;
export type TicketMessage = typeof ticketMessages.$inferSelect;
export type TicketAttachment = typeof ticketAttachments.$inferSelect;
