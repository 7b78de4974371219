import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { users } from '../users/tables';
import { invoices, payments, testGatewaySessions, walletTransactions } from './tables';

/**
 * Top-up through the built-in test gateway (docs/screens.md §4): Make → store (409 to the pay page)
 * → the tester's choice → the callback (Verify) → the receipt, with the refusals a customer can
 * meet and the replays a gateway can send.
 */
describe(`panel: top-up through the test gateway (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customer: TestBrowser;
  let customerId: number;
  const db = () => t.database.db;
  const balance = async () =>
    (await db().select({ b: users.balance }).from(users).where(eq(users.id, customerId)))[0]!.b;
  const paymentCount = async () => (await db().select({ n: count() }).from(payments))[0]!.n;

  /** Starts a top-up of `toman` and follows the gateway to its pay page; returns the callback's pieces. */
  async function startTopUp(toman: string | number) {
    const res = await customer.visit('POST', '/panel/payments', { amount: toman });
    expect(res.statusCode).toBe(409);
    const payUrl = new URL(res.headers['x-inertia-location'] as string);
    expect(payUrl.pathname).toMatch(/^\/test-gateway\/T\d{35}$/);
    const authority = payUrl.pathname.split('/').pop()!;
    const [payment] = await db().select().from(payments).where(eq(payments.authority, authority));
    return { payUrl, authority, payment: payment! };
  }

  /** The tester's button on the pay page; returns where the browser is sent back to. */
  async function choose(payUrl: URL, action: 'pay' | 'cancel' | 'fail') {
    const page = await customer.request('GET', payUrl.pathname);
    expect(page.body).toContain('درگاه آزمایشی');
    const res = await customer.post(payUrl.pathname, { action });
    expect(res.statusCode).toBe(303);
    return new URL(res.headers.location as string);
  }

  beforeAll(async () => {
    t = await createAuthTestApp();
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.91.0.1' });
    const [row] = await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
    customerId = row!.id;
  });
  afterAll(() => t.close());

  it('shows the form with presets, bounds, VAT and the test gateway named as such', async () => {
    const page = await customer.page('/panel/payments/create?amount=۵۰۰۰۰۰');
    expect(page.component).toBe('Panel/Payments/Make');
    expect(page.props).toMatchObject({
      amount: 5_000_000,
      min: 500_000,
      max: 500_000_000,
      vat_rate: 10,
      tax_inclusive: false,
      gateway: { name: 'test', label: 'درگاه آزمایشی', test: true },
      kyc_room: null,
      invoice: null,
    });
    expect(page.props.presets.length).toBeGreaterThan(2);
  });

  it('tops up: pay page, callback, paid once with a number, the net credited and the receipt', async () => {
    const before = await balance();
    const { payUrl, authority, payment } = await startTopUp('۱٬۰۰۰٬۰۰۰');
    expect(payment).toMatchObject({ status: 'redirected', gateway: 'test', amount: 11_000_000 });
    const callback = await choose(payUrl, 'pay');
    expect(callback.pathname).toBe(`/panel/payments/${payment.uuid}/verify`);
    expect(callback.searchParams.get('Status')).toBe('OK');

    const verify = await customer.page(`${callback.pathname}${callback.search}&amount=1`);
    expect(verify.component).toBe('Panel/Payments/Verify');
    expect(verify.props).toMatchObject({
      found: true,
      owner: true,
      payment: { status: 'paid', amount: 11_000_000 },
    });
    expect(verify.props.payment.ref_id).toMatch(/^\d+$/);
    // The net (without VAT) goes to the wallet, by the gateway's key.
    expect(await balance()).toBe(before + 10_000_000);
    const [line] = await db()
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.idempotencyKey, `test:${authority}`));
    expect(line).toMatchObject({ type: 'topup', amount: 10_000_000, reference: payment.uuid });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, payment.invoiceId));
    expect(invoice).toMatchObject({ status: 'paid', kind: 'topup', subtotal: 10_000_000, tax: 1_000_000 });
    expect(invoice!.number).toBeGreaterThan(0);

    const receipt = await customer.page(`/panel/payments/${payment.uuid}`);
    expect(receipt.component).toBe('Panel/Payments/Show');
    expect(receipt.props.payment).toMatchObject({ status: 'paid', invoice: { number: invoice!.number } });
  });

  it('answers 1,000 replays of one callback (50 at once, then one by one) with one credit and one number', async () => {
    const before = await balance();
    const { payUrl, authority, payment } = await startTopUp(500_000);
    const callback = await choose(payUrl, 'pay');
    const url = `${callback.pathname}${callback.search}`;
    const answers = await Promise.all(Array.from({ length: 50 }, () => customer.request('GET', url)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    for (let i = 0; i < 950; i++) {
      const res = await customer.request('GET', url);
      expect(res.statusCode).toBe(200);
    }
    const lines = await db()
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.idempotencyKey, `test:${authority}`));
    expect(lines).toHaveLength(1);
    expect(await balance()).toBe(before + 5_000_000);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, payment.invoiceId));
    expect(invoice!.status).toBe('paid');
    const numbered = await db()
      .select({ n: count() })
      .from(invoices)
      .where(and(eq(invoices.number, invoice!.number!)));
    expect(numbered[0]!.n).toBe(1);
    const [session] = await db()
      .select()
      .from(testGatewaySessions)
      .where(eq(testGatewaySessions.authority, authority));
    expect(session!.verifiedAt).not.toBeNull();
  }, 180_000); // A thousand requests: seconds on a quiet machine, more on a shared one.

  it('cancels on NOK, fails when the bank refused despite Status=OK, and credits neither', async () => {
    const before = await balance();
    const cancelled = await startTopUp(600_000);
    const back = await choose(cancelled.payUrl, 'cancel');
    expect(back.searchParams.get('Status')).toBe('NOK');
    expect((await customer.page(`${back.pathname}${back.search}`)).props.payment.status).toBe('canceled');

    const refused = await startTopUp(700_000);
    const failBack = await choose(refused.payUrl, 'fail');
    expect(failBack.searchParams.get('Status')).toBe('OK');
    expect((await customer.page(`${failBack.pathname}${failBack.search}`)).props.payment.status).toBe(
      'failed',
    );
    expect(await balance()).toBe(before);
  });

  it('asks the gateway on a crafted NOK callback: a paid payment is credited once, not cancelled', async () => {
    const before = await balance();
    const { payUrl, authority, payment } = await startTopUp(800_000);
    const paid = await choose(payUrl, 'pay');
    paid.searchParams.set('Status', 'NOK');
    const url = `${paid.pathname}${paid.search}`;
    expect((await customer.page(url)).props.payment.status).toBe('paid');
    expect((await customer.page(url)).props.payment.status).toBe('paid');
    const lines = await db()
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.idempotencyKey, `test:${authority}`));
    expect(lines).toHaveLength(1);
    expect(await balance()).toBe(before + 8_000_000);
    const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.status).toBe('paid');
  });

  it('refuses bad amounts beside the field, with nothing made', async () => {
    const before = await paymentCount();
    const refusal = async (amount: unknown) => {
      const res = await customer.visit(
        'POST',
        '/panel/payments',
        { amount },
        { referer: '/panel/payments/create' },
      );
      expect(res.statusCode).toBe(303);
      return (await customer.errorsOn('/panel/payments/create')).amount;
    };
    expect(await refusal('۱۰۰۰')).toContain('کمترین مبلغ');
    expect(await refusal(60_000_000)).toContain('بیشترین مبلغ');
    expect(await refusal('۱۲۳۴۵۶٫۵')).toContain('عددی صحیح');
    expect(await refusal('abc')).toContain('عددی صحیح');
    expect(await paymentCount()).toBe(before);
  });

  it('asks for identity above the unverified cap, and says how much is left', async () => {
    await db().update(users).set({ kycStatus: 'none' }).where(eq(users.id, customerId));
    try {
      const page = await customer.page('/panel/payments/create');
      expect(page.props.kyc_room).toBeGreaterThanOrEqual(0);
      const before = await paymentCount();
      const res = await customer.visit(
        'POST',
        '/panel/payments',
        { amount: 6_000_000 },
        { referer: '/panel/payments/create' },
      );
      expect(res.statusCode).toBe(303);
      expect((await customer.errorsOn('/panel/payments/create')).amount).toContain('احراز هویت');
      expect(await paymentCount()).toBe(before);
    } finally {
      await db().update(users).set({ kycStatus: 'approved' }).where(eq(users.id, customerId));
    }
  });

  it('finds no payment for an unknown authority, and shows strangers the state only', async () => {
    const { payUrl, payment } = await startTopUp(800_000);
    const wrong = await customer.page(
      `/panel/payments/${payment.uuid}/verify?Authority=A${'0'.repeat(35)}&Status=OK`,
    );
    expect(wrong.status).toBe(404);
    expect(wrong.props).toMatchObject({ found: false, payment: null });
    const [still] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(still!.status).toBe('redirected');

    const callback = await choose(payUrl, 'pay');
    const stranger = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.91.0.2' });
    const seen = await stranger.page(`${callback.pathname}${callback.search}`);
    expect(seen.props).toEqual(expect.objectContaining({ found: true, owner: false }));
    expect(seen.props.payment).toEqual({ uuid: payment.uuid, status: 'paid' });
    const receipt = await stranger.request('GET', `/panel/payments/${payment.uuid}`);
    expect(receipt.statusCode).toBe(404);
  });

  it('lets an admin ask the gateway again about a payment whose buyer never came back', async () => {
    const before = await balance();
    const { payUrl, payment } = await startTopUp(900_000);
    // The buyer pays and closes the tab: no callback ever arrives.
    await choose(payUrl, 'pay');
    const admin = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.91.0.3' });
    const res = await admin.post(`/admin/payments/${payment.id}/reconcile`, {}, { referer: '/admin' });
    expect(res.statusCode).toBe(303);
    const [after] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(after!.status).toBe('paid');
    expect(await balance()).toBe(before + 9_000_000);
    expect((await admin.page('/admin')).props.flash.success).toContain('پرداخت شد');
  });
});
