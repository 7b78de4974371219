import { and, count, desc, eq, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accountNameOf } from '../users/queries';
import { payments, walletTransactions } from './tables';

/** Money that came in as wallet top-ups since an instant: the farm's cash revenue. */
export async function topupsSince(db: Database, since: Date): Promise<{ amount: number; count: number }> {
  const [row] = await db
    .select({ amount: sum(walletTransactions.amount).mapWith(Number), count: count() })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.type, 'topup'), gte(walletTransactions.createdAt, since)));
  return { amount: row?.amount ?? 0, count: row?.count ?? 0 };
}

/** One Tehran day's money by kind (Rial, all positive): what Admin/Chart1 adds up into buckets. */
export interface DayMoney {
  /** `2026-11-26`, the Tehran calendar day. */
  day: string;
  topups: number;
  usage: number;
  refunds: number;
}

/**
 * The ledger by Tehran day in [start, end): top-ups (cash in), usage charges (machines and drives,
 * as positive amounts) and refunds (every refund line's size, to the wallet or taken back for a
 * card refund). Tehran is +03:30 all year since Iran dropped summer time (2022), so a fixed offset
 * names the day without the database needing zone data. `usageReferences`: only usage of these
 * machines (a location or plan filter); top-ups and refunds belong to no machine and are kept.
 */
export async function dailyMoney(
  db: Database,
  range: { start: Date; end: Date },
  usageReferences: string[] | null = null,
): Promise<DayMoney[]> {
  const day = sql<string>`to_char((${walletTransactions.createdAt} at time zone 'UTC') + interval '12600 seconds', 'YYYY-MM-DD')`;
  const usage =
    usageReferences === null
      ? sql`${walletTransactions.type} in ('usage', 'drive')`
      : usageReferences.length === 0
        ? sql`false`
        : sql`${walletTransactions.type} = 'usage' and ${inArray(walletTransactions.reference, usageReferences)}`;
  const rows = await db
    .select({
      day,
      topups:
        sql<number>`coalesce(sum(${walletTransactions.amount}) filter (where ${walletTransactions.type} = 'topup'), 0)`.mapWith(
          Number,
        ),
      usage: sql<number>`coalesce(-sum(${walletTransactions.amount}) filter (where ${usage}), 0)`.mapWith(
        Number,
      ),
      refunds:
        sql<number>`coalesce(sum(abs(${walletTransactions.amount})) filter (where ${walletTransactions.type} = 'refund'), 0)`.mapWith(
          Number,
        ),
    })
    .from(walletTransactions)
    .where(and(gte(walletTransactions.createdAt, range.start), lt(walletTransactions.createdAt, range.end)))
    .groupBy(day)
    .orderBy(day);
  return rows;
}

/** One Tehran day of machine usage: charged machine-minutes and the most machines in one minute. */
export interface DayUsage {
  day: string;
  minutes: number;
  peak: number;
}

const TEHRAN_DAY = (column: typeof walletTransactions.createdAt) =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '12600 seconds', 'YYYY-MM-DD')`;

/**
 * Machine usage by Tehran day in [start, end): each running machine is charged one `usage` line
 * per started minute, dated by that minute, so the lines count machine-minutes and the lines of
 * one minute count the machines running in it (the peak is the day's largest such count).
 */
export async function dailyUsage(db: Database, range: { start: Date; end: Date }): Promise<DayUsage[]> {
  const perMinute = db
    .select({
      day: TEHRAN_DAY(walletTransactions.createdAt).as('day'),
      minute: sql<string>`date_trunc('minute', ${walletTransactions.createdAt})`.as('minute'),
      n: sql<number>`count(*)`.as('n'),
    })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.type, 'usage'),
        gte(walletTransactions.createdAt, range.start),
        lt(walletTransactions.createdAt, range.end),
      ),
    )
    .groupBy(sql`1`, sql`2`)
    .as('per_minute');
  const rows = await db
    .select({
      day: perMinute.day,
      minutes: sql<number>`sum(${perMinute.n})`.mapWith(Number),
      peak: sql<number>`max(${perMinute.n})`.mapWith(Number),
    })
    .from(perMinute)
    .groupBy(perMinute.day)
    .orderBy(perMinute.day);
  return rows;
}

/** Charged machine-minutes in [start, end) by machine (the usage line's reference is its uuid). */
export async function usageMinutesByMachine(
  db: Database,
  range: { start: Date; end: Date },
): Promise<Map<string, number>> {
  const rows = await db
    .select({ reference: walletTransactions.reference, minutes: count() })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.type, 'usage'),
        gte(walletTransactions.createdAt, range.start),
        lt(walletTransactions.createdAt, range.end),
      ),
    )
    .groupBy(walletTransactions.reference);
  return new Map(rows.flatMap((r) => (r.reference ? [[r.reference, r.minutes] as const] : [])));
}

/** Payments held for a person to look at (amount mismatch: never credited): a Dash alert. */
export async function paymentsInReview(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payments).where(eq(payments.status, 'review'));
  return row?.n ?? 0;
}

/**
 * The newest gateway payments of every customer, newest first, with the payer's name (one
 * statement): Admin/Dash «تازه‌ترین پرداخت‌ها». `amount` is Rial asked of the gateway.
 */
export async function latestPayments(db: Database, limit = 5) {
  const rows = await db
    .select({
      uuid: payments.uuid,
      userId: payments.userId,
      name: accountNameOf(payments.userId),
      amount: payments.amount,
      status: payments.status,
      gateway: payments.gateway,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
  return rows.map((r) => ({
    uuid: r.uuid,
    user: { id: r.userId, name: r.name ?? '' },
    amount: r.amount,
    status: r.status,
    gateway: r.gateway,
    created_at: r.createdAt.toISOString(),
  }));
}
