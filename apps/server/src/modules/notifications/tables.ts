import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../users/tables';

/**
 * What the farm told a user (docs/screens.md Panel/Notifications): stored once per event key, so a
 * retried job or a replayed tick never tells twice; the bell counts the unread ones.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: ownerColumn({ cascade: true }),
    /** The kind of event (notification-events.ts), for preferences and the list's icon. */
    event: text('event').notNull(),
    /** Tells occurrences apart: the same key is one notification, however often it is sent. */
    key: text('key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The app path where the user can act. */
    url: text('url'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('notifications_user_key_unique').on(t.userId, t.key),
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** A user's choice of channels for one kind of event; absent rows mean the event's defaults. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: ownerColumn({ cascade: true }),
    event: text('event').notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    sms: boolean('sms').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('notification_preferences_user_event_unique').on(t.userId, t.event)],
);

export type Notification = typeof notifications.$inferSelect;
