import { eq, inArray } from 'drizzle-orm';
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
/** A ledger line moves a whole, non-zero number of Rial. */
function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount === 0) {
    throw new WalletError('RF_WALLET_ZERO_AMOUNT', 'مبلغ تراکنش باید عددی صحیح و غیر صفر باشد.');
  }
}

export async function postLedgerEntry(
  db: Database,
  input: LedgerEntryInput,
  broadcast?: (event: BroadcastEvent) => void,
): Promise<{ entry: LedgerEntry; duplicate: boolean }> {
  assertAmount(input.amount);
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

/** One line of a batch: what `LedgerEntryInput` says, for a wallet the batch names once. */
export type LedgerLine = Omit<LedgerEntryInput, 'userId' | 'allowNegative'>;

/** Rows a batch sends in one INSERT (8 parameters each, far below PostgreSQL's 65,535). */
const LINES_PER_INSERT = 2_000;

/**
 * Appends many lines to one wallet's ledger in as few statements as it can: the caller has locked
 * the owner's row (lockUser) in its transaction and passes the balance it read. The lines already
 * posted (their keys exist) are skipped, the rest go in their order with each `balance_after`
 * running on from the last, in one INSERT per 2,000 lines, and the cached balance moves once. The
 * usage tick posts its machine-minutes this way: the same lines and keys as one postLedgerEntry
 * each, without a savepoint, a lock and a lookup per line. Usage may go below zero, so no line is
 * refused for the balance. Returns the balance after the last line and how many were new.
 */
export async function appendLedgerLines(
  tx: Database,
  owner: { id: number; balance: number },
  lines: LedgerLine[],
): Promise<{ balance: number; posted: number }> {
  for (const line of lines) assertAmount(line.amount);
  const posted = new Set<string>();
  for (let i = 0; i < lines.length; i += LINES_PER_INSERT) {
    const keys = lines.slice(i, i + LINES_PER_INSERT).map((line) => line.idempotencyKey);
    const found = await tx
      .select({ key: walletTransactions.idempotencyKey })
      .from(walletTransactions)
      .where(inArray(walletTransactions.idempotencyKey, keys));
    for (const { key } of found) posted.add(key);
  }
  let balance = owner.balance;
  const rows = lines
    .filter((line) => !posted.has(line.idempotencyKey))
    .map((line) => {
      balance += line.amount;
      return {
        userId: owner.id,
        type: line.type,
        amount: line.amount,
        balanceAfter: balance,
        description: line.description,
        idempotencyKey: line.idempotencyKey,
        reference: line.reference,
        ...(line.at ? { createdAt: line.at } : {}),
      };
    });
  for (let i = 0; i < rows.length; i += LINES_PER_INSERT) {
    await tx.insert(walletTransactions).values(rows.slice(i, i + LINES_PER_INSERT));
  }
  if (rows.length > 0) await updateUser(tx, owner.id, { balance });
  return { balance, posted: rows.length };
}
