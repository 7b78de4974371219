import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import { type RequestContext, recordActivity } from '../activity/service';
import type { Mailer } from '../notifications/mail';
import { passwordResetMail } from '../notifications/mail';
import { endUserSessions } from '../sessions/queries';
import { findActiveUserByEmail, updateUser } from '../users/queries';
import { AuthError } from './errors';
import { hashPassword } from './password';
import { assertPasswordAllowed } from './password-rules';
import { passwordResetTokens, rememberTokens } from './tables';

export const RESET_TOKEN_MINUTES = 60;
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
    async request(email: string, context: RequestContext = {}): Promise<{ status: 'sent'; message: string }> {
      // The token is made whether or not it is used, so both paths do the same work up to the mail.
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const user = await findActiveUserByEmail(db, email);
      // Only to an address its owner proved: anyone can type an unverified one into a profile (or
      // a sign-up), and a reset link there would hand them the account.
      if (user?.email && user.emailVerifiedAt) {
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
        if (written.length === 1) {
          const url = new URL(`/reset-password/${token}`, options.appUrl);
          url.searchParams.set('email', user.email);
          await mailer.send({
            to: user.email,
            ...passwordResetMail({ name: user.name, url: url.toString(), minutes: RESET_TOKEN_MINUTES }),
          });
          await recordActivity(db, { event: 'auth:password.reset_requested', actorId: user.id, ...context });
        }
      }
      return { status: 'sent', message: SENT };
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
