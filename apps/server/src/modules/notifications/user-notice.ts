import { z } from 'zod';
import type { Database } from '../../db/client';
import type { BroadcastEvent } from '../broadcasting/broadcaster';
import { enqueue } from '../jobs/queue';
import type { JobHandler } from '../jobs/registry';
import type { JobLog } from '../jobs/worker';
import { findActiveUserById } from '../users/queries';
import { type Mailer, noticeMail } from './mail';

/**
 * A word to a customer about something the farm did or saw on its own (idle auto-stop, a weekly
 * schedule that could not start a machine, a wallet running low). There is no notifications table
 * yet, so it goes two ways, both written in the transaction of the act: a live notification on the
 * user's channel (the header bell counts and announces it while a page is open), and an e-mail
 * through a job (sent once the act is committed, retried if the mail server is away).
 */
export interface UserNotice {
  userId: number;
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

/** Queues both halves of the notice in `tx`; `broadcast` is the transaction's after-commit publisher. */
export async function noticeUser(
  tx: Database,
  broadcast: (event: BroadcastEvent) => void,
  notice: UserNotice,
): Promise<void> {
  broadcast({
    channels: `private-users.${notice.userId}`,
    event: NOTIFICATION_EVENT,
    data: { id: notice.key, type: 'user.notice', title: notice.title, body: notice.body, url: notice.path },
  });
  const { userId, title, body, path, action } = notice;
  await enqueue(tx, NOTICE_MAIL_JOB, { userId, title, body, path, action }, { maxAttempts: 5 });
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
