import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { type User, users } from '../users/tables';
import { nextDay, tehranDayOf, tehranDayStartOf } from './ledger-days';
import { keepRecentLedgerDays } from './ledger-days-job';
import { postLedgerEntry } from './wallet';

/**
 * The job that keeps ended days ahead of the admin's first visit: every ended day of the last two
 * years once, never today, nothing again on the next run; a day a late line forgot is kept again.
 */
describe(`billing: the ledger-days job (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let sara: User;
  const db = () => database.db;
  const now = new Date();
  const today = tehranDayOf(now);
  let key = 0;
  const line = (amount: number, at: Date) =>
    postLedgerEntry(db(), {
      userId: sara.id,
      type: 'topup',
      amount,
      description: 'آزمون',
      idempotencyKey: `test:job:${++key}`,
      allowNegative: true,
      at,
    });
  const kept = async () =>
    (
      (await db().execute(sql`select day::text as day from ledger_days order by day`)).rows as {
        day: string;
      }[]
    ).map((r) => r.day);
  const total = async (day: string) =>
    Number(
      (
        (
          await db().execute(
            sql`select coalesce(sum(amount), 0)::float8 as amount from ledger_day_totals where day = ${day}::date and type = 'topup' and reference = ''`,
          )
        ).rows[0] as { amount: number }
      ).amount,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    [sara] = (await db().insert(users).values({ name: 'سارا', email: 'sara@example.test' }).returning()) as [
      User,
    ];
    await line(3_000_000, new Date(tehranDayStartOf(nextDay(today, -3)).getTime() + 3_600_000));
    await line(1_000_000, now);
  });
  afterAll(() => database.destroy());

  it('keeps every ended day of two years once, never today', async () => {
    expect(await keepRecentLedgerDays(db(), now)).toBe(731);
    const days = await kept();
    expect(days).toHaveLength(731);
    expect(days.at(-1)).toBe(nextDay(today, -1));
    expect(days).not.toContain(today);
    expect(await total(nextDay(today, -3))).toBe(3_000_000);
    expect(await keepRecentLedgerDays(db(), now)).toBe(0);
  });

  it('keeps again a day that a late line made forgotten, with the line counted', async () => {
    const day = nextDay(today, -3);
    await line(500_000, new Date(tehranDayStartOf(day).getTime() + 7_200_000));
    expect(await kept()).not.toContain(day);
    expect(await keepRecentLedgerDays(db(), now)).toBe(1);
    expect(await total(day)).toBe(3_500_000);
  });
});
