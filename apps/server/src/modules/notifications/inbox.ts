import { and, count, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type Channels,
  channelsFor,
  NOTIFICATION_EVENT_NAMES,
  type NotificationEvent,
} from './notification-events';
import { type Notification, notificationPreferences, notifications } from './tables';

/** A user's notifications, newest first, 20 a page (`unread` only the ones not yet read). */
export async function listNotifications(
  db: Database,
  userId: number,
  options: { unread: boolean; page: number; perPage?: number },
): Promise<{ rows: Notification[]; hasMore: boolean }> {
  const perPage = options.perPage ?? 20;
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), options.unread ? isNull(notifications.readAt) : undefined))
    .orderBy(desc(notifications.id))
    .limit(perPage + 1)
    .offset((options.page - 1) * perPage);
  return { rows: rows.slice(0, perPage), hasMore: rows.length > perPage };
}

/** The bell's count (the `unread_notifications` shared prop). */
export async function unreadCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read; false when it is not theirs (or not there). */
export async function markRead(db: Database, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Marks every notification read up to the newest the user saw (one arriving meanwhile stays unread). */
export async function markAllRead(db: Database, userId: number, upTo: number | null): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        upTo === null ? undefined : lt(notifications.id, upTo + 1),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function removeNotification(db: Database, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Every event's channels for the user, as they apply (mandatory ones on). */
export async function preferencesOf(
  db: Database,
  userId: number,
): Promise<Record<NotificationEvent, Channels>> {
  const chosen = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const byEvent = new Map(chosen.map((c) => [c.event, { in_app: c.inApp, email: c.email, sms: c.sms }]));
  return Object.fromEntries(
    NOTIFICATION_EVENT_NAMES.map((event) => [event, channelsFor(event, byEvent.get(event))]),
  ) as Record<NotificationEvent, Channels>;
}

/** Saves the user's choices (mandatory channels stay on whatever was sent). */
export async function savePreferences(
  db: Database,
  userId: number,
  preferences: Partial<Record<NotificationEvent, Channels>>,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const event of NOTIFICATION_EVENT_NAMES) {
      const given = preferences[event];
      if (!given) continue;
      const applied = channelsFor(event, given);
      const values = { inApp: applied.in_app, email: applied.email, sms: applied.sms, updatedAt: new Date() };
      await tx
        .insert(notificationPreferences)
        .values({ userId, event, ...values })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.event],
          set: values,
        });
    }
  });
}
