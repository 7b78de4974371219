import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { DomainError } from '../../lib/domain-error';
import type { NotificationRow } from './contracts';
import {
  listNotifications,
  markAllRead,
  markRead,
  preferencesOf,
  removeNotification,
  savePreferences,
  unreadCount,
} from './inbox';
import { NOTIFICATION_EVENT_NAMES, NOTIFICATION_EVENTS } from './notification-events';
import type { Notification } from './tables';

class NotificationNotFoundError extends DomainError {
  constructor() {
    super('RF_NOTIFICATION_NOT_FOUND', 'این اعلان پیدا نشد.', { status: 404 });
  }
}

const listQuery = z.object({
  unread: z
    .enum(['1', 'true'])
    .optional()
    .catch(undefined)
    .transform((v) => v !== undefined),
  page: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});

const checkbox = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');
const channels = z.object({ in_app: checkbox, email: checkbox, sms: checkbox });
const settingsRequest = z.object({
  preferences: z.object(Object.fromEntries(NOTIFICATION_EVENT_NAMES.map((e) => [e, channels.optional()]))),
});

const idOf = (request: FastifyRequest) => {
  const parsed = z.coerce
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .safeParse((request.params as { notification?: string }).notification);
  if (!parsed.success) throw new NotificationNotFoundError();
  return parsed.data;
};

const row = (n: Notification): NotificationRow => ({
  id: n.id,
  event: n.event,
  title: n.title,
  body: n.body,
  url: n.url,
  read: n.readAt !== null,
  created_at: n.createdAt.toISOString(),
});

/** Panel/Notifications (docs/screens.md §4): the list the bell leads to, and the channel choices. */
export async function notificationRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db } = app.services;
  const list = () => registry.url('panel.notifications.list', {}, false);

  route(
    { name: 'panel.notifications.list', method: 'GET', uri: '/panel/notifications', access: 'customer' },
    async (request, reply) => {
      const userId = request.user!.id;
      const query = listQuery.parse(request.query ?? {});
      const { rows, hasMore } = await listNotifications(db, userId, query);
      return render(reply, 'Panel/Notifications/List', {
        notifications: { data: rows.map(row), meta: { current_page: query.page, has_more: hasMore } },
        filters: { unread: query.unread },
        unread: () => unreadCount(db, userId),
      });
    },
  );

  route(
    {
      name: 'panel.notifications.read',
      method: 'PATCH',
      uri: '/panel/notifications/{notification}/read',
      access: 'customer',
    },
    async (request, reply) => {
      if (!(await markRead(db, request.user!.id, idOf(request)))) throw new NotificationNotFoundError();
      return reply.back(list());
    },
  );

  route(
    {
      name: 'panel.notifications.destroy',
      method: 'DELETE',
      uri: '/panel/notifications/{notification}',
      access: 'customer',
    },
    async (request, reply) => {
      if (!(await removeNotification(db, request.user!.id, idOf(request))))
        throw new NotificationNotFoundError();
      return reply.back(list());
    },
  );

  route(
    {
      name: 'panel.notifications.read-all',
      method: 'POST',
      uri: '/panel/notifications/read-all',
      access: 'customer',
    },
    async (request, reply) => {
      // Up to the newest the page showed: one that arrived meanwhile stays unread.
      const upTo = z.coerce
        .number()
        .int()
        .positive()
        .safeParse((request.body as { up_to?: unknown })?.up_to);
      const marked = await markAllRead(db, request.user!.id, upTo.success ? upTo.data : null);
      request.session.flash('success', marked > 0 ? 'همهٔ اعلان‌ها خوانده شد.' : 'اعلان خوانده‌نشده‌ای نبود.');
      return reply.back(list());
    },
    { bodyLimit: 1024 },
  );

  route(
    {
      name: 'panel.notifications.edit',
      method: 'GET',
      uri: '/panel/notifications/settings',
      access: 'customer',
    },
    async (request, reply) => {
      const user = request.user!;
      const applied = await preferencesOf(db, user.id);
      return render(reply, 'Panel/Notifications/Edit', {
        events: NOTIFICATION_EVENT_NAMES.map((event) => ({
          event,
          label: NOTIFICATION_EVENTS[event].label,
          channels: applied[event],
          locked: NOTIFICATION_EVENTS[event].mandatory,
        })),
        sms_ready: user.mobile !== null && user.mobileVerifiedAt !== null,
        email_ready: user.email !== null && user.emailVerifiedAt !== null,
      });
    },
  );

  route(
    {
      name: 'panel.notifications.settings.update',
      method: 'PUT',
      uri: '/panel/notifications/settings',
      access: 'customer',
    },
    async (request, reply) => {
      const input = await request.validate(settingsRequest, request.body ?? {});
      await savePreferences(db, request.user!.id, input.preferences);
      request.session.flash('success', 'تنظیمات اعلان‌ها ذخیره شد.');
      return reply.back(registry.url('panel.notifications.edit', {}, false));
    },
    { bodyLimit: 8 * 1024 },
  );
}
