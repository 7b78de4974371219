import { z } from 'zod';
import type { Database } from '../../db/client';
import type { JobHandler } from '../../platform/jobs';
import type { SmsProvider } from '../../platform/sms';
import { findActiveUserById } from '../users';

export const WELCOME_SMS_JOB = 'admin.user.welcome_sms';

const payload = z.object({ userId: z.number().int().positive() });

/**
 * The SMS an account made by an admin gets: where to sign in (with its mobile, by a code, so no
 * password travels by SMS). Sent once the account is committed; a retried job may send twice if
 * the carrier took the first and its answer was lost, which is better than a missed welcome.
 */
export function createWelcomeSmsJobHandler(options: {
  db: Database;
  sms: SmsProvider;
  appUrl: string;
  siteName: string;
}): JobHandler {
  return async (job, context) => {
    const parsed = payload.safeParse(job.payload);
    if (!parsed.success) {
      await context.finish(options.db, { failed: `invalid payload: ${parsed.error.message}` });
      return;
    }
    const user = await findActiveUserById(options.db, parsed.data.userId);
    if (!user?.mobile) return;
    const signIn = new URL('/auth/signin', options.appUrl).toString();
    await options.sms.send({
      to: user.mobile,
      text: `${user.name} عزیز، حساب شما در ${options.siteName} ساخته شد. برای ورود، شمارهٔ موبایل خود را در ${signIn} وارد کنید.`,
    });
  };
}
