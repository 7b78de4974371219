import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { lockUser } from '../users';
import { users } from '../users/tables';
import { WalletError } from './errors';
import { walletTransactions } from './tables';
import { appendLedgerLines, postLedgerEntry } from './wallet';

describe('wallet ledger', () => {
  let database: TestDatabase;
  let userId: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    const [user] = await database.db
      .insert(users)
      .values({ name: 'مشتری آزمون', email: 'wallet@example.test' })
      .returning();
    userId = user!.id;
  });
  afterAll(() => database.destroy());

  const balanceOf = async () =>
    (await database.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)))[0]!
      .balance;
  const ledgerSum = async () =>
    Number(
      (
        await database.db
          .select({ total: sum(walletTransactions.amount) })
          .from(walletTransactions)
          .where(eq(walletTransactions.userId, userId))
      )[0]!.total ?? 0,
    );

  it('credits once for one idempotency key', async () => {
    const first = await postLedgerEntry(database.db, {
      userId,
      type: 'topup',
      amount: 1_000_000,
      description: 'شارژ',
      idempotencyKey: 'topup:1',
    });
    const second = await postLedgerEntry(database.db, {
      userId,
      type: 'topup',
      amount: 1_000_000,
      description: 'شارژ',
      idempotencyKey: 'topup:1',
    });
    expect(first.duplicate).toBe(false);
    expect(second.duplicate).toBe(true);
    expect(second.entry.id).toBe(first.entry.id);
    expect(await balanceOf()).toBe(1_000_000);
  });

  it('refuses a charge beyond the balance and leaves the state as it was', async () => {
    const before = await balanceOf();
    await expect(
      postLedgerEntry(database.db, {
        userId,
        type: 'usage',
        amount: -(before + 1),
        description: 'مصرف',
        idempotencyKey: 'usage:too-much',
      }),
    ).rejects.toBeInstanceOf(WalletError);
    expect(await balanceOf()).toBe(before);
    expect(await ledgerSum()).toBe(before);
  });

  it('keeps balance equal to the sum of the ledger under concurrent posts', async () => {
    const amounts = Array.from({ length: 25 }, (_, i) => (i % 3 === 0 ? -10_000 : 40_000));
    await Promise.all(
      amounts.flatMap((amount, i) => [
        postLedgerEntry(database.db, {
          userId,
          type: amount > 0 ? 'bonus' : 'usage',
          amount,
          description: 'هم‌زمان',
          idempotencyKey: `concurrent:${i}`,
        }),
        // The same key again, racing the first: must not move money twice.
        postLedgerEntry(database.db, {
          userId,
          type: amount > 0 ? 'bonus' : 'usage',
          amount,
          description: 'هم‌زمان',
          idempotencyKey: `concurrent:${i}`,
        }).catch((error: unknown) => error),
      ]),
    );
    expect(await balanceOf()).toBe(await ledgerSum());
    expect(await balanceOf()).toBe(1_000_000 + amounts.reduce((a, b) => a + b, 0));
  });

  it('appends a batch of lines with running balances, skipping keys already posted, across inserts', async () => {
    const before = await balanceOf();
    // 4,500 lines: three INSERTs of at most 2,000; the first 10 keys are posted already.
    const lines = Array.from({ length: 4_500 }, (_, i) => ({
      type: 'usage' as const,
      amount: -(i % 7) - 1,
      description: 'کارکرد سرور',
      idempotencyKey: `batch:${i}`,
      at: new Date(Date.UTC(2026, 10, 1, 0, i)),
    }));
    for (const line of lines.slice(0, 10)) {
      await postLedgerEntry(database.db, { userId, ...line, allowNegative: true });
    }
    const afterSingles = await balanceOf();
    const result = await database.db.transaction(async (tx) =>
      appendLedgerLines(tx, (await lockUser(tx, userId))!, lines),
    );
    const expected = afterSingles + lines.slice(10).reduce((total, line) => total + line.amount, 0);
    expect(result).toEqual({ balance: expected, posted: 4_490 });
    expect(await balanceOf()).toBe(expected);
    expect(await ledgerSum()).toBe(expected);
    const batch = await database.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, userId))
      .orderBy(walletTransactions.id);
    // Every line's balance_after runs on from the one before it, in the batch's order.
    for (let i = 1; i < batch.length; i++) {
      expect(batch[i]!.balanceAfter).toBe(batch[i - 1]!.balanceAfter + batch[i]!.amount);
    }
    expect(batch.at(-1)!.createdAt).toEqual(lines.at(-1)!.at);
    expect(before).toBeGreaterThan(expected);
    // Sent again (a tick re-run after a crash): nothing moves.
    const again = await database.db.transaction(async (tx) =>
      appendLedgerLines(tx, (await lockUser(tx, userId))!, lines),
    );
    expect(again).toEqual({ balance: expected, posted: 0 });
    expect(await ledgerSum()).toBe(expected);
  });

  it('refuses a zero or fractional amount', async () => {
    for (const amount of [0, 1.5, Number.NaN]) {
      await expect(
        postLedgerEntry(database.db, {
          userId,
          type: 'bonus',
          amount,
          description: 'x',
          idempotencyKey: `bad:${amount}`,
        }),
      ).rejects.toMatchObject({ code: 'RF_WALLET_ZERO_AMOUNT' });
    }
  });
  it('is append-only: the database refuses to change or remove a line, and says BalanceChanged for a new one', async () => {
    const events: unknown[] = [];
    const { entry } = await postLedgerEntry(
      database.db,
      { userId, type: 'bonus', amount: 5_000, description: 'هدیه', idempotencyKey: 'bonus:append-only' },
      (event) => events.push(event),
    );
    expect(events).toEqual([
      { channels: `private-users.${userId}`, event: 'BalanceChanged', data: { balance: entry.balanceAfter } },
    ]);
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'accepted',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(
      await refusal(
        database.db.update(walletTransactions).set({ amount: 1 }).where(eq(walletTransactions.id, entry.id)),
      ),
    ).toMatch(/append-only \(UPDATE refused\)/);
    expect(
      await refusal(database.db.delete(walletTransactions).where(eq(walletTransactions.id, entry.id))),
    ).toMatch(/append-only \(DELETE refused\)/);
    const [kept] = await database.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.id, entry.id));
    expect(kept!.amount).toBe(5_000);
    expect(await balanceOf()).toBe(await ledgerSum());
  });
});
