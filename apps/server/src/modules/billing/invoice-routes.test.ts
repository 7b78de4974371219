import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previousJalaliMonth } from '../../lib/jalali-month';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { users } from '../users/tables';
import { type Invoice, invoiceItems, invoices, payments, walletTransactions } from './tables';

const PERSON = {
  kind: 'person',
  name: 'علی رضایی',
  national_code: '۰۴۹۹۳۷۰۸۹۹',
  address: 'تهران، خیابان شریعتی، کوچهٔ یاس، پلاک ۸',
  postal_code: '1915673111',
};

/**
 * The customer's invoices (docs/screens.md §4): the list with the seed's three, a pro-forma with
 * its bill-to checked field by field, the bill-to while pending, cancelling, paying from the wallet
 * or through the gateway's page, the PDF, and nothing of anyone else's.
 */
describe(`panel: invoices (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customer: TestBrowser;
  let customerId: number;
  const db = () => t.database.db;
  const balance = async () =>
    (await db().select({ b: users.balance }).from(users).where(eq(users.id, customerId)))[0]!.b;

  /** A manual invoice an admin issued to the customer (pending), with one line. */
  async function debt(total: number, kind: 'manual' | 'usage' = 'manual'): Promise<Invoice> {
    const [invoice] = await db()
      .insert(invoices)
      .values({ userId: customerId, kind, status: 'pending', taxRate: 0, subtotal: total, tax: 0, total })
      .returning();
    await db()
      .insert(invoiceItems)
      .values({ invoiceId: invoice!.id, description: 'پشتیبانی ویژه', unitPrice: total, amount: total });
    return invoice!;
  }

  beforeAll(async () => {
    t = await createAuthTestApp();
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.93.0.1' });
    const [row] = await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
    customerId = row!.id;
  });
  afterAll(() => t.close());

  it('lists the seed’s invoices newest first, filtered by kind and status, never a draft', async () => {
    await db().insert(invoices).values({ userId: customerId, kind: 'manual', status: 'draft', taxRate: 10 });
    const page = await customer.page('/panel/invoices');
    expect(page.component).toBe('Panel/Invoices/List');
    const rows = page.props.items.data as {
      kind: string;
      status: string;
      number: number | null;
      period: string | null;
    }[];
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['topup', 'pending'],
      ['usage', 'paid'],
      ['topup', 'paid'],
    ]);
    expect(rows[0]!.number).toBeNull();
    expect(rows[1]!.period).toMatch(/^[آ-ی]+ ۱۴[۰-۹]{2}$/);
    expect(page.props.items.meta).toMatchObject({ current_page: 1, last_page: 1, per_page: 25, total: 3 });
    expect(page.props.statuses.map((s: { value: string }) => s.value)).not.toContain('draft');

    const usage = await customer.page('/panel/invoices?kind=usage');
    expect(usage.props.items.data.map((r: { kind: string }) => r.kind)).toEqual(['usage']);
    const pending = await customer.page('/panel/invoices?status=pending');
    expect(pending.props.items.data).toHaveLength(1);
    const junk = await customer.page('/panel/invoices?status=draft&kind=gift&page=x');
    expect(junk.props.filters).toEqual({ kind: '', status: '' });
    expect(junk.props.items.data).toHaveLength(3);
  });

  it('shows an invoice with its lines, payments, the printable document and what may be done', async () => {
    const [statement] = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, customerId), eq(invoices.kind, 'usage')));
    const page = await customer.page(`/panel/invoices/${statement!.uuid}`);
    expect(page.component).toBe('Panel/Invoices/Edit');
    expect(page.props.invoice).toMatchObject({ kind: 'usage', status: 'paid', tax: 0 });
    // One line per machine that ran last month: the two deleted since, and the live ones when their
    // first start (twelve days ago) fell in it.
    const machines = await db()
      .selectDistinct({ reference: walletTransactions.reference })
      .from(walletTransactions)
      .where(
        and(
          eq(walletTransactions.userId, customerId),
          eq(walletTransactions.type, 'usage'),
          gte(walletTransactions.createdAt, previousJalaliMonth(new Date()).start),
          lt(walletTransactions.createdAt, previousJalaliMonth(new Date()).end),
        ),
      );
    expect(machines.length).toBeGreaterThanOrEqual(2);
    expect(page.props.items).toHaveLength(machines.length);
    expect(page.props.items[0].description).toMatch(/^کارکرد سرور «.+» — [۰-۹]+ دقیقه$/);
    expect(page.props.document.title).toBe('صورت‌حساب');
    expect(page.props.document.numberLabel).toMatch(/^شمارهٔ [۰-۹]+$/);
    expect(page.props.can).toEqual({ update: false, cancel: false, pay_wallet: false, pay_gateway: false });
    // The statement is made out as the customer's last official invoice was.
    expect(page.props.bill_to).toMatchObject({ kind: 'person', national_code: '0499370899' });
  });

  it('answers another customer’s invoice, a draft and a malformed id with 404', async () => {
    const [other] = await db()
      .insert(users)
      .values({ name: 'مشتری دیگر', email: 'other-invoices@example.test', emailVerifiedAt: new Date() })
      .returning();
    const [theirs] = await db()
      .insert(invoices)
      .values({
        userId: other!.id,
        kind: 'manual',
        status: 'pending',
        taxRate: 10,
        total: 1000,
        subtotal: 1000,
      })
      .returning();
    const [draft] = await db()
      .insert(invoices)
      .values({ userId: customerId, kind: 'manual', status: 'draft', taxRate: 10 })
      .returning();
    for (const uuid of [theirs!.uuid, draft!.uuid, 'not-a-uuid']) {
      expect((await customer.request('GET', `/panel/invoices/${uuid}`)).statusCode).toBe(404);
      expect((await customer.request('GET', `/panel/invoices/${uuid}/pdf`)).statusCode).toBe(404);
      const pay = await customer.post(`/panel/invoices/${uuid}/pay`, { method: 'wallet' });
      expect(pay.statusCode).toBe(404);
    }
    expect((await db().select().from(invoices).where(eq(invoices.id, theirs!.id)))[0]!.status).toBe(
      'pending',
    );
  });

  it('makes a pro-forma: errors under the fields, then a pending invoice with the bill-to frozen', async () => {
    const make = await customer.page('/panel/invoices/create');
    expect(make.component).toBe('Panel/Invoices/Make');
    expect(make.props).toMatchObject({ min: 500_000, max: 500_000_000, vat_rate: 10, tax_inclusive: false });
    // Prefilled from the customer's latest official invoice.
    expect(make.props.bill_to.postal_code).toMatch(/^\d{10}$/);

    await customer.post(
      '/panel/invoices',
      { ...PERSON, amount: '۲۰۰۰۰', postal_code: '12345' },
      { referer: '/panel/invoices/create' },
    );
    let errors = await customer.errorsOn('/panel/invoices/create');
    expect(errors.postal_code).toBe('کد پستی باید ۱۰ رقم باشد، بدون خط تیره.');
    await customer.post(
      '/panel/invoices',
      { ...PERSON, amount: '۲۰٬۰۰۰', national_code: '0499370898' },
      { referer: '/panel/invoices/create' },
    );
    errors = await customer.errorsOn('/panel/invoices/create');
    expect(errors.national_code).toMatch(/کد ملی درست نیست/);
    await customer.post(
      '/panel/invoices',
      { ...PERSON, amount: '۲۰٬۰۰۰' },
      { referer: '/panel/invoices/create' },
    );
    errors = await customer.errorsOn('/panel/invoices/create');
    expect(errors.amount).toBe('کمترین مبلغ ۵۰٬۰۰۰ تومان است.');
    await customer.post(
      '/panel/invoices',
      {
        kind: 'company',
        name: 'شرکت',
        company_id: '123',
        economic_code: '',
        address: 'کوتاه',
        postal_code: '',
        amount: '',
      },
      { referer: '/panel/invoices/create' },
    );
    errors = await customer.errorsOn('/panel/invoices/create');
    expect(Object.keys(errors).sort()).toEqual([
      'address',
      'amount',
      'company_id',
      'economic_code',
      'postal_code',
    ]);
    // The codes are checked as the tax office reads them: the national ID's check digit, and a
    // company's eleven-digit economic code is its national ID, never a person's national code.
    const company = {
      kind: 'company',
      name: 'شرکت طراحی نقش‌آفرین',
      company_id: '10320845671',
      economic_code: '411153698574',
      address: 'تهران، خیابان ولیعصر، پلاک ۱۲',
      postal_code: '1434843111',
      amount: '۱٬۰۰۰٬۰۰۰',
    };
    const codeErrors = async (codes: { company_id: string; economic_code: string }) => {
      await customer.post('/panel/invoices', { ...company, ...codes }, { referer: '/panel/invoices/create' });
      return customer.errorsOn('/panel/invoices/create');
    };
    errors = await codeErrors({ company_id: '10320845672', economic_code: '411153698574' });
    expect(Object.keys(errors)).toEqual(['company_id']);
    expect(errors.company_id).toMatch(/رقم کنترل/);
    errors = await codeErrors({ company_id: '10320845671', economic_code: '10101234565' });
    expect(Object.keys(errors)).toEqual(['economic_code']);
    expect(errors.economic_code).toMatch(/همان شناسهٔ ملی/);
    errors = await codeErrors({ company_id: '10320845671', economic_code: '0499370899' });
    expect(errors.economic_code).toMatch(/کد ملی یک شخص/);
    errors = await codeErrors({ company_id: '10320845671', economic_code: '10320845670' });
    expect(errors.economic_code).toMatch(/رقم کنترل/);

    const res = await customer.post('/panel/invoices', { ...PERSON, amount: '۱٬۰۰۰٬۰۰۰' });
    expect(res.statusCode).toBe(303);
    const uuid = (res.headers.location as string).split('/').pop()!;
    const [invoice] = await db().select().from(invoices).where(eq(invoices.uuid, uuid));
    expect(invoice).toMatchObject({
      kind: 'topup',
      status: 'pending',
      number: null,
      subtotal: 10_000_000,
      tax: 1_000_000,
      total: 11_000_000,
      billTo: { ...PERSON, national_code: '0499370899' },
    });
    const page = await customer.page(res.headers.location as string);
    expect(page.props.flash.success).toMatch(/پیش‌فاکتور صادر شد/);
    expect(page.props.document.title).toBe('پیش‌فاکتور');
    expect(page.props.can).toEqual({ update: true, cancel: true, pay_wallet: false, pay_gateway: true });
  });

  it('changes the bill-to while pending, and not after', async () => {
    const [pending] = await db()
      .select()
      .from(invoices)
      .where(
        and(eq(invoices.userId, customerId), eq(invoices.kind, 'topup'), eq(invoices.status, 'pending')),
      );
    const url = `/panel/invoices/${pending!.uuid}`;
    await customer.request('PUT', url, { ...PERSON, postal_code: 'abc' }, { referer: url });
    expect((await customer.errorsOn(url)).postal_code).toBeDefined();
    const company = {
      kind: 'company',
      name: 'شرکت طراحی نقش‌آفرین',
      company_id: '۱۰۳۲۰۸۴۵۶۷۱',
      economic_code: '411153698574',
      address: 'تهران، خیابان ولیعصر، پلاک ۱۲',
      postal_code: '1434843111',
      national_code: '0499370899',
    };
    expect((await customer.request('PUT', url, company)).statusCode).toBe(303);
    const [updated] = await db().select().from(invoices).where(eq(invoices.id, pending!.id));
    // Only what a company's bill-to holds is kept.
    expect(updated!.billTo).toEqual({
      kind: 'company',
      name: 'شرکت طراحی نقش‌آفرین',
      company_id: '10320845671',
      economic_code: '411153698574',
      address: 'تهران، خیابان ولیعصر، پلاک ۱۲',
      postal_code: '1434843111',
    });

    const [paid] = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, customerId), eq(invoices.status, 'paid')));
    const paidUrl = `/panel/invoices/${paid!.uuid}`;
    const res = await customer.request('PUT', paidUrl, PERSON, { referer: paidUrl });
    expect(res.statusCode).toBe(303);
    expect((await customer.page(paidUrl)).props.errors.action).toBe(
      'مشخصات خریدار فقط تا پیش از پرداخت صورت‌حساب تغییر می‌کند.',
    );
  });

  it('cancels its own pending pro-forma, but not while a payment of it is at the gateway', async () => {
    const res = await customer.post('/panel/invoices', { ...PERSON, amount: '500000' });
    const url = res.headers.location as string;
    const [invoice] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.uuid, url.split('/').pop()!));
    const [payment] = await db()
      .insert(payments)
      .values({
        userId: customerId,
        invoiceId: invoice!.id,
        gateway: 'test',
        amount: invoice!.total,
        status: 'redirected',
        authority: 'T-cancel-test',
        expiresAt: new Date(Date.now() + 30 * 60_000),
      })
      .returning();
    await customer.request('DELETE', url, {}, { referer: url });
    let page = await customer.page(url);
    expect(page.props.errors.action).toMatch(/در درگاه باز است/);
    expect(page.props.invoice.status).toBe('pending');

    await db().update(payments).set({ status: 'canceled' }).where(eq(payments.id, payment!.id));
    expect((await customer.request('DELETE', url, {}, { referer: url })).statusCode).toBe(303);
    page = await customer.page(url);
    expect(page.props.invoice.status).toBe('cancelled');
    expect(page.props.payments).toEqual([
      expect.objectContaining({ status: 'canceled', gateway_label: 'درگاه آزمایشی' }),
    ]);
    expect(page.props.can).toEqual({ update: false, cancel: false, pay_wallet: false, pay_gateway: false });
  });

  it('refuses to cancel a debt (a manual invoice): it is paid, not cancelled', async () => {
    const invoice = await debt(100_000);
    const url = `/panel/invoices/${invoice.uuid}`;
    await customer.request('DELETE', url, {}, { referer: url });
    expect((await customer.page(url)).props.errors.action).toMatch(/لغو نمی‌شود/);
  });

  it('pays a manual invoice from the wallet once, numbered, and refuses a short balance', async () => {
    const before = await balance();
    const big = await debt(before + 10);
    const bigUrl = `/panel/invoices/${big.uuid}`;
    await customer.post(`${bigUrl}/pay`, { method: 'wallet' }, { referer: bigUrl });
    expect((await customer.page(bigUrl)).props.errors.action).toMatch(
      /^موجودی کیف پول \(.+ تومان\) برای پرداخت/,
    );
    expect(await balance()).toBe(before);

    const invoice = await debt(250_000);
    const url = `/panel/invoices/${invoice.uuid}`;
    expect((await customer.page(url)).props.can.pay_wallet).toBe(true);
    const answers = await Promise.all(
      [1, 2, 3].map(() => customer.post(`${url}/pay`, { method: 'wallet' }, { referer: url })),
    );
    expect(answers.every((a) => a.statusCode === 303)).toBe(true);
    expect(await balance()).toBe(before - 250_000);
    const lines = await db()
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.idempotencyKey, `invoice:${invoice.uuid}:wallet`));
    expect(lines).toEqual([
      expect.objectContaining({ type: 'adjustment', amount: -250_000, reference: invoice.uuid }),
    ]);
    const [paid] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(paid).toMatchObject({ status: 'paid' });
    expect(paid!.number).toBeGreaterThan(0);

    // A usage invoice paid from the wallet is a usage line.
    const usage = await debt(10_000, 'usage');
    await customer.post(`/panel/invoices/${usage.uuid}/pay`, { method: 'wallet' });
    const [line] = await db()
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.idempotencyKey, `invoice:${usage.uuid}:wallet`));
    expect(line!.type).toBe('usage');
  });

  it('sends a gateway payment to the payment page (409), and refuses the wallet for a top-up', async () => {
    const res = await customer.post('/panel/invoices', { ...PERSON, amount: '500000' });
    const url = res.headers.location as string;
    const uuid = url.split('/').pop()!;
    const gateway = await customer.visit('POST', `${url}/pay`, { method: 'gateway' });
    expect(gateway.statusCode).toBe(409);
    expect(gateway.headers['x-inertia-location']).toBe(`/panel/payments/create?invoice=${uuid}`);
    const make = await customer.page(`/panel/payments/create?invoice=${uuid}`);
    expect(make.props.invoice).toMatchObject({ uuid, total: 5_500_000 });

    await customer.post(`${url}/pay`, { method: 'wallet' }, { referer: url });
    expect((await customer.page(url)).props.errors.action).toMatch(/از خود کیف پول پرداخت نمی‌شود/);
    await customer.post(`${url}/pay`, { method: 'cash' }, { referer: url });
    expect((await customer.page(url)).props.errors.method).toBe('روش پرداخت را انتخاب کنید.');
  });

  it('downloads the PDF with a Persian file name', async () => {
    const [paid] = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, customerId), eq(invoices.kind, 'topup'), eq(invoices.status, 'paid')));
    const res = await customer.request('GET', `/panel/invoices/${paid!.uuid}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const persian = String(paid!.number).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${paid!.number}.pdf"; filename*=UTF-8''${encodeURIComponent(`صورتحساب-${persian}.pdf`)}`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
