import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../lib/rate-limit';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { modules } from '..';
import { createAccountService } from '../accounts/service';
import { type User, users } from '../users/tables';
import { invoices } from './tables';
import { unpaidInvoicesBlocker } from './unpaid-invoices-blocker';

describe('unpaidInvoicesBlocker', () => {
  let t: TestDatabase;
  let user: User;

  beforeAll(async () => {
    t = await createTestDatabase();
    [user] = (await t.db.insert(users).values({ name: 'سارا', email: 'sara@example.test' }).returning()) as [
      User,
    ];
  });
  afterAll(() => t.destroy());

  it('lets an account without pending invoices go, whatever its paid or cancelled history', async () => {
    await t.db.insert(invoices).values([
      {
        userId: user.id,
        kind: 'topup',
        status: 'paid',
        number: 1,
        taxRate: 10,
        subtotal: 100,
        tax: 10,
        total: 110,
      },
      { userId: user.id, kind: 'manual', status: 'cancelled', taxRate: 10 },
    ]);
    expect(await unpaidInvoicesBlocker(user, t.db)).toBeNull();
  });

  it('blocks while an invoice is pending, counting them in Persian digits', async () => {
    await t.db.insert(invoices).values([
      { userId: user.id, kind: 'usage', status: 'pending', taxRate: 10, subtotal: 500, tax: 50, total: 550 },
      { userId: user.id, kind: 'manual', status: 'pending', taxRate: 10 },
    ]);
    expect(await unpaidInvoicesBlocker(user, t.db)).toEqual({
      code: 'unpaid_invoices',
      message: expect.stringMatching(/^۲ صورت‌حساب پرداخت‌نشده/),
    });
  });

  it('is one of the checks every account deletion runs', async () => {
    const accounts = createAccountService({
      db: t.db,
      limiter: createMemoryRateLimiter(),
      deleteBlockers: modules.flatMap((module) => module.deleteBlockers ?? []),
    });
    await expect(accounts.deleteAccount(user.id)).rejects.toMatchObject({
      code: 'RF_AUTH_ACCOUNT_DELETE_BLOCKED',
      details: { blockers: [expect.objectContaining({ code: 'unpaid_invoices' })] },
    });
    const [still] = await t.db.select().from(users);
    expect(still!.deletedAt).toBeNull();
  });
});
