import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { BroadcastEvent } from '../../platform/broadcasting';
import type { JobHandler, JobLog } from '../../platform/jobs';
import { enqueue } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import type { SmsProvider } from '../../platform/sms';
import { findActiveUserById } from '../users';
import { noticeMail } from './mail';
import { channelsFor, type NotificationEvent } from './notification-events';
import { notificationPreferences, notifications } from './tables';

/**
 * A word to a user about something the farm did or saw (idle auto-stop, a weekly schedule that
 * could not start a machine, a wallet running low…): the one `notify` every module calls, in the
 * transaction of the act. It is stored once per key (Panel/Notifications lists it; a replayed tick
 * or a retried job never tells twice), then goes out on the channels the user chose for its kind
 * of event (mandatory ones always): the bell live on the user's channel, an e-mail and an SMS
 * through jobs, sent once the act is committed and retried if the carrier is away.
 */
export interface UserNotice {
  userId: number;
  /** The kind of event: decides the channels (the user's preferences). */
  event: NotificationEvent;
  /** What happened, one line (the bell's title, the mail's subject). */
  title: string;
  /** Why, and what the customer can do. */
  body: string;
  /** Tells notices apart (a stable id for the bell). */
  key: string;
  /** The app path where the customer can act (`/panel/instances/…`), and the mail button's label. */
  path: string;
  action: string;
}

/** Laravel's notification event: `private(...).notification(cb)` on the client listens for it. */
const NOTIFICATION_EVENT = 'Illuminate\\Notifications\\Events\\BroadcastNotificationCreated';

export const NOTICE_MAIL_JOB = 'user.notice.mail';
export const NOTICE_SMS_JOB = 'user.notice.sms';
/** Mail jobs queued before notices had a path (machines only): still delivered. */
export const LEGACY_MACHINE_NOTICE_MAIL_JOB = 'instance.notice.mail';

const noticeMailPayload = z.union([
  z.object({
    userId: z.number().int().positive(),
    title: z.string(),
    body: z.string(),
    path: z.string().startsWith('/'),
    action: z.string(),
  }),
  z
    .object({ userId: z.number().int().positive(), uuid: z.string(), title: z.string(), body: z.string() })
    .transform((old) => ({ ...old, path: `/panel/instances/${old.uuid}`, action: 'دیدن سرور' })),
]);

/**
 * Stores the notice and queues its channels in `tx`; `broadcast` is the transaction's after-commit
 * publisher. Returns false when this key was told before (nothing is sent again).
 */
export async function notify(
  tx: Database,
  broadcast: (event: BroadcastEvent) => void,
  notice: UserNotice,
): Promise<boolean> {
  const { userId, event, key, title, body, path, action } = notice;
  const [chosen] = await tx
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.event, event)));
  const channels = channelsFor(
    event,
    chosen && { in_app: chosen.inApp, email: chosen.email, sms: chosen.sms },
  );
  const [stored] = await tx
    .insert(notifications)
    // Off the bell: kept in the list as already read.
    .values({ userId, event, key, title, body, url: path, readAt: channels.in_app ? null : new Date() })
    .onConflictDoNothing()
    .returning();
  if (!stored) return false;
  if (channels.in_app) {
    broadcast({
      channels: `private-users.${userId}`,
      event: NOTIFICATION_EVENT,
      data: { id: String(stored.id), type: event, title, body, url: path },
    });
  }
  if (channels.email)
    await enqueue(tx, NOTICE_MAIL_JOB, { userId, title, body, path, action }, { maxAttempts: 5 });
  if (channels.sms) await enqueue(tx, NOTICE_SMS_JOB, { userId, title }, { maxAttempts: 5 });
  return true;
}

/**
 * The mail half: to the user's verified address (an account without one has the bell). A retried
 * job may send twice if the mail server accepted the first try but the answer was lost; a missed
 * notice would be worse.
 */
export function createNoticeMailJobHandler(options: {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  log?: JobLog;
}): JobHandler {
  return async (job, context) => {
    const parsed = noticeMailPayload.safeParse(job.payload);
    if (!parsed.success) {
      await context.finish(options.db, { failed: `invalid payload: ${parsed.error.message}` });
      return;
    }
    const notice = parsed.data;
    const user = await findActiveUserById(options.db, notice.userId);
    if (!user?.email || !user.emailVerifiedAt) {
      options.log?.info({ jobId: job.id, userId: notice.userId }, 'notice not mailed: no verified e-mail');
      return;
    }
    const url = new URL(notice.path, options.appUrl).toString();
    await options.mailer.send({
      to: user.email,
      ...noticeMail({
        name: user.name,
        subject: notice.title,
        lines: [notice.body],
        url,
        action: notice.action,
      }),
    });
  };
}

const noticeSmsPayload = z.object({ userId: z.number().int().positive(), title: z.string() });

/** The SMS half: the title alone (SMS is short), to a verified mobile only. */
export function createNoticeSmsJobHandler(options: {
  db: Database;
  sms: SmsProvider;
  siteName: string;
  log?: JobLog;
}): JobHandler {
  return async (job, context) => {
    const parsed = noticeSmsPayload.safeParse(job.payload);
    if (!parsed.success) {
      await context.finish(options.db, { failed: `invalid payload: ${parsed.error.message}` });
      return;
    }
    const user = await findActiveUserById(options.db, parsed.data.userId);
    if (!user?.mobile || !user.mobileVerifiedAt) {
      options.log?.info(
        { jobId: job.id, userId: parsed.data.userId },
        'notice not texted: no verified mobile',
      );
      return;
    }
    await options.sms.send({ to: user.mobile, text: `${options.siteName}: ${parsed.data.title}` });
  };
}
