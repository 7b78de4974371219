import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../activity/tables';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { users } from '../users/tables';
import { invoiceItems, invoices, walletTransactions } from './tables';
import { postLedgerEntry } from './wallet';

const ITEMS = [
  { description: 'راه‌اندازی اختصاصی Revit', quantity: '۲', unit_price: '۱۵۰٬۰۰۰' },
  { description: 'پشتیبانی تلفنی', quantity: '1', unit_price: '200000' },
];

/**
 * Admin/Invoices (docs/screens.md §6): the list with its filters and totals, a manual invoice made,
 * edited while it may be, issued, paid by hand (a top-up credited once), refunded to the wallet and
 * to the card within what was paid, cancelled, and its PDF.
 */
describe(`admin: invoices (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let admin: TestBrowser;
  let customerId: number;
  const db = () => t.database.db;
  const balance = async () =>
    (await db().select({ b: users.balance }).from(users).where(eq(users.id, customerId)))[0]!.b;
  const idOf = (location: string) => Number(/\/admin\/invoices\/(\d+)\/edit$/.exec(location)![1]);

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.94.0.1' });
    await admin.request('POST', '/user/confirm-password', { password: 'password' });
    const [row] = await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
    customerId = row!.id;
  });
  afterAll(() => t.close());

  it('lists every invoice with its customer, filters and the filter’s totals', async () => {
    const page = await admin.page('/admin/invoices');
    expect(page.component).toBe('Admin/Invoices/List');
    expect(page.props.items.data.length).toBe(3);
    expect(page.props.items.data[0]).toMatchObject({ user: { id: customerId, name: 'علی رضایی' } });
    const all = page.props.items.data as { status: string; total: number }[];
    expect(page.props.totals).toEqual({
      count: 3,
      total: all.reduce((sum, r) => sum + r.total, 0),
      paid: all.filter((r) => r.status === 'paid').reduce((sum, r) => sum + r.total, 0),
      pending: all.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.total, 0),
    });
    expect((await admin.page('/admin/invoices?q=رضایی')).props.items.data).toHaveLength(3);
    expect((await admin.page('/admin/invoices?q=09120000000')).props.items.data).toHaveLength(3);
    expect((await admin.page('/admin/invoices?q=nobody@nowhere')).props.items.data).toHaveLength(0);
    const paid = await admin.page('/admin/invoices?status=paid&kind=topup');
    expect(paid.props.items.data).toHaveLength(1);
    const numbered = paid.props.items.data[0].number as number;
    expect((await admin.page(`/admin/invoices?q=${numbered}`)).props.items.data[0].number).toBe(numbered);
    const day = (daysAgo: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(
        new Date(Date.now() - daysAgo * 86_400_000),
      );
    // The seed's pro-forma was asked for two days ago, its top-up paid thirteen days ago.
    const recent = await admin.page(`/admin/invoices?from=${day(3)}&to=${day(0)}`);
    expect(recent.props.items.data.map((r: { kind: string }) => r.kind)).toEqual(['topup']);
    expect(recent.props.totals.count).toBe(1);
    const junk = await admin.page('/admin/invoices?status=x&kind=y&from=z&page=-1');
    expect(junk.props.filters).toEqual({ q: '', kind: '', status: '', from: '', to: '' });
  });

  it('keeps the list, the pages and the actions to admins', async () => {
    const care = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.94.0.2' });
    expect((await care.request('GET', '/admin/invoices')).statusCode).toBe(404);
    const customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.94.0.3' });
    expect((await customer.request('POST', '/admin/invoices', { user: '1' })).statusCode).toBe(404);
  });

  it('issues a manual invoice: errors per line, the customer by e-mail, mobile or id, VAT on top', async () => {
    const make = await admin.page(`/admin/invoices/create?user=${customerId}`);
    expect(make.component).toBe('Admin/Invoices/Make');
    expect(make.props).toMatchObject({ user: { id: customerId, name: 'علی رضایی' }, vat_rate: 10 });
    expect(make.props.kinds.map((k: { value: string }) => k.value)).toEqual(['usage', 'manual']);

    const referer = { referer: '/admin/invoices/create' };
    await admin.post(
      '/admin/invoices',
      {
        user: 'ghost@example.test',
        items: [{ description: '', quantity: '0', unit_price: '' }],
        tax_rate: '200',
      },
      referer,
    );
    let errors = await admin.errorsOn('/admin/invoices/create');
    expect(errors).toMatchObject({
      'items.0.description': 'شرح را بنویسید.',
      'items.0.quantity': expect.stringMatching(/^تعداد باید/),
      'items.0.unit_price': expect.stringMatching(/^مبلغ واحد/),
      tax_rate: expect.stringMatching(/^نرخ مالیات/),
    });
    await admin.post(
      '/admin/invoices',
      { user: 'ghost@example.test', items: ITEMS, tax_rate: '10' },
      referer,
    );
    errors = await admin.errorsOn('/admin/invoices/create');
    expect(errors.user).toBe('کاربری با این ایمیل، موبایل یا شناسه پیدا نشد.');

    for (const user of ['customer@renderfarm.test', '۰۹۱۲ ۰۰۰ ۰۰۰۰', String(customerId)]) {
      const res = await admin.post('/admin/invoices', {
        user,
        items: ITEMS,
        tax_rate: '9',
        due_date: '2026-12-30',
      });
      expect(res.statusCode).toBe(303);
      const [invoice] = await db()
        .select()
        .from(invoices)
        .where(eq(invoices.id, idOf(res.headers.location as string)));
      expect(invoice).toMatchObject({
        userId: customerId,
        kind: 'manual',
        status: 'pending',
        taxRate: 9,
        subtotal: 5_000_000,
        tax: 450_000,
        total: 5_450_000,
        number: null,
      });
      // Frozen from the customer's latest official invoice.
      expect(invoice!.billTo).toMatchObject({ postal_code: expect.stringMatching(/^\d{10}$/) });
      expect(invoice!.dueAt!.toISOString()).toBe('2026-12-29T20:30:00.000Z');
    }
  });

  it('keeps a draft from the customer, edits it freely, then issues it with the tax rate frozen', async () => {
    const res = await admin.post('/admin/invoices', {
      user: 'customer@renderfarm.test',
      items: ITEMS,
      tax_rate: '10',
      issue: false,
    });
    const id = idOf(res.headers.location as string);
    const edit = await admin.page(`/admin/invoices/${id}/edit`);
    expect(edit.component).toBe('Admin/Invoices/Edit');
    expect(edit.props.invoice).toMatchObject({ status: 'draft', bill_to: null });
    expect(edit.props.can).toMatchObject({
      edit_items: true,
      edit_tax: true,
      issue: true,
      pay: false,
      refund: false,
    });
    const customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.94.0.4' });
    const uuid = edit.props.invoice.uuid as string;
    expect((await customer.request('GET', `/panel/invoices/${uuid}`)).statusCode).toBe(404);

    const url = `/admin/invoices/${id}`;
    await admin.request('PUT', url, { kind: 'usage', items: [ITEMS[0]], tax_rate: '0' });
    let [row] = await db().select().from(invoices).where(eq(invoices.id, id));
    expect(row).toMatchObject({
      status: 'draft',
      kind: 'usage',
      taxRate: 0,
      subtotal: 3_000_000,
      total: 3_000_000,
    });
    await admin.request('PUT', url, { kind: 'manual', items: ITEMS, tax_rate: '10', issue: true });
    [row] = await db().select().from(invoices).where(eq(invoices.id, id));
    expect(row).toMatchObject({ status: 'pending', kind: 'manual', taxRate: 10, total: 5_500_000 });
    expect(row!.billTo).not.toBeNull();
    // Issued: the rate is frozen, the lines may still change.
    await admin.request('PUT', url, { kind: 'usage', items: [ITEMS[1]], tax_rate: '50' });
    [row] = await db().select().from(invoices).where(eq(invoices.id, id));
    expect(row).toMatchObject({
      status: 'pending',
      kind: 'manual',
      taxRate: 10,
      subtotal: 2_000_000,
      tax: 200_000,
    });
    expect(await db().select().from(invoiceItems).where(eq(invoiceItems.invoiceId, id))).toHaveLength(1);
    expect((await customer.page(`/panel/invoices/${uuid}`)).props.invoice.total).toBe(2_200_000);
  });

  it('records a bank transfer for a pro-forma: numbered once, the wallet credited once', async () => {
    const [proForma] = await db()
      .select()
      .from(invoices)
      .where(
        and(eq(invoices.userId, customerId), eq(invoices.kind, 'topup'), eq(invoices.status, 'pending')),
      );
    const url = `/admin/invoices/${proForma!.id}`;
    const before = await balance();
    await admin.post(`${url}/pay`, { reference: '', paid_at: '' }, { referer: `${url}/edit` });
    const errors = await admin.errorsOn(`${url}/edit`);
    expect(errors).toEqual({
      reference: 'شمارهٔ پیگیری واریز را بنویسید.',
      paid_at: 'تاریخ واریز را انتخاب کنید.',
    });
    await admin.post(`${url}/pay`, { reference: 'FT-1', paid_at: '2099-01-01' }, { referer: `${url}/edit` });
    expect((await admin.errorsOn(`${url}/edit`)).paid_at).toBe('تاریخ واریز نمی‌تواند در آینده باشد.');

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(new Date());
    const answers = await Promise.all(
      [1, 2].map(() =>
        admin.post(
          `${url}/pay`,
          { reference: 'پایا ۱۴۰۵۰۹۰۳۱۲', paid_at: today },
          { referer: `${url}/edit` },
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([303, 303]);
    expect(await balance()).toBe(before + proForma!.subtotal);
    const [paid] = await db().select().from(invoices).where(eq(invoices.id, proForma!.id));
    expect(paid!.status).toBe('paid');
    expect(paid!.number).toBeGreaterThan(0);
    const edit = await admin.page(`${url}/edit`);
    expect(edit.props.offline).toMatchObject({
      // Typed with Persian digits, kept with Latin ones (matched against the bank's statement).
      reference: 'پایا 1405090312',
      paid_at: today,
      by: 'مدیر سامانه',
    });
    await admin.post(`${url}/pay`, { reference: 'FT-2', paid_at: today }, { referer: `${url}/edit` });
    expect((await admin.errorsOn(`${url}/edit`)).action).toBe('این صورت‌حساب پیش‌تر پرداخت شده است.');
    expect(await balance()).toBe(before + proForma!.subtotal);
    expect(edit.props.can).toMatchObject({ pay: false, edit_items: false, refund: true });
    expect(edit.props.invoice.refundable).toBe(paid!.total);
  });

  it('refunds within what was paid: to the wallet, to the card taking the credit back, then whole', async () => {
    const [invoice] = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, customerId), eq(invoices.kind, 'topup'), eq(invoices.status, 'paid')))
      .orderBy(invoices.id);
    const url = `/admin/invoices/${invoice!.id}`;
    const referer = { referer: `${url}/edit` };
    // The seed's 5,000,000-Toman top-up: 55,000,000 Rial paid, 50,000,000 credited.
    expect(invoice).toMatchObject({ subtotal: 50_000_000, total: 55_000_000 });

    let before = await balance();
    await admin.post(
      `${url}/refund`,
      { amount: '۱۰۰٬۰۰۰', to: 'wallet', reason: 'جبران قطعی سرور' },
      referer,
    );
    expect(await balance()).toBe(before + 1_000_000);

    await admin.post(`${url}/refund`, { amount: '5500000', to: 'card', reason: 'بیش از باقی‌مانده' }, referer);
    expect((await admin.errorsOn(`${url}/edit`)).amount).toBe(
      'از این صورت‌حساب حداکثر ۵٬۴۰۰٬۰۰۰ تومان دیگر بازپرداخت می‌شود.',
    );

    before = await balance();
    await admin.post(`${url}/refund`, { amount: '1100000', to: 'card', reason: 'درخواست مشتری' }, referer);
    // 11,000,000 Rial back to the card: its 10,000,000 of credit is taken back from the wallet.
    expect(await balance()).toBe(before - 10_000_000);
    const lines = await db()
      .select()
      .from(walletTransactions)
      .where(like(walletTransactions.idempotencyKey, `refund:${invoice!.uuid}:%`))
      .orderBy(walletTransactions.id);
    expect(lines.map((l) => [l.idempotencyKey.split(':')[2], l.type, l.amount])).toEqual([
      ['1', 'refund', 1_000_000],
      ['2', 'refund', -10_000_000],
    ]);
    const entries = await db()
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.event, 'billing:invoice.refunded'),
          eq(activityLog.subjectId, String(invoice!.id)),
        ),
      )
      .orderBy(activityLog.id);
    expect(entries.map((e) => [e.properties.to, e.properties.reason])).toEqual([
      ['wallet', 'جبران قطعی سرور'],
      ['card', 'درخواست مشتری'],
    ]);

    // The rest to the card needs the rest of the credit (40,000,000), which the wallet no longer has.
    await postLedgerEntry(db(), {
      userId: customerId,
      type: 'usage',
      amount: 30_000_000 - (await balance()),
      description: 'کارکرد سرور',
      idempotencyKey: 'test:spend-the-credit',
    });
    const rest = (55_000_000 - 1_000_000 - 11_000_000) / 10;
    await admin.post(`${url}/refund`, { amount: String(rest), to: 'card', reason: 'بقیه' }, referer);
    expect((await admin.errorsOn(`${url}/edit`)).amount).toBe(
      'اعتبار این افزایش اعتبار (۴٬۰۰۰٬۰۰۰ تومان) دیگر در کیف پول مشتری نیست (موجودی ۳٬۰۰۰٬۰۰۰ تومان)؛ مبلغ کمتری به کارت برگردانید.',
    );
    expect(await balance()).toBe(30_000_000);
    await admin.post(
      `${url}/refund`,
      { amount: String(rest), to: 'wallet', reason: 'بقیه به کیف پول' },
      referer,
    );
    expect(await balance()).toBe(30_000_000 + rest * 10);
    const edit = await admin.page(`${url}/edit`);
    expect(edit.props.invoice).toMatchObject({ status: 'refunded', refunded: 55_000_000, refundable: 0 });
    expect(edit.props.refunds.map((r: { to: string }) => r.to)).toEqual(['wallet', 'card', 'wallet']);
    expect(edit.props.can.refund).toBe(false);
    await admin.post(`${url}/refund`, { amount: '10', to: 'wallet', reason: 'باز هم' }, referer);
    expect((await admin.errorsOn(`${url}/edit`)).action).toBe('این صورت‌حساب پیش‌تر کامل بازپرداخت شده است.');
  });

  it('cancels a pending invoice, deletes a draft, and keeps a paid one', async () => {
    const pending = await admin.post('/admin/invoices', {
      user: String(customerId),
      items: ITEMS,
      tax_rate: '10',
    });
    const pendingId = idOf(pending.headers.location as string);
    expect((await admin.request('DELETE', `/admin/invoices/${pendingId}`)).statusCode).toBe(303);
    expect((await db().select().from(invoices).where(eq(invoices.id, pendingId)))[0]!.status).toBe(
      'cancelled',
    );

    const draft = await admin.post('/admin/invoices', {
      user: String(customerId),
      items: ITEMS,
      tax_rate: '10',
      issue: '0',
    });
    const draftId = idOf(draft.headers.location as string);
    const res = await admin.request('DELETE', `/admin/invoices/${draftId}`);
    expect(res.headers.location).toBe('/admin/invoices');
    expect(await db().select().from(invoices).where(eq(invoices.id, draftId))).toEqual([]);

    const [paid] = await db().select().from(invoices).where(eq(invoices.status, 'paid'));
    await admin.request(
      'DELETE',
      `/admin/invoices/${paid!.id}`,
      {},
      { referer: `/admin/invoices/${paid!.id}/edit` },
    );
    expect((await admin.errorsOn(`/admin/invoices/${paid!.id}/edit`)).action).toMatch(/پرداخت‌شده لغو نمی‌شود/);
    await admin.request(
      'PUT',
      `/admin/invoices/${paid!.id}`,
      { items: ITEMS, tax_rate: '10' },
      { referer: '/admin/invoices' },
    );
    expect((await admin.errorsOn('/admin/invoices')).action).toMatch(/ویرایش نمی‌شود/);
    expect((await admin.request('GET', '/admin/invoices/999999/edit')).statusCode).toBe(404);
  });

  it('downloads any invoice as a PDF', async () => {
    const [paid] = await db().select().from(invoices).where(eq(invoices.kind, 'usage'));
    const res = await admin.request('GET', `/admin/invoices/${paid!.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="invoice-\d+\.pdf"; filename\*=UTF-8''/,
    );
  });
});
