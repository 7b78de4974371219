import { and, count, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accountNameOf } from '../users';
import { closedSpan, daysNotKept, keepLedgerDays, LINE_DAY, nextDay, tehranDayStartOf } from './ledger-days';
import { ledgerDays, ledgerDayTotals, payments, walletTransactions } from './tables';

/** One Tehran day's money by kind (Rial, all positive): what Admin/Chart1 adds up into buckets. */
export interface DayMoney {
  /** `2026-11-26`, the Tehran calendar day. */
  day: string;
  topups: number;
  usage: number;
  refunds: number;
}

/** A Tehran day of the ledger as Admin/Dash reads it: the chart's figures and the top-ups' count. */
export interface LedgerDay extends DayMoney {
  topupCount: number;
}

/**
 * The ledger by Tehran day in [start, end): top-ups (cash in), usage charges (machines and drives,
 * as positive amounts) and refunds (every refund line's size, to the wallet or taken back for a
 * card refund). Tehran is +03:30 all year since Iran dropped summer time (2022), so a fixed offset
 * names the day without the database needing zone data. `usageReferences`: only usage of these
 * machines (a location or plan filter); top-ups and refunds belong to no machine and are kept.
 *
 * Ended days already kept (ledger-days.ts) come from their totals and the rest of the range (today,
 * a partial day at either end) from the ledger's lines through its created_at index, in one
 * statement over one snapshot. Ended days found not kept (the first read, or a day a late line
 * made forgotten) are kept then and the statement read again; a day that cannot be kept yet is
 * summed from its lines.
 * The live ranges are constants, not a join, so the planner estimates them from the index (a
 * join's guess of a ninth of the ledger per range once cost JIT compilation, 0.8 s, per read).
 */
export async function dailyMoney(
  db: Database,
  range: { start: Date; end: Date },
  usageReferences: string[] | null = null,
  now: Date = new Date(),
): Promise<LedgerDay[]> {
  const span = closedSpan(range, now);
  const refs = sql`string_to_array(${(usageReferences ?? []).join(',')}, ',')`;
  const liveUsage =
    usageReferences === null
      ? sql`${walletTransactions.type} in ('usage', 'drive', 'render')`
      : usageReferences.length === 0
        ? sql`false`
        : sql`${walletTransactions.type} = 'usage' and ${walletTransactions.reference} = any(${refs})`;
  const live = (ranges: { start: Date; end: Date }[]) => sql`
    select ${LINE_DAY}::text as day, false as kept,
      coalesce(sum(amount) filter (where type = 'topup'), 0)::float8 as topups,
      coalesce(-sum(amount) filter (where ${liveUsage}), 0)::float8 as usage,
      coalesce(sum(abs(amount)) filter (where type = 'refund'), 0)::float8 as refunds,
      (count(*) filter (where type = 'topup'))::float8 as topup_count,
      count(*)::float8 as lines
    from ${walletTransactions}
    where ${or(...ranges.map((r) => and(gte(walletTransactions.createdAt, r.start), lt(walletTransactions.createdAt, r.end))))}
    group by 1`;
  let statement = live([range]);
  if (span) {
    const keptUsage =
      usageReferences === null
        ? sql`t.type in ('usage', 'drive', 'render') and t.reference = ''`
        : usageReferences.length === 0
          ? sql`false`
          : sql`t.type = 'usage' and t.reference = any(${refs})`;
    const keptRows =
      usageReferences === null || usageReferences.length === 0
        ? sql`t.reference = ''`
        : sql`(t.reference = '' or t.reference = any(${refs}))`;
    const around = [
      { start: range.start, end: tehranDayStartOf(span.first) },
      { start: tehranDayStartOf(nextDay(span.last)), end: range.end },
    ].filter((r) => r.start < r.end);
    statement = sql`
      select k.day::text as day, true as kept,
        coalesce(sum(t.amount) filter (where t.type = 'topup' and t.reference = ''), 0)::float8 as topups,
        coalesce(-sum(t.amount) filter (where ${keptUsage}), 0)::float8 as usage,
        coalesce(sum(t.magnitude) filter (where t.type = 'refund' and t.reference = ''), 0)::float8 as refunds,
        coalesce(sum(t.lines) filter (where t.type = 'topup' and t.reference = ''), 0)::float8 as topup_count,
        coalesce(sum(t.lines) filter (where t.reference = ''), 0)::float8 as lines
      from ${ledgerDays} k left join ${ledgerDayTotals} t on t.day = k.day and ${keptRows}
      where k.day >= ${span.first}::date and k.day <= ${span.last}::date
      group by k.day
      ${around.length > 0 ? sql`union all ${live(around)}` : sql``}`;
  }
  let rows = (await db.execute<MoneyRow>(statement)).rows;
  if (span) {
    const missingOf = (read: MoneyRow[]) =>
      daysNotKept(span.first, span.last, new Set(read.filter((r) => r.kept).map((r) => r.day)));
    let missing = missingOf(rows);
    // Keep them first (one pass over their lines), then read again: cheaper than summing them live
    // and then again to keep them.
    if (missing.length > 0 && (await keepLedgerDays(db, missing)) > 0) {
      rows = (await db.execute<MoneyRow>(statement)).rows;
      missing = missingOf(rows);
    }
    if (missing.length > 0) {
      // Days that could not be kept yet (a transaction begun before their end is still open).
      const ranges: { start: Date; end: Date }[] = [];
      for (const day of missing) {
        const start = tehranDayStartOf(day);
        const end = tehranDayStartOf(nextDay(day));
        const previous = ranges.at(-1);
        if (previous && previous.end.getTime() === start.getTime()) previous.end = end;
        else ranges.push({ start, end });
      }
      rows.push(...(await db.execute<MoneyRow>(live(ranges))).rows);
    }
  }
  // A kept day without lines comes back too: only days with lines are listed, as the lines list them.
  return rows
    .filter((r) => Number(r.lines) > 0)
    .map((r) => ({
      day: r.day,
      topups: Number(r.topups),
      usage: Number(r.usage),
      refunds: Number(r.refunds),
      topupCount: Number(r.topup_count),
    }))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

type MoneyRow = {
  day: string;
  kept: boolean;
  topups: number;
  usage: number;
  refunds: number;
  topup_count: number;
  lines: number;
};

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
