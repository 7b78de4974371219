import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { type User, users } from '../users/tables';
import {
  closedSpan,
  keepableDays,
  keepLedgerDays,
  nextDay,
  tehranDayOf,
  tehranDayStartOf,
} from './ledger-days';
import { dailyMoney } from './revenue';
import { postLedgerEntry } from './wallet';

const VILLA = '11111111-1111-4111-8111-111111111111';
const BLENDER = '22222222-2222-4222-8222-222222222222';

/**
 * Kept ledger days (issue 16): the totals kept for ended Tehran days equal the live sum of the
 * ledger's lines, by day, type and machine; today is always summed live; a line dated into a kept
 * day makes it summed again; a day a transaction still open may add to is not kept.
 */
describe(`billing: kept ledger days (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let sara: User;
  const db = () => database.db;
  let key = 0;

  const line = (type: 'topup' | 'usage' | 'drive' | 'refund', amount: number, at: Date, reference?: string) =>
    postLedgerEntry(db(), {
      userId: sara.id,
      type,
      amount,
      description: 'آزمون',
      idempotencyKey: `test:kept:${++key}`,
      reference,
      allowNegative: true,
      at,
    });

  /** The ledger summed here from its lines, by Tehran day over explicit +03:30 boundaries. */
  async function liveSums(first: string, last: string, references: string[] | null = null) {
    const result = await db().execute(sql`
      select to_char(created_at at time zone 'UTC' + interval '3 hours 30 minutes', 'YYYY-MM-DD') as day,
             coalesce(sum(amount) filter (where type = 'topup'), 0)::float8 as topups,
             coalesce(-sum(amount) filter (where ${
               references === null
                 ? sql`type in ('usage', 'drive')`
                 : sql`type = 'usage' and reference = any(string_to_array(${references.join(',')}, ','))`
             }), 0)::float8 as usage,
             coalesce(sum(abs(amount)) filter (where type = 'refund'), 0)::float8 as refunds,
             count(*) filter (where type = 'topup')::float8 as topup_count
      from wallet_transactions
      where created_at >= ${tehranDayStartOf(first).toISOString()}::timestamptz
        and created_at < ${tehranDayStartOf(nextDay(last)).toISOString()}::timestamptz
      group by 1 order by 1`);
    return (result.rows as Record<string, number | string>[]).map((r) => ({
      day: String(r.day),
      topups: Number(r.topups),
      usage: Number(r.usage),
      refunds: Number(r.refunds),
      topupCount: Number(r.topup_count),
    }));
  }

  const keptDays = async () =>
    (
      (await db().execute(sql`select day::text as day from ledger_days order by day`)).rows as {
        day: string;
      }[]
    ).map((r) => r.day);

  const today = tehranDayOf(new Date());
  const range = (first: string, last: string) => ({
    start: tehranDayStartOf(first),
    end: tehranDayStartOf(nextDay(last)),
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    [sara] = (await db().insert(users).values({ name: 'سارا', email: 'sara@example.test' }).returning()) as [
      User,
    ];
    // Across the end of Esfand 1403 (30 days): 1404/01/01 is 2025-03-21 in Tehran.
    await line('topup', 5_000_000, new Date('2025-03-19T08:00:00Z'));
    await line('usage', -1_000, new Date('2025-03-19T09:00:00Z'), VILLA);
    await line('usage', -3_000, new Date('2025-03-19T09:01:00Z'), BLENDER);
    await line('drive', -700, new Date('2025-03-20T10:00:00Z'));
    // 20:45 UTC on 20 March is 00:15 on 21 March in Tehran: the next day.
    await line('topup', 2_000_000, new Date('2025-03-20T20:45:00Z'));
    await line('refund', 400_000, new Date('2025-03-21T07:00:00Z'));
    await line('refund', -250_000, new Date('2025-03-21T07:30:00Z'));
    await line('usage', -1_000, new Date('2025-03-22T19:59:00Z'), VILLA);
    // Today, and yesterday at its last minute.
    await line('usage', -2_000, new Date(), VILLA);
    await line('topup', 1_000_000, new Date(tehranDayStartOf(today).getTime() - 60_000));
  });
  afterAll(() => database.destroy());

  it('keeps ended days, never today, and the kept totals equal the live sum', async () => {
    const first = '2025-03-18';
    const before = await dailyMoney(db(), range(first, today));
    const expected = await liveSums(first, today);
    expect(before).toEqual(expected);
    const kept = await keptDays();
    expect(kept[0]).toBe(first);
    expect(kept.at(-1)).toBe(nextDay(today, -1));
    expect(kept).not.toContain(today);
    // Read again: the ended days now from their kept totals, today from its lines; still equal.
    expect(await dailyMoney(db(), range(first, today))).toEqual(expected);
    expect(before.find((d) => d.day === '2025-03-21')).toMatchObject({ topups: 2_000_000, refunds: 650_000 });

    // The kept rows themselves, against the lines: each day and type, and each machine's usage.
    const diff = await db().execute(sql`
      with lines as (
        select to_char(created_at at time zone 'UTC' + interval '3 hours 30 minutes', 'YYYY-MM-DD') as day, type, '' as reference,
               sum(amount) as amount, sum(abs(amount)) as magnitude, count(*) as lines
        from wallet_transactions group by 1, 2
        union all
        select to_char(created_at at time zone 'UTC' + interval '3 hours 30 minutes', 'YYYY-MM-DD'), type, reference,
               sum(amount), sum(abs(amount)), count(*)
        from wallet_transactions where type = 'usage' and reference is not null group by 1, 2, 3
      ),
      kept as (select day::text as day, type, reference, amount, magnitude, lines from ledger_day_totals)
      select * from ((select * from lines where day in (select day::text from ledger_days) except select * from kept)
                     union all (select * from kept except select * from lines)) d`);
    expect(diff.rows).toEqual([]);
  });

  it("narrows usage to machines from the kept days' per-machine rows", async () => {
    const first = '2025-03-18';
    expect(await dailyMoney(db(), range(first, '2025-03-25'), [VILLA])).toEqual(
      await liveSums(first, '2025-03-25', [VILLA]),
    );
    expect(await dailyMoney(db(), range(first, '2025-03-25'), [])).toEqual(
      await liveSums(first, '2025-03-25', []),
    );
  });

  it('sums a kept day again once a line is dated into it, then keeps it anew', async () => {
    const first = '2025-03-18';
    await dailyMoney(db(), range(first, '2025-03-25'));
    expect(await keptDays()).toContain('2025-03-19');
    // The usage tick catching up: a minute charged late, dated on 19 March.
    await line('usage', -5_000, new Date('2025-03-19T12:00:00Z'), VILLA);
    expect(await keptDays()).not.toContain('2025-03-19');
    const after = await dailyMoney(db(), range(first, '2025-03-25'));
    expect(after).toEqual(await liveSums(first, '2025-03-25'));
    expect(after.find((d) => d.day === '2025-03-19')!.usage).toBe(9_000);
    expect(await keptDays()).toContain('2025-03-19');
    expect(await dailyMoney(db(), range(first, '2025-03-25'), [VILLA])).toEqual(
      await liveSums(first, '2025-03-25', [VILLA]),
    );
  });

  it('reads a range with no ended day inside from the lines alone', async () => {
    expect(closedSpan({ start: tehranDayStartOf(today), end: new Date() }, new Date())).toBeNull();
    const within = { start: new Date('2025-03-19T08:30:00Z'), end: new Date('2025-03-19T09:00:30Z') };
    expect(closedSpan(within, new Date())).toBeNull();
    expect(await dailyMoney(db(), within)).toEqual([
      { day: '2025-03-19', topups: 0, usage: 1_000, refunds: 0, topupCount: 0 },
    ]);
  });

  it('keeps a day only once it has ended by the database clock and no transaction begun before its end is open', () => {
    const end = (day: string) => tehranDayStartOf(nextDay(day)).getTime();
    const days = ['2025-03-19', '2025-03-20', '2025-03-21'];
    expect(keepableDays(days, { databaseNow: end('2025-03-21'), openSince: null })).toEqual(days);
    // The app's clock may be ahead: the 21st has not ended for the database yet.
    expect(keepableDays(days, { databaseNow: end('2025-03-21') - 1, openSince: null })).toEqual(
      days.slice(0, 2),
    );
    // A transaction begun during the 20th may still date a line on it.
    expect(keepableDays(days, { databaseNow: end('2025-03-21'), openSince: end('2025-03-20') - 1 })).toEqual([
      '2025-03-19',
    ]);
    expect(keepableDays(days, { databaseNow: end('2025-03-21'), openSince: end('2025-03-20') })).toEqual(
      days.slice(0, 2),
    );
  });

  it.runIf(process.env.DATABASE_URL)(
    'reads the open transactions and the clock of the database itself',
    async () => {
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select 1');
        // Asked to keep today (as if tomorrow had come): neither clock allows it.
        expect(await keepLedgerDays(db(), [today])).toBe(0);
        await other.query('commit');
        expect(await keepLedgerDays(db(), [today])).toBe(0);
        expect(await keptDays()).not.toContain(today);
      } finally {
        await other.end();
      }
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'a fill waits for a line being dated into its day to commit, and counts it',
    async () => {
      const day = '2025-03-23';
      await db().execute(sql`delete from ledger_days where day = ${day}::date`);
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(
          `insert into wallet_transactions (user_id, type, amount, balance_after, description, idempotency_key, created_at)
           values ($1, 'topup', 7000, 0, 'آزمون', 'test:kept:late', '2025-03-23T10:00:00Z')`,
          [sara.id],
        );
        const keeping = keepLedgerDays(db(), [day]);
        // The fill is queued behind the late line's shared lock.
        for (let i = 0; i < 200; i++) {
          const waiting = await db().execute(
            sql`select 1 from pg_locks where locktype = 'advisory' and not granted and objid = 727016`,
          );
          if (waiting.rows.length > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await other.query('commit');
        expect(await keeping).toBe(1);
        const [kept] = (
          await db().execute(
            sql`select amount::float8 as amount from ledger_day_totals where day = ${day}::date and type = 'topup' and reference = ''`,
          )
        ).rows as { amount: number }[];
        expect(kept?.amount).toBe(7000);
      } finally {
        await other.end();
      }
    },
  );
});
