import { and, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { WALLET_TRANSACTION_TYPES, type WalletTransactionType, walletTransactions } from './tables';
import { chargedSpan } from './usage-minutes';

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

// Tehran's clock hour of a line: +03:30 all year since Iran dropped summer time (2022), so a fixed
// offset names the hour the customer's clock showed without the database needing zone data.
const TEHRAN_OFFSET_SECONDS = 12_600;

/**
 * «گردش حساب» as people read it: a machine's unbroken run of usage minutes within one Tehran clock
 * hour folds into one row (the ledger keeps a line per minute, which is right for the books and a
 * wall of identical rows on a page); every other line stays a row of its own. A run, not the whole
 * hour: a row says «۳ دقیقه، از ۱۴:۰۱ تا ۱۴:۰۴», and a machine stopped and started again within
 * the hour would make that range longer than its minutes. A row's balance is the one after its
 * last line; `lines` says how many minutes it holds, `first_at`–`to_at` the clock time they cover
 * (chargedSpan: the first minute's start to the last one's end, so to_at − first_at = lines).
 */
export async function listLedgerFolded(db: Database, userId: number, query: LedgerQuery) {
  const t = walletTransactions;
  const hour = sql`floor((extract(epoch from ${t.createdAt}) + ${TEHRAN_OFFSET_SECONDS}) / 3600)::bigint`;
  // Gaps and islands: within one machine's hour, minute number minus rank is the same for every
  // minute of an unbroken run and changes at each gap.
  const minute = sql`floor(extract(epoch from ${t.createdAt}) / 60)::bigint`;
  const usage = sql`${t.type} = 'usage' and ${t.reference} is not null`;
  const run = sql`${minute} - row_number() over (partition by ${t.type}, ${t.reference}, ${hour} order by ${t.createdAt}, ${t.id})`;
  const lines = db
    .select({
      id: t.id,
      type: t.type,
      reference: t.reference,
      amount: t.amount,
      balanceAfter: t.balanceAfter,
      description: t.description,
      createdAt: t.createdAt,
      row: sql<string>`case when ${usage}
        then 'u:' || ${t.reference} || ':' || (${hour})::text || ':' || (${run})::text
        else 'l:' || ${t.id}::text end`.as('row'),
    })
    .from(t)
    .where(where(userId, query))
    .as('lines');
  const l = lines;
  const rows = await db
    .select({
      id: sql<number>`max(${l.id})`.mapWith(Number),
      type: sql<WalletTransactionType>`min(${l.type})`,
      reference: sql<string | null>`min(${l.reference})`,
      amount: sql<number>`sum(${l.amount})`.mapWith(Number),
      balanceAfter: sql<number>`(array_agg(${l.balanceAfter} order by ${l.id} desc))[1]`.mapWith(Number),
      description: sql<string>`(array_agg(${l.description} order by ${l.id} desc))[1]`,
      lines: sql<number>`count(*)`.mapWith(Number),
      firstAt: sql<Date>`min(${l.createdAt})`.mapWith(t.createdAt),
      createdAt: sql<Date>`max(${l.createdAt})`.mapWith(t.createdAt),
    })
    .from(lines)
    .groupBy(l.row)
    .orderBy(sql`max(${l.id}) desc`)
    .limit(query.perPage + 1)
    .offset((query.page - 1) * query.perPage);
  return {
    data: rows.slice(0, query.perPage).map((r) => foldedRow(r)),
    meta: { page: query.page, per_page: query.perPage, has_more: rows.length > query.perPage },
  };
}

/** A statement row on the wire; a usage row also carries the clock range its minutes cover. */
export function foldedRow(r: {
  id: number;
  type: WalletTransactionType;
  reference: string | null;
  amount: number;
  balanceAfter: number;
  description: string;
  lines: number;
  firstAt: Date;
  createdAt: Date;
}) {
  const span = chargedSpan(r.firstAt, r.lines);
  return {
    id: r.id,
    type: r.type,
    amount: r.amount,
    balance_after: r.balanceAfter,
    description: r.description,
    reference: r.reference,
    created_at: r.createdAt.toISOString(),
    first_at: span.from.toISOString(),
    to_at: span.to.toISOString(),
    lines: r.lines,
  };
}

export type LedgerRow = Awaited<ReturnType<typeof listLedgerFolded>>['data'][number];

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
