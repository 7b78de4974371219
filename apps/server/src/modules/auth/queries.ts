import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deleteOwnedRows } from '../../db/owned-rows';
import { passwordResetTokens, rememberTokens } from './tables';

/** Ends "remember me" on every browser of the account (but the one kept, when given). */
export async function revokeRememberTokens(
  db: Database,
  userId: number,
  exceptId?: number | null,
): Promise<void> {
  await deleteOwnedRows(db, rememberTokens, rememberTokens.userId, userId, {
    column: rememberTokens.id,
    value: exceptId,
  });
}

/** Spends any password-reset link the account was sent. */
export async function forgetPasswordReset(db: Database, userId: number): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}
