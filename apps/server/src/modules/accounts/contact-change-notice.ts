import { z } from 'zod';
import type { Database } from '../../db/client';
import type { JobHandler } from '../../platform/jobs';
import { enqueue } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import type { SmsProvider } from '../../platform/sms';
import { noticeMail } from '../notifications';

/**
 * A word to the old e-mail or mobile of an account whose contact just changed: if it was not the
 * owner (a stolen session), the owner hears of it where the thief cannot stop it. Queued in the
 * transaction of the change, sent after it commits, retried if the carrier is away.
 */
export const CONTACT_CHANGED_JOB = 'account.contact-changed';

const payload = z.discriminatedUnion('kind', [
  // `now`: the new address, masked; null when the e-mail was removed.
  z.object({ kind: z.literal('email'), name: z.string(), to: z.string(), now: z.string().nullable() }),
  z.object({ kind: z.literal('mobile'), to: z.string(), now: z.string() }),
]);

export type ContactChange = z.infer<typeof payload>;

/** Told only to a contact its owner had proved: an unverified one may not be theirs. */
export async function tellOldContact(tx: Database, change: ContactChange): Promise<void> {
  await enqueue(tx, CONTACT_CHANGED_JOB, change, { maxAttempts: 5 });
}

/** `p***@example.com`: enough for the owner to see it is not theirs, not a whole address to a stranger. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
}

const WHAT_NOW = 'اگر این تغییر کار شما نبوده است، همین حالا با پشتیبانی تماس بگیرید.';

export function createContactChangedJobHandler(options: {
  mailer: Mailer;
  sms: SmsProvider;
  appUrl: string;
  siteName: string;
}): JobHandler {
  return async (job, context) => {
    const parsed = payload.safeParse(job.payload);
    if (!parsed.success) {
      await context.finish(context.db, { failed: `invalid payload: ${parsed.error.message}` });
      return;
    }
    const change = parsed.data;
    if (change.kind === 'email') {
      await options.mailer.send({
        to: change.to,
        ...noticeMail({
          name: change.name,
          subject: 'ایمیل حساب شما تغییر کرد',
          lines: [
            change.now
              ? `ایمیل حساب کاربری شما در ${options.siteName} از این نشانی به ${change.now} تغییر کرد؛ از این پس پیام‌های حساب به آن نشانی فرستاده می‌شود.`
              : `ایمیل حساب کاربری شما در ${options.siteName} از آن برداشته شد؛ از این پس پیام‌های حساب به این نشانی فرستاده نمی‌شود.`,
            WHAT_NOW,
          ],
          url: new URL('/user/profile', options.appUrl).toString(),
          action: 'دیدن حساب کاربری',
        }),
      });
      return;
    }
    await options.sms.send({
      to: change.to,
      text: `${options.siteName}: شمارهٔ موبایل حساب شما به ${change.now} تغییر کرد. ${WHAT_NOW}`,
    });
  };
}
