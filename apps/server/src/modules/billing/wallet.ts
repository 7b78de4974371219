import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { BroadcastEvent } from '../../platform/broadcasting';
import { lockUser, updateUser } from '../users';
import { WalletError } from './errors';
import { balanceChanged } from './events';
import { type WalletTransactionType, walletTransactions } from './tables';

export interface LedgerEntryInput {
  userId: number;
  type: WalletTransactionType;
  /** Signed, in Rial: credits are positive, charges negative. */
  amount: number;
  description: string;
  /** Unique per movement of money: posting the same key twice moves the money once. */
  idempotencyKey: string;
  reference?: string | undefined;
  /** Usage may run the balance below zero (the machine is then stopped); a purchase may not. */
  allowNegative?: boolean;
  /** When the money moved, if not now: a usage line is dated by the minute it charges. */
  at?: Date;
}

export type LedgerEntry = typeof walletTransactions.$inferSelect;

/**
 * Appends one line to the wallet ledger and moves the cached balance with it, in one transaction
 * (a savepoint when `db` is already a transaction). The user's row is locked first, so concurrent
 * posts for one user queue up and each sees the balance the previous one left: balance = sum of
 * the ledger, never a lost or double entry. The only writer of the ledger (a trigger refuses
 * UPDATE and DELETE). With `broadcast` (a transactionWithBroadcasts publisher), a new line tells
 * the owner's pages `BalanceChanged` after the commit.
 */
export async function postLedgerEntry(
  db: Database,
  input: LedgerEntryInput,
  broadcast?: (event: BroadcastEvent) => void,
): Promise<{ entry: LedgerEntry; duplicate: boolean }> {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) {
    throw new WalletError('RF_WALLET_ZERO_AMOUNT', 'مبلغ تراکنش باید عددی صحیح و غیر صفر باشد.');
  }
  return db.transaction(async (tx) => {
    const owner = await lockUser(tx, input.userId);
    if (!owner) throw new WalletError('RF_WALLET_USER_NOT_FOUND', 'کاربر این کیف پول پیدا نشد.');

    const [existing] = await tx
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.idempotencyKey, input.idempotencyKey));
    if (existing) return { entry: existing, duplicate: true };

    const balanceAfter = owner.balance + input.amount;
    if (balanceAfter < 0 && !input.allowNegative) {
      throw new WalletError('RF_WALLET_INSUFFICIENT_BALANCE', 'موجودی کیف پول برای این کار کافی نیست.');
    }
    const [entry] = await tx
      .insert(walletTransactions)
      .values({
        userId: input.userId,
        type: input.type,
        amount: input.amount,
        balanceAfter,
        description: input.description,
        idempotencyKey: input.idempotencyKey,
        reference: input.reference,
        ...(input.at ? { createdAt: input.at } : {}),
      })
      .returning();
    await updateUser(tx, input.userId, { balance: balanceAfter });
    broadcast?.(balanceChanged(input.userId, balanceAfter));
    return { entry: entry!, duplicate: false };
  });
}
