import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/auth/password';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { DEMO_CUSTOMER_BONUS, DEMO_CUSTOMER_TOPUP } from './demo-data';
import { hardwares, ports, users, walletTransactions } from './schema';
import { seedIfEmpty } from './seed';

describe('demo seed', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('seeds the demo accounts, catalog and content once', async () => {
    expect(await seedIfEmpty(database.db)).toBe(true);
    expect(await seedIfEmpty(database.db)).toBe(false);

    const accounts = await database.db.select().from(users).orderBy(users.id);
    expect(accounts.map((u) => [u.email, u.role])).toEqual([
      ['admin@renderfarm.test', 'admin'],
      ['care@renderfarm.test', 'care'],
      ['customer@renderfarm.test', 'customer'],
    ]);
    for (const account of accounts) {
      expect(account.emailVerifiedAt).not.toBeNull();
      expect(account.mobileVerifiedAt).not.toBeNull();
      expect(await verifyPassword('password', account.passwordHash!)).toBe(true);
    }
    const customer = accounts.find((u) => u.role === 'customer')!;
    expect(customer.mobile).toBe('09120000000');
    expect(customer.kycStatus).toBe('approved');
    expect(customer.balance).toBe(DEMO_CUSTOMER_TOPUP + DEMO_CUSTOMER_BONUS);
    const ledger = await database.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, customer.id));
    expect(ledger.at(-1)!.balanceAfter).toBe(customer.balance);

    expect((await database.db.select().from(hardwares)).length).toBeGreaterThanOrEqual(3);
    expect((await database.db.select().from(ports)).length).toBeGreaterThan(0);
  });
});
