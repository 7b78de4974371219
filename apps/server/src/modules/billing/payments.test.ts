import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeZarinpal, startFakeZarinpal } from '../../../../../tests/support/fake-zarinpal';
import { seedDemo } from '../../demo-seed';
import type { BroadcastEvent } from '../../platform/broadcasting/broadcaster';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { users } from '../users/tables';
import { createPayments, type Payments } from './payments';
import { invoices, payments as paymentsTable, walletTransactions } from './tables';
import { createZarinpalClient } from './zarinpal';

const MERCHANT = '1344b5d4-0048-11e8-94db-005056a205be';

/**
 * Payments against a local fake of Zarinpal's API (tests/support/fake-zarinpal.ts): every verify
 * answer the gateway can give, the reconciler's retries and its deadline. The wallet moves only
 * on 100/101 with the stored amount, and only once.
 */
describe(`payments through Zarinpal (fake gateway, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let fake: FakeZarinpal;
  let service: Payments;
  let now: number;
  let customer: typeof users.$inferSelect;
  const published: BroadcastEvent[] = [];
  const db = () => database.db;
  const balance = async () =>
    (await db().select({ b: users.balance }).from(users).where(eq(users.id, customer.id)))[0]!.b;
  const credited = async (authority: string | null) =>
    (
      await db()
        .select()
        .from(walletTransactions)
        .where(eq(walletTransactions.idempotencyKey, `zarinpal:${authority}`))
    ).length;
  const reload = async (id: number) =>
    (await db().select().from(paymentsTable).where(eq(paymentsTable.id, id)))[0]!;

  /** A top-up of `rial` (net), the buyer's pay (or not) at the gateway, and the callback's authority. */
  async function pay(rial: number, buyer: 'pays' | 'cancels' | 'leaves' = 'pays') {
    const { payment } = await service.startTopUp(customer, rial);
    if (buyer === 'pays') fake.markPaid(payment.authority!);
    if (buyer === 'cancels') fake.markCancelled(payment.authority!);
    return payment;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
    fake = await startFakeZarinpal();
    customer = (await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test')))[0]!;
    service = createPayments({
      db: db(),
      broadcaster: { publish: async (event) => void published.push(event) },
      gateway: {
        name: 'zarinpal',
        label: 'زرین‌پال',
        ...createZarinpalClient({ merchantId: MERCHANT, baseUrl: fake.url, timeoutMs: 2_000 }),
      },
      appUrl: 'https://farm.test',
      clock: () => new Date(now),
    });
  });
  afterAll(async () => {
    await fake.close();
    await database.destroy();
  });
  beforeEach(() => {
    now = Date.now();
    published.length = 0;
  });

  it('asks for the invoice total in Rial with IRR, the callback and the order id', async () => {
    const payment = await pay(1_000_000, 'leaves');
    expect(fake.requests.at(-1)).toMatchObject({
      merchant_id: MERCHANT,
      amount: 1_100_000,
      currency: 'IRR',
      callback_url: `https://farm.test/panel/payments/${payment.uuid}/verify`,
      metadata: expect.objectContaining({ order_id: payment.uuid }),
    });
    expect(payment.status).toBe('redirected');
  });

  it('credits a verified payment once (100, then 101 on a replay) with the ref id and masked card', async () => {
    const before = await balance();
    const payment = await pay(2_000_000);
    const first = await service.verify(payment.uuid, { authority: payment.authority!, status: 'OK' });
    expect(first).toMatchObject({ status: 'paid', refId: expect.stringMatching(/^\d+$/) });
    expect(first.cardPan).toMatch(/\*/);
    const again = await service.verify(payment.uuid, { authority: payment.authority!, status: 'OK' });
    expect(again.status).toBe('paid');
    expect(await balance()).toBe(before + 2_000_000);
    const lines = await db()
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.idempotencyKey, `zarinpal:${payment.authority}`));
    expect(lines).toHaveLength(1);
    // The wallet line a person reads names its invoice in Persian digits («صورت‌حساب شمارهٔ ۳»).
    expect(lines[0]!.description).toMatch(/^افزایش اعتبار، صورت‌حساب شمارهٔ [۰-۹]+$/);
    expect(published.map((e) => e.event)).toEqual(
      expect.arrayContaining(['BalanceChanged', 'PaymentUpdated']),
    );
  });

  it('sends an amount mismatch (-50) to review with an alert, and never credits it', async () => {
    const before = await balance();
    const payment = await pay(3_000_000);
    fake.script(payment.authority!, -50);
    const answer = await service.verify(payment.uuid, { authority: payment.authority!, status: 'OK' });
    expect(answer.status).toBe('review');
    expect(await balance()).toBe(before);
    expect(published).toContainEqual(
      expect.objectContaining({
        event: 'AlertRaised',
        data: expect.objectContaining({ kind: 'payment_review' }),
      }),
    );
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, payment.invoiceId));
    expect(invoice!.status).toBe('pending');
    // An admin's reconcile asks again with the stored amount: a matching answer credits it.
    const reconciled = await service.reconcile(payment.id);
    expect(reconciled.status).toBe('paid');
    expect(await balance()).toBe(before + 3_000_000);
  });

  it('fails on -51 with Status=OK and on -54; on NOK asks the gateway before cancelling', async () => {
    const before = await balance();
    const refused = await pay(1_000_000, 'cancels');
    expect((await service.verify(refused.uuid, { authority: refused.authority!, status: 'OK' })).status).toBe(
      'failed',
    );
    const unknown = await pay(1_000_000);
    fake.script(unknown.authority!, -54);
    expect((await service.verify(unknown.uuid, { authority: unknown.authority!, status: 'OK' })).status).toBe(
      'failed',
    );
    const cancelled = await pay(1_000_000, 'cancels');
    const afterRequest = fake.calls.length;
    expect(
      (await service.verify(cancelled.uuid, { authority: cancelled.authority!, status: 'NOK' })).status,
    ).toBe('canceled');
    // The gateway was asked (the callback's Status is only what the buyer's browser carried).
    expect(fake.calls.length).toBe(afterRequest + 1);
    expect(await balance()).toBe(before);
  });

  it('credits a paid payment whose callback says NOK, once', async () => {
    const before = await balance();
    const payment = await pay(1_500_000);
    const first = await service.verify(payment.uuid, { authority: payment.authority!, status: 'NOK' });
    expect(first.status).toBe('paid');
    // Replays of the same callback, NOK or OK, credit nothing more.
    expect(
      (await service.verify(payment.uuid, { authority: payment.authority!, status: 'NOK' })).status,
    ).toBe('paid');
    expect((await service.verify(payment.uuid, { authority: payment.authority!, status: 'OK' })).status).toBe(
      'paid',
    );
    expect(await balance()).toBe(before + 1_500_000);
    expect(await credited(payment.authority)).toBe(1);
  });

  it('keeps a NOK payment verifying while the gateway does not answer, never cancelled unasked', async () => {
    const payment = await pay(1_000_000);
    fake.script(payment.authority!, 500);
    const answer = await service.verify(payment.uuid, { authority: payment.authority!, status: 'NOK' });
    expect(answer.status).toBe('verifying');
    // The reconciler asks later and credits it.
    now += 3 * 60_000;
    expect((await service.reconcile(payment.id)).status).toBe('paid');
    expect(await credited(payment.authority)).toBe(1);
  });

  it('refuses an authority that is not the stored one without asking the gateway', async () => {
    const payment = await pay(1_000_000);
    const calls = fake.calls.length;
    await expect(
      service.verify(payment.uuid, { authority: `A${'9'.repeat(35)}`, status: 'OK' }),
    ).rejects.toMatchObject({ code: 'RF_PAYMENT_NOT_FOUND' });
    expect(fake.calls.length).toBe(calls);
    expect((await reload(payment.id)).status).toBe('redirected');
  });

  it('keeps a payment verifying when the gateway errs or times out, and the reconciler pays it later', async () => {
    const payment = await pay(4_000_000);
    fake.script(payment.authority!, 500);
    expect((await service.verify(payment.uuid, { authority: payment.authority!, status: 'OK' })).status).toBe(
      'verifying',
    );
    fake.script(payment.authority!, 'timeout');
    now += 2 * 60_000;
    await service.reconcileDue();
    const waiting = await reload(payment.id);
    expect(waiting.status).toBe('verifying');
    expect(waiting.checks).toBe(2);
    expect(await credited(payment.authority)).toBe(0);

    now += 10 * 60_000;
    await service.reconcileDue();
    expect((await reload(payment.id)).status).toBe('paid');
    expect(await credited(payment.authority)).toBe(1);
  });

  it('verifies a payment the buyer made but never came back from (unVerified), and expires the rest', async () => {
    const gone = await pay(5_000_000);
    const abandoned = await pay(6_000_000, 'leaves');
    await service.reconcileDue();
    expect((await reload(gone.id)).status).toBe('paid');
    expect((await reload(abandoned.id)).status).toBe('redirected');
    expect(await credited(gone.authority)).toBe(1);

    now += 31 * 60_000;
    await service.reconcileDue();
    expect((await reload(abandoned.id)).status).toBe('expired');
  });

  it('expires a payment still unverified at the refund deadline and alerts an admin', async () => {
    const payment = await pay(7_000_000);
    fake.script(payment.authority!, 500);
    await service.verify(payment.uuid, { authority: payment.authority!, status: 'OK' });
    now += 31 * 60_000;
    published.length = 0;
    await service.reconcileDue();
    expect((await reload(payment.id)).status).toBe('expired');
    expect(published).toContainEqual(
      expect.objectContaining({
        event: 'AlertRaised',
        data: expect.objectContaining({ kind: 'payment_expired' }),
      }),
    );
  });

  it('fails the payment and says so when the gateway refuses the request, with no money moved', async () => {
    fake.failNextRequest(-9);
    await expect(service.startTopUp(customer, 1_000_000)).rejects.toMatchObject({
      code: 'RF_PAYMENT_GATEWAY_UNAVAILABLE',
    });
    const [last] = await db()
      .select()
      .from(paymentsTable)
      .orderBy(paymentsTable.id)
      .then((r) => r.slice(-1));
    expect(last!.status).toBe('failed');
  });
});
