import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import { hashPassword } from '../../lib/password';
import type { JobHandler } from '../../platform/jobs';
import { enqueue } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import { type RequestContext, recordActivity } from '../activity';
import { passwordResetMail } from '../notifications';
import { endUserSessions } from '../sessions';
import { findActiveUserByEmail, updateUser } from '../users';
import { AuthError } from './errors';
import { assertPasswordAllowed } from './password-rules';
import { passwordResetTokens, rememberTokens } from './tables';

export const RESET_TOKEN_MINUTES = 60;
export const PASSWORD_RESET_MAIL_JOB = 'auth.password-reset.mail';
// A new link at most once a minute per account, so the form cannot be used to flood a mailbox.
const RESEND_SECONDS = 60;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const SENT = 'اگر حسابی با این ایمیل وجود داشته باشد، پیوند تعیین رمز عبور تازه به آن فرستاده شد.';
const INVALID = 'این پیوند بازنشانی رمز عبور معتبر نیست یا مهلتش تمام شده است؛ پیوند تازه بخواهید.';

/**
 * Auth/ForgotPassword and Auth/ResetPassword: a random token mailed as a link, stored as SHA-256,
 * valid 60 minutes and once, mailed only to a verified address. `request` answers the same whether
 * or not the address has an account.
 */
export function createPasswordResetService(options: {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  clock?: Clock;
}) {
  const { db, mailer } = options;
  const clock = options.clock ?? systemClock;

  return {
    /**
     * `password.email`: queues the link and answers. The request does the same work whether or
     * not the address has an account (one queued job), so neither the answer nor its time tells:
     * looking up the account, writing the token and talking to the mail server happen in the job.
     */
    async request(email: string, context: RequestContext = {}): Promise<{ status: 'sent'; message: string }> {
      await enqueue(
        db,
        PASSWORD_RESET_MAIL_JOB,
        { email, ip: context.ip ?? null, userAgent: context.userAgent ?? null },
        { maxAttempts: 5 },
      );
      return { status: 'sent', message: SENT };
    },

    /** The job's half: a link to the account's verified address, at most one a minute. */
    async sendLink(email: string, context: RequestContext = {}): Promise<void> {
      const user = await findActiveUserByEmail(db, email);
      // Only to an address its owner proved: anyone can type an unverified one into a profile (or
      // a sign-up), and a reset link there would hand them the account.
      if (!user?.email || !user.emailVerifiedAt) return;
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const written = await db
        .insert(passwordResetTokens)
        .values({
          userId: user.id,
          tokenHash: sha256(token),
          createdAt: now,
          expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
        })
        .onConflictDoUpdate({
          target: passwordResetTokens.userId,
          set: {
            tokenHash: sha256(token),
            createdAt: now,
            expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
          },
          setWhere: sql`${passwordResetTokens.createdAt} <= ${new Date(now.getTime() - RESEND_SECONDS * 1000)}`,
        })
        .returning({ userId: passwordResetTokens.userId });
      if (written.length === 0) return;
      const url = new URL(`/reset-password/${token}`, options.appUrl);
      url.searchParams.set('email', user.email);
      try {
        await mailer.send({
          to: user.email,
          ...passwordResetMail({ name: user.name, url: url.toString(), minutes: RESET_TOKEN_MINUTES }),
        });
      } catch (error) {
        // Undelivered: the token goes too, so the job's retry writes and mails a new one.
        await db
          .delete(passwordResetTokens)
          .where(
            and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.tokenHash, sha256(token))),
          );
        throw error;
      }
      await recordActivity(db, { event: 'auth:password.reset_requested', actorId: user.id, ...context });
    },

    /** Sets the new password, spends the token, ends every session; returns the user id. */
    async reset(
      input: { token: string; email: string; password: string },
      context: RequestContext = {},
    ): Promise<{ userId: number }> {
      const user = await findActiveUserByEmail(db, input.email);
      const [token] = user
        ? await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))
        : [];
      const row = user && token ? { user, token } : undefined;
      const given = Buffer.from(sha256(String(input.token)), 'hex');
      const stored = Buffer.from(row?.token.tokenHash ?? sha256(''), 'hex');
      if (!row || !timingSafeEqual(given, stored) || row.token.expiresAt.getTime() <= clock().getTime()) {
        throw new AuthError('RF_AUTH_RESET_TOKEN_INVALID', INVALID);
      }
      assertPasswordAllowed(input.password, { email: row.user.email, mobile: row.user.mobile });
      const passwordHash = await hashPassword(input.password);
      const userId = row.user.id;
      await db.transaction(async (tx) => {
        // Deleting by hash makes the token single use even if two resets race.
        const spent = await tx
          .delete(passwordResetTokens)
          .where(
            and(
              eq(passwordResetTokens.userId, userId),
              eq(passwordResetTokens.tokenHash, row.token.tokenHash),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (spent.length === 0) throw new AuthError('RF_AUTH_RESET_TOKEN_INVALID', INVALID);
        await updateUser(tx, userId, { passwordHash });
        await endUserSessions(tx, userId);
        // Whoever knew the old password may have ticked "remember me": those browsers are out too.
        await tx.delete(rememberTokens).where(eq(rememberTokens.userId, userId));
        await recordActivity(tx, { event: 'auth:password.reset', actorId: userId, ...context });
      });
      return { userId };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

const mailJobPayload = z.object({
  email: z.string(),
  ip: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
});

/** `auth.password-reset.mail`: the link of a `request`, mailed after the answer has gone. */
export function createPasswordResetMailJobHandler(service: PasswordResetService): JobHandler {
  return async (job, context) => {
    const parsed = mailJobPayload.safeParse(job.payload);
    if (!parsed.success) {
      await context.finish(context.db, { failed: `invalid payload: ${parsed.error.message}` });
      return;
    }
    await service.sendLink(parsed.data.email, { ip: parsed.data.ip, userAgent: parsed.data.userAgent });
  };
}
