import { z } from 'zod';
import type { Database } from '../../db/client';
import type { BroadcastEvent } from '../broadcasting/broadcaster';
import { enqueue } from '../jobs/queue';
import type { JobHandler } from '../jobs/registry';
import type { JobLog } from '../jobs/worker';
import { type Mailer, machineNoticeMail } from '../notifications/mail';
import { findActiveUserById } from '../users/queries';

/**
 * A word to a machine's owner about something the farm did on its own (idle auto-stop, a weekly
 * schedule that could not start the machine). There is no notifications table yet, so it goes two
 * ways, both written in the transaction of the act: a live notification on the owner's channel
 * (the header bell counts and announces it while a page is open), and an e-mail through a job
 * (sent once the act is committed, retried if the mail server is away).
 */
export interface OwnerNotice {
  userId: number;
  /** The machine's uuid: the notice links to its View. */
  uuid: string;
  /** What happened, one line (the bell's title, the mail's subject). */
  title: string;
  /** Why, and what the owner can do. */
  body: string;
  /** Tells notices apart (a stable id for the bell). */
  key: string;
}

/** Laravel's notification event: `private(...).notification(cb)` on the client listens for it. */
const NOTIFICATION_EVENT = 'Illuminate\\Notifications\\Events\\BroadcastNotificationCreated';

export const NOTICE_MAIL_JOB = 'instance.notice.mail';

const noticeMailPayload = z.object({
  userId: z.number().int().positive(),
  uuid: z.string(),
  title: z.string(),
  body: z.string(),
});

/** Queues both halves of the notice in `tx`; `broadcast` is the transaction's after-commit publisher. */
export async function noticeOwner(
  tx: Database,
  broadcast: (event: BroadcastEvent) => void,
  notice: OwnerNotice,
): Promise<void> {
  broadcast({
    channels: `private-users.${notice.userId}`,
    event: NOTIFICATION_EVENT,
    data: {
      id: notice.key,
      type: 'instance.notice',
      title: notice.title,
      body: notice.body,
      url: `/panel/instances/${notice.uuid}`,
    },
  });
  await enqueue(
    tx,
    NOTICE_MAIL_JOB,
    { userId: notice.userId, uuid: notice.uuid, title: notice.title, body: notice.body },
    { maxAttempts: 5 },
  );
}

/**
 * The mail half: to the owner's verified address (an account without one has the bell and the
 * machine's history). A retried job may send twice if the mail server accepted the first try but
 * the answer was lost; a missed notice would be worse.
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
    const url = new URL(`/panel/instances/${notice.uuid}`, options.appUrl).toString();
    await options.mailer.send({
      to: user.email,
      ...machineNoticeMail({ name: user.name, subject: notice.title, lines: [notice.body], url }),
    });
  };
}
