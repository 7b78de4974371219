import { and, count, eq, gte, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { walletTransactions } from './tables';

/** Money that came in as wallet top-ups since an instant: the farm's cash revenue. */
export async function topupsSince(db: Database, since: Date): Promise<{ amount: number; count: number }> {
  const [row] = await db
    .select({ amount: sum(walletTransactions.amount).mapWith(Number), count: count() })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.type, 'topup'), gte(walletTransactions.createdAt, since)));
  return { amount: row?.amount ?? 0, count: row?.count ?? 0 };
}
