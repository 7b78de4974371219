import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo-seed';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { instances } from '../instances/tables';
import { users } from '../users/tables';
import { usageSessions, walletTransactions } from './tables';
import { createUsageTick } from './usage-tick';
import { postLedgerEntry } from './wallet';

const MINUTE = 60_000;

type Op =
  | { kind: 'topup' | 'refund' | 'adjustment'; amount: number; key: number }
  | { kind: 'tick'; minutes: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('topup' as const, 'refund' as const, 'adjustment' as const),
    amount: fc.integer({ min: -5_000_000, max: 20_000_000 }).filter((n) => n !== 0),
    // A small pool of keys: some operations repeat one (a retried request), which must count once.
    key: fc.integer({ min: 0, max: 12 }),
  }),
  fc.record({ kind: fc.constant('tick' as const), minutes: fc.integer({ min: 1, max: 25 }) }),
);

/**
 * The money invariant of docs/domain.md under generated histories: batches of top-ups, usage
 * ticks, refunds and adjustments run concurrently against one wallet; afterwards the balance is
 * the sum of the ledger and the last line's balance_after, every line follows from the one
 * before it, and no idempotency key was posted twice.
 */
describe(`ledger invariant under concurrent money movements (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let machineId: number;
  let run = 0;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
    const [machine] = await db().select().from(instances).limit(1);
    machineId = machine!.id;
    // The tick charges every open session: only each run's own wallet may have one.
    await db().update(usageSessions).set({ settledAt: new Date() });
  });
  afterAll(() => database.destroy());

  it('keeps balance = sum of the ledger = last balance_after, keys unique', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 60, max: 5_000_000 }),
        async (batches, pricePerHour) => {
          run++;
          const [user] = await db()
            .insert(users)
            .values({ name: `کیف پول ${run}`, email: `ledger-${run}-${Date.now()}@example.test` })
            .returning();
          const start = Date.UTC(2031, 0, 1, 8, 0, 0) + run * 10_000 * MINUTE;
          let clock = start;
          await db()
            .insert(usageSessions)
            .values({ instanceId: machineId, userId: user!.id, pricePerHour, startedAt: new Date(start) });
          const tick = createUsageTick({
            db: db(),
            broadcaster: { publish: async () => {} },
            // Stopping machines at zero is the instances' business; here only the money matters.
            requestPower: async () => {
              throw new Error('not under test');
            },
          });

          for (const batch of batches) {
            await Promise.all(
              batch.map(async (step) => {
                if (step.kind === 'tick') {
                  clock += step.minutes * MINUTE;
                  await tick.run(new Date(clock));
                  return;
                }
                await postLedgerEntry(db(), {
                  userId: user!.id,
                  type: step.kind,
                  amount: step.amount,
                  description: step.kind,
                  idempotencyKey: `prop:${run}:${step.key}`,
                  allowNegative: true,
                });
              }),
            );
          }

          const lines = await db()
            .select()
            .from(walletTransactions)
            .where(eq(walletTransactions.userId, user!.id))
            .orderBy(asc(walletTransactions.id));
          const [after] = await db().select().from(users).where(eq(users.id, user!.id));
          const sum = lines.reduce((total, line) => total + line.amount, 0);
          expect(after!.balance).toBe(sum);
          expect(after!.balance).toBe(lines.at(-1)?.balanceAfter ?? 0);
          lines.forEach((line, i) => {
            expect(line.balanceAfter).toBe((lines[i - 1]?.balanceAfter ?? 0) + line.amount);
          });
          expect(new Set(lines.map((l) => l.idempotencyKey)).size).toBe(lines.length);
          // Every due minute of the session charged once: the last tick's minutes, no more.
          const usage = lines.filter((l) => l.type === 'usage');
          const minutes = (clock - start) / MINUTE + 1;
          const charged = Array.from({ length: minutes }, (_, i) => i).filter(
            (i) =>
              Math.floor((pricePerHour * ((i % 60) + 1)) / 60) - Math.floor((pricePerHour * (i % 60)) / 60) >
              0,
          ).length;
          expect(usage.length).toBe(clock === start ? 0 : charged);
          await db()
            .update(usageSessions)
            .set({ settledAt: new Date() })
            .where(eq(usageSessions.userId, user!.id));
        },
      ),
      { numRuns: 20 },
    );
  }, 180_000);
});
