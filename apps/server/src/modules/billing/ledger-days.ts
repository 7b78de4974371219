import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Kept ledger days: the ledger's totals per Tehran day, line type and (for `usage`) machine, for
 * days that have ended, so the admin figures over a month or two years add up a few rows per day
 * instead of every line (issue 16). Today is never kept: it is always summed from the ledger.
 *
 * Why a kept day stays right: the ledger is append-only (migration 0008 refuses UPDATE and
 * DELETE), so a day's lines can only grow, and only in two ways. (1) A transaction that began
 * before the day ended inserts a line dated by its start (`now()`) and commits after the day
 * ended: a day is filled only once no other transaction that began before its end is still open
 * (pg_stat_activity). (2) A line is dated into an ended day on purpose (the usage tick dates each
 * minute's charge by the minute, and catches up after the worker was down): the trigger of
 * migration 0015 then forgets that kept day (its totals go with it), and the next read sums it from
 * the ledger again and keeps it anew. The trigger takes LEDGER_DAYS_LOCK shared and a fill takes it
 * exclusively, so neither can miss the other.
 */
export const LEDGER_DAYS_LOCK = 727_016;

/** Iran has kept +03:30 all year since 2022: the same fixed offset the SQL names days with. */
const TEHRAN_OFFSET_MS = 12_600_000;
const DAY_MS = 86_400_000;

/** The Tehran calendar day (`2026-11-26`) an instant falls in. */
export function tehranDayOf(at: Date): string {
  return new Date(at.getTime() + TEHRAN_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first instant of a Tehran day. */
export function tehranDayStartOf(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - TEHRAN_OFFSET_MS);
}

export function nextDay(day: string, days = 1): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The days from `first` to `last` (inclusive) that `kept` does not hold, in order. */
export function daysNotKept(first: string, last: string, kept: Set<string>): string[] {
  const missing: string[] = [];
  for (let day = first; day <= last; day = nextDay(day)) if (!kept.has(day)) missing.push(day);
  return missing;
}

/** The Tehran day of a ledger line, as the kept days and the live sums both name it. */
export const LINE_DAY = sql`((wallet_transactions.created_at at time zone 'UTC') + interval '12600 seconds')::date`;

/**
 * The ended days wholly inside [start, end): the span whose totals may come from kept days, or
 * null when there is none (a range inside today, or shorter than a day).
 */
export function closedSpan(
  range: { start: Date; end: Date },
  now: Date,
): { first: string; last: string } | null {
  let first = tehranDayOf(range.start);
  if (tehranDayStartOf(first) < range.start) first = nextDay(first);
  // The day before the one `end` falls in ends at or before `end`.
  let last = nextDay(tehranDayOf(range.end), -1);
  const yesterday = nextDay(tehranDayOf(now), -1);
  if (last > yesterday) last = yesterday;
  return first <= last ? { first, last } : null;
}

/**
 * The days that may be kept now: ended by the database's own clock (the trigger judges «dated into
 * an ended day» by it, so the app's clock running ahead must not keep a day early), and ended before
 * the oldest transaction still open began (that one may still add a line dated by its start).
 */
export function keepableDays(
  days: string[],
  limits: { databaseNow: number; openSince: number | null },
): string[] {
  const limit = Math.min(limits.databaseNow, limits.openSince ?? Number.POSITIVE_INFINITY);
  return days.filter((day) => tehranDayStartOf(nextDay(day)).getTime() <= limit);
}

/**
 * Keeps the ended days `days` (sorted ISO days, none of them today): sums them from the ledger
 * into ledger_day_totals in one statement, under LEDGER_DAYS_LOCK. Days not yet keepable
 * (keepableDays) are left for a later read. Returns how many days were kept.
 */
export async function keepLedgerDays(db: Database, days: string[]): Promise<number> {
  if (days.length === 0) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_DAYS_LOCK})`);
    const clock = await tx.execute<{ now: number; open_since: number | null }>(sql`
      select (extract(epoch from clock_timestamp()) * 1000)::float8 as now,
             (select (extract(epoch from min(xact_start)) * 1000)::float8 from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null) as open_since`);
    const row = clock.rows[0]!;
    const wanted = keepableDays(days, {
      databaseNow: Number(row.now),
      openSince: row.open_since === null ? null : Number(row.open_since),
    });
    if (wanted.length === 0) return 0;
    const list = wanted.join(',');
    // A concurrent read may have kept some of them meanwhile (we waited for its lock): skip those.
    const kept = await tx.execute(sql`
      insert into ledger_days (day)
      select d from unnest(string_to_array(${list}, ',')::date[]) d
      on conflict (day) do nothing
      returning day::text`);
    const fresh = (kept.rows as { day: string }[]).map((r) => r.day).sort();
    if (fresh.length === 0) return 0;
    // Every line of a day by type (reference ''), and a machine's usage lines alone (its uuid).
    await tx.execute(sql`
      insert into ledger_day_totals (day, type, reference, amount, magnitude, lines)
      select day, type, case when grouping(reference) = 1 then '' else reference end,
             sum(amount), sum(abs(amount)), count(*)
      from (
        select ${LINE_DAY} as day, type, reference, amount from wallet_transactions
        where created_at >= ${tehranDayStartOf(fresh[0]!).toISOString()}::timestamptz
          and created_at < ${tehranDayStartOf(nextDay(fresh.at(-1)!)).toISOString()}::timestamptz
      ) line
      -- A hashed set, not = any(array): that compares every line with every day (minutes for a year).
      where day in (select unnest(string_to_array(${fresh.join(',')}, ','))::date)
      group by grouping sets ((day, type), (day, type, reference))
      having grouping(reference) = 1 or (type = 'usage' and reference <> '')`);
    return fresh.length;
  });
}
