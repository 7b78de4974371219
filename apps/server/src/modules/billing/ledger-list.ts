import { and, desc, eq, gte, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { WALLET_TRANSACTION_TYPES, type WalletTransactionType, walletTransactions } from './tables';

/**
 * A read of one user's wallet ledger for `api.v1.items.index`. The billing module owns the table
 * and has no reader yet (its service only posts entries); when panel.items brings one, this moves
 * behind it.
 */
export interface LedgerQuery {
  type?: WalletTransactionType | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  page: number;
  perPage: number;
}

export async function listLedger(db: Database, userId: number, query: LedgerQuery) {
  const conditions = [eq(walletTransactions.userId, userId)];
  if (query.type) conditions.push(eq(walletTransactions.type, query.type));
  if (query.from) conditions.push(gte(walletTransactions.createdAt, query.from));
  if (query.to) conditions.push(lte(walletTransactions.createdAt, query.to));
  const where = and(...conditions);
  // One row more than a page says whether another page exists, without counting the whole ledger.
  const rows = await db
    .select()
    .from(walletTransactions)
    .where(where)
    .orderBy(desc(walletTransactions.id))
    .limit(query.perPage + 1)
    .offset((query.page - 1) * query.perPage);
  return {
    data: rows.slice(0, query.perPage).map((row) => ({
      id: row.id,
      type: row.type,
      amount: row.amount,
      balance_after: row.balanceAfter,
      description: row.description,
      reference: row.reference,
      created_at: row.createdAt.toISOString(),
    })),
    meta: { page: query.page, per_page: query.perPage, has_more: rows.length > query.perPage },
  };
}

export { WALLET_TRANSACTION_TYPES };
