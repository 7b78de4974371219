import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResetTokens, rememberTokens } from './tables';

/** Ends "remember me" on every browser of the account (but the one kept, when given). */
export async function revokeRememberTokens(
  db: Database,
  userId: number,
  exceptId?: number | null,
): Promise<void> {
  await db
    .delete(rememberTokens)
    .where(
      exceptId
        ? and(eq(rememberTokens.userId, userId), ne(rememberTokens.id, exceptId))
        : eq(rememberTokens.userId, userId),
    );
}

/** Spends any password-reset link the account was sent. */
export async function forgetPasswordReset(db: Database, userId: number): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}
