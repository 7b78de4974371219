import { z } from 'zod';
import type { Database } from '../../db/client';
import { normalizeEmail } from '../../lib/email-address';
import type { RateLimiter } from '../../lib/rate-limit';
import type { JobHandler } from '../../platform/jobs';
import { enqueue } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import type { createAccountService } from '../accounts';
import type { RequestContext } from '../activity';
import { signupAttemptMail } from '../notifications';
import { findActiveUserByEmail } from '../users';
import { AuthError } from './errors';

export const SIGNUP_ATTEMPT_MAIL_JOB = 'auth.signup-attempt.mail';
// One such mail an hour per address: repeated sign-ups with someone's address must not flood it.
const MAILS_PER_HOUR = 1;

/**
 * The register form's answer when the e-mail or mobile already has an account. It names neither
 * and says nothing of an account: what happened is mailed to the address typed, which only its
 * owner reads (Fortify's «if an account exists, we sent…»). The form signs a new account in at
 * once, so a refusal still differs from a success; the page just never confirms whose it is.
 */
export const SIGNUP_REFUSED =
  'با این ایمیل و شماره حساب تازه‌ای ساخته نشد. اگر پیش‌تر ثبت‌نام کرده‌اید، وارد شوید؛ راهنمای ادامه را به همین ایمیل فرستادیم.';

const payload = z.object({ email: z.string().min(3).max(254) });

/** Queues the notice to `email` (the job decides which one: the address's account, or the number's). */
export function queueSignupAttemptNotice(db: Database, email: string) {
  return enqueue(db, SIGNUP_ATTEMPT_MAIL_JOB, { email: normalizeEmail(email) }, { maxAttempts: 5 });
}

/** `register.store`: a new account, or the neutral refusal (and the notice) when one exists. */
export async function registerWithPassword(
  deps: { db: Database; accounts: ReturnType<typeof createAccountService> },
  input: { name: string; email: string; mobile?: string | undefined; password: string },
  context: RequestContext,
) {
  try {
    return await deps.accounts.createWithPassword(input, context);
  } catch (error) {
    if (!(error instanceof AuthError) || error.code !== 'RF_AUTH_ACCOUNT_EXISTS') throw error;
    await queueSignupAttemptNotice(deps.db, input.email);
    throw new AuthError('RF_AUTH_ACCOUNT_EXISTS', SIGNUP_REFUSED, { field: 'email' });
  }
}

/** The job: mails the address what happened, at most once an hour. */
export function createSignupAttemptMailJobHandler(deps: {
  db: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  appUrl: string;
}): JobHandler {
  return async (job, context) => {
    const parsed = payload.safeParse(job.payload);
    if (!parsed.success) {
      await context.finish(context.db, { failed: `invalid payload: ${parsed.error.message}` });
      return;
    }
    const { email } = parsed.data;
    // Counted on the first try only: a retry after a mail-server error is the same mail.
    if (job.attempts <= 1) {
      const limit = await deps.limiter.hit(`signup-attempt-mail:${email}`, MAILS_PER_HOUR, 3600);
      if (!limit.allowed) return;
    }
    const owner = await findActiveUserByEmail(deps.db, email);
    await deps.mailer.send({
      to: email,
      ...signupAttemptMail({
        name: owner?.name ?? null,
        taken: owner ? 'email' : 'mobile',
        loginUrl: new URL('/login', deps.appUrl).toString(),
        resetUrl: new URL('/forgot-password', deps.appUrl).toString(),
      }),
    });
  };
}
