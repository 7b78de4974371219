import { and, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { WALLET_TRANSACTION_TYPES, type WalletTransactionType, walletTransactions } from './tables';

/**
 * Reads of one user's wallet ledger: «گردش حساب» (panel.items and its CSV) and
 * `api.v1.items.index`. Filters by type, by what a line is about (`reference`: a machine's uuid
 * for its usage) and by period; `to` is exclusive when `toExclusive` is set (a whole Tehran day).
 */
export interface LedgerFilter {
  type?: WalletTransactionType | undefined;
  reference?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  toExclusive?: boolean;
}

export interface LedgerQuery extends LedgerFilter {
  page: number;
  perPage: number;
}

/** The most lines one CSV export holds (a year of a busy account's top-ups and daily usage). */
export const LEDGER_EXPORT_MAX = 20_000;

function where(userId: number, filter: LedgerFilter): SQL | undefined {
  const conditions = [eq(walletTransactions.userId, userId)];
  if (filter.type) conditions.push(eq(walletTransactions.type, filter.type));
  if (filter.reference) conditions.push(eq(walletTransactions.reference, filter.reference));
  if (filter.from) conditions.push(gte(walletTransactions.createdAt, filter.from));
  if (filter.to)
    conditions.push(
      filter.toExclusive
        ? lt(walletTransactions.createdAt, filter.to)
        : lte(walletTransactions.createdAt, filter.to),
    );
  return and(...conditions);
}

const wire = (row: typeof walletTransactions.$inferSelect) => ({
  id: row.id,
  type: row.type,
  amount: row.amount,
  balance_after: row.balanceAfter,
  description: row.description,
  reference: row.reference,
  created_at: row.createdAt.toISOString(),
});

export type LedgerLine = ReturnType<typeof wire>;

export async function listLedger(db: Database, userId: number, query: LedgerQuery) {
  // One row more than a page says whether another page exists, without counting the whole ledger.
  const rows = await db
    .select()
    .from(walletTransactions)
    .where(where(userId, query))
    .orderBy(desc(walletTransactions.id))
    .limit(query.perPage + 1)
    .offset((query.page - 1) * query.perPage);
  return {
    data: rows.slice(0, query.perPage).map(wire),
    meta: { page: query.page, per_page: query.perPage, has_more: rows.length > query.perPage },
  };
}

/** What came in and what went out over the filter, in Rial (out as a positive number). */
export async function ledgerTotals(db: Database, userId: number, filter: LedgerFilter) {
  const [row] = await db
    .select({
      credits:
        sql<number>`coalesce(sum(${walletTransactions.amount}) filter (where ${walletTransactions.amount} > 0), 0)`.mapWith(
          Number,
        ),
      debits:
        sql<number>`coalesce(-sum(${walletTransactions.amount}) filter (where ${walletTransactions.amount} < 0), 0)`.mapWith(
          Number,
        ),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(walletTransactions)
    .where(where(userId, filter));
  return { credits: row?.credits ?? 0, debits: row?.debits ?? 0, count: row?.count ?? 0 };
}

/**
 * The filter's lines for the CSV, oldest first (a statement reads down the page); past the cap it
 * is the newest LEDGER_EXPORT_MAX that are kept, hence newest-first, limited, then reversed.
 */
export async function exportLedger(db: Database, userId: number, filter: LedgerFilter) {
  const rows = await db
    .select()
    .from(walletTransactions)
    .where(where(userId, filter))
    .orderBy(desc(walletTransactions.id))
    .limit(LEDGER_EXPORT_MAX);
  return rows.reverse().map(wire);
}

export { WALLET_TRANSACTION_TYPES };
