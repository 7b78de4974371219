import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker } from '../../platform/jobs/worker';
import { readSmsLog } from '../../platform/sms';
import { activityLog } from '../activity/tables';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { walletTransactions } from '../billing/tables';
import { instances } from '../instances/tables';
import { sessions } from '../sessions/tables';
import { users } from '../users/tables';
import { verificationRequests } from '../verification/tables';

/**
 * Admin/Users (docs/screens.md §6): the list (search, filters, SQL typed in search), Make with its
 * welcome SMS, Edit (profile, role with rotated sessions, balance adjustment once per form,
 * suspension that stops machines and ends sessions, 2FA reset) and every bad input of the issue
 * refused beside its field with nothing changed.
 */
describe(`admin: users (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let admin: TestBrowser;
  let adminId: number;
  let customerId: number;
  const db = () => t.database.db;
  const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const ledgerOf = async (id: number) =>
    db().select().from(walletTransactions).where(eq(walletTransactions.userId, id));
  const editUrl = (id: number) => `/admin/users/${id}/edit`;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.95.0.1' });
    await admin.post('/user/confirm-password', { password: 'password' });
    adminId = (await db().select().from(users).where(eq(users.email, 'admin@renderfarm.test')))[0]!.id;
    customerId = (await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test')))[0]!.id;
  });
  afterAll(() => t.close());

  it('lists accounts with search by name, mobile (any digits) and e-mail, filters and pages', async () => {
    const page = await admin.page('/admin/users');
    expect(page.component).toBe('Admin/Users/List');
    const total = (await db().select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
    expect(page.props.items.meta).toMatchObject({ current_page: 1, total });
    expect(page.props.items.data[0]).toHaveProperty('balance');

    const names = async (url: string) =>
      ((await admin.page(url)).props.items.data as { name: string }[]).map((r) => r.name);
    expect(await names('/admin/users?q=رضایی')).toEqual(['علی رضایی']);
    expect(await names(`/admin/users?q=${encodeURIComponent('۰۹۱۲۰۰۰۰۰۰۰')}`)).toEqual(['علی رضایی']);
    expect(await names('/admin/users?q=%2B989120000000')).toEqual(['علی رضایی']);
    expect(await names('/admin/users?q=CUSTOMER@renderfarm')).toEqual(['علی رضایی']);
    expect(await names('/admin/users?role=care')).toEqual(['رضا پشتیبان', 'سارا پشتیبان']);
    expect(await names('/admin/users?suspended=yes')).toEqual(['نگار موسوی']);
    expect(await names('/admin/users?kyc=pending')).toEqual(['رضا کریمی']);
    // Toman: the seeded studio has 8,500,000 Toman.
    expect(await names('/admin/users?balance_min=8000000&balance_max=9000000')).toEqual(['استودیو نقش‌آفرین']);
    const junk = await admin.page('/admin/users?role=root&kyc=x&suspended=maybe&balance_min=abc&page=-3');
    expect(junk.props.filters).toEqual({
      q: '',
      role: '',
      kyc: '',
      suspended: '',
      balance_min: '',
      balance_max: '',
    });
    expect(junk.props.items.meta.total).toBe(total);
  });

  it('searches by national code through the identity checks (any digits, dashes), never by a draft', async () => {
    const names = async (q: string) =>
      (
        (await admin.page(`/admin/users?q=${encodeURIComponent(q)}`)).props.items.data as { name: string }[]
      ).map((r) => r.name);
    expect((await admin.page('/admin/users')).props.searches_national_code).toBe(true);
    // Two accounts sent the same code (one rejected): both are found, newest first.
    expect(await names('0084575948')).toEqual(['محمد حسینی', 'امیر رستمی']);
    expect(await names('۰۴۹۹-۳۷۰۸۹-۹')).toEqual(['علی رضایی']);
    expect(await names(' 0499 370899 ')).toEqual(['علی رضایی']);
    // A code only typed in a draft names nobody; nine digits are not a national code.
    const [care] = await db().select().from(users).where(eq(users.email, 'care@renderfarm.test'));
    await db()
      .insert(verificationRequests)
      .values({ userId: care!.id, nationalCode: '1234567891', status: 'draft' });
    expect(await names('1234567891')).toEqual([]);
    expect(await names('049937089')).toEqual([]);
  });

  it('takes SQL and pattern characters in search as text', async () => {
    for (const q of ["'; drop table users; --", "' or '1'='1", '%', '_', '\\', "a%' union select 1 --"]) {
      const page = await admin.page(`/admin/users?q=${encodeURIComponent(q)}`);
      expect(page.status).toBe(200);
      expect(page.props.items.data).toEqual([]);
    }
    expect((await db().select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n).toBeGreaterThan(3);
  });

  it('makes an account with a welcome SMS; taken e-mail or mobile and a bad mobile are refused', async () => {
    expect((await admin.page('/admin/users/create')).component).toBe('Admin/Users/Make');
    const before = (await db().select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
    const bad = async (body: Record<string, unknown>) => {
      const res = await admin.post('/admin/users', body);
      expect(res.statusCode).toBe(303);
      return admin.errorsOn('/admin/users/create');
    };
    expect(await bad({ name: 'کاربر تازه', mobile: '0912123', role: 'customer' })).toMatchObject({
      mobile: expect.stringContaining('معتبر نیست'),
    });
    expect(
      await bad({ name: 'کاربر تازه', email: 'Customer@RenderFarm.test', role: 'customer' }),
    ).toMatchObject({ email: 'این ایمیل را حساب دیگری دارد.' });
    expect(await bad({ name: 'کاربر تازه', mobile: '+98 912 000 0000', role: 'customer' })).toMatchObject({
      mobile: 'این شماره موبایل را حساب دیگری دارد.',
    });
    expect(await bad({ name: 'کاربر تازه', role: 'customer' })).toMatchObject({
      mobile: 'شماره موبایل یا ایمیل را وارد کنید.',
    });
    expect(await bad({ name: 'کاربر تازه', mobile: '09127770000', role: 'owner' })).toHaveProperty('role');
    expect((await db().select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n).toBe(before);

    const res = await admin.post('/admin/users', {
      name: 'پرستو نادری',
      mobile: '۰۹۱۲ ۷۷۷ ۰۰۰۰',
      email: 'parastoo@example.com',
      role: 'customer',
      welcome_sms: true,
    });
    expect(res.statusCode).toBe(303);
    const made = (await db().select().from(users).where(eq(users.mobile, '09127770000')))[0]!;
    expect(res.headers.location).toBe(editUrl(made.id));
    expect(made).toMatchObject({ name: 'پرستو نادری', role: 'customer', passwordHash: null });
    await createWorker({ db: db(), handlers: t.app.jobHandlers }).drain();
    const texts = await readSmsLog(t.storageDir, '09127770000');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain('پرستو نادری');
    expect(texts[0]!.text).toContain('/auth/signin');
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.event, 'admin:user.created'), eq(activityLog.subjectId, String(made.id))));
    expect(entry).toMatchObject({ actorId: adminId, ipAddress: '10.95.0.1' });
  });

  it('shows Edit with its forms and loads the tabs afterwards', async () => {
    const page = await admin.page(editUrl(customerId));
    expect(page.component).toBe('Admin/Users/Edit');
    expect(page.props.item).toMatchObject({ id: customerId, name: 'علی رضایی', role: 'customer' });
    expect(page.props.can).toMatchObject({ change_role: true, suspend: true, impersonate: true });
    expect(page.props.adjustment_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(page.props.ledger).toBeUndefined();
    const tabs = await admin.request('GET', editUrl(customerId), undefined, {
      'x-inertia': 'true',
      'x-inertia-version': String(page.version),
      'x-inertia-partial-component': 'Admin/Users/Edit',
      'x-inertia-partial-data': 'ledger,machines,activity,invoices,tickets,kyc',
    });
    const props = JSON.parse(tabs.body).props;
    expect(props.ledger.length).toBeGreaterThan(0);
    expect(props.machines.length).toBeGreaterThan(0);
    expect(Array.isArray(props.activity)).toBe(true);
    expect(props.invoices.length).toBeGreaterThan(0);
    expect(props.invoices[0]).toHaveProperty('total');
    expect(Array.isArray(props.tickets)).toBe(true);
    expect(page.props.unavailable_tabs).toEqual([]);
    expect(Array.isArray(props.kyc)).toBe(true);
    const own = await admin.page(editUrl(adminId));
    expect(own.props.can).toMatchObject({ change_role: false, suspend: false, impersonate: false });
    expect((await admin.request('GET', '/admin/users/999999/edit')).statusCode).toBe(404);
    expect((await admin.request('GET', '/admin/users/abc/edit')).statusCode).toBe(404);
  });

  it('adjusts the balance once per form; every bad amount or reason is refused beside its field', async () => {
    const { adjustment_key: key } = (await admin.page(editUrl(customerId))).props;
    const start = (await userRow(customerId)).balance;
    const lines = (await ledgerOf(customerId)).length;
    const refused = async (body: Record<string, unknown>, field: string, text: string) => {
      const res = await admin.post(`/admin/users/${customerId}/balance`, { idempotency_key: key, ...body });
      expect(res.statusCode).toBe(303);
      const errors = await admin.errorsOn(editUrl(customerId));
      expect(errors[field], JSON.stringify(body)).toContain(text);
    };
    await refused({ amount: '0', reason: 'جبران قطعی' }, 'amount', 'غیر صفر');
    await refused({ amount: '1500.5', reason: 'جبران قطعی' }, 'amount', 'عددی صحیح');
    // Toman: at most 10¹¹ Toman (10¹² Rial) either way.
    await refused({ amount: '100000000001', reason: 'جبران قطعی' }, 'amount', 'حداکثر');
    await refused({ amount: '-100000000001', reason: 'جبران قطعی' }, 'amount', 'حداکثر');
    for (const junk of ['0x30D40', '2e5', '+200000', '25000.0']) {
      await refused({ amount: junk, reason: 'جبران قطعی' }, 'amount', 'عددی صحیح');
    }
    await refused({ amount: ['25000'], reason: 'جبران قطعی' }, 'amount', 'عددی صحیح');
    await refused({ amount: 'ده هزار', reason: 'جبران قطعی' }, 'amount', 'عددی صحیح');
    await refused(
      { amount: String(-(Math.ceil(start / 10) + 1)), reason: 'برگشت شارژ اشتباه' },
      'amount',
      'بیش از موجودی',
    );
    await refused({ amount: '10000' }, 'reason', 'دلیل');
    await refused({ amount: '10000', reason: 'abc' }, 'reason', 'چهار نویسه');
    await refused({ amount: '10000', reason: '   ' }, 'reason', 'دلیل');
    expect((await userRow(customerId)).balance).toBe(start);
    expect(await ledgerOf(customerId)).toHaveLength(lines);

    // The form takes Toman, as the card beside it shows: ۲۵٬۰۰۰ Toman is 250,000 Rial in the ledger.
    const body = { amount: '۲۵٬۰۰۰', reason: 'جبران قطعی سرور', idempotency_key: key };
    const [first, second] = await Promise.all([
      admin.post(`/admin/users/${customerId}/balance`, body),
      admin.post(`/admin/users/${customerId}/balance`, body),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
    await admin.post(`/admin/users/${customerId}/balance`, body);
    const after = await ledgerOf(customerId);
    expect(after).toHaveLength(lines + 1);
    const line = after.find((l) => l.type === 'adjustment')!;
    expect(line).toMatchObject({
      amount: 250_000,
      description: 'جبران قطعی سرور',
      balanceAfter: start + 250_000,
    });
    const balance = (await userRow(customerId)).balance;
    expect(balance).toBe(start + 250_000);
    expect(after.reduce((sum, l) => sum + l.amount, 0)).toBe(balance);
    const audit = await db()
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.event, 'admin:balance.adjusted'), eq(activityLog.subjectId, String(customerId))),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, ipAddress: '10.95.0.1' });

    // A debit with a new form, within the balance.
    const next = (await admin.page(editUrl(customerId))).props.adjustment_key;
    await admin.post(`/admin/users/${customerId}/balance`, {
      amount: '−۵٬۰۰۰',
      reason: 'برگشت بخشی از جبران',
      idempotency_key: next,
    });
    expect((await userRow(customerId)).balance).toBe(start + 200_000);
  });

  it('changes profile and role: the role change ends the account’s sessions; own role and taken contacts refused', async () => {
    const care = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.95.0.2' });
    const careId = (await db().select().from(users).where(eq(users.email, 'care@renderfarm.test')))[0]!.id;
    const careSessions = async () =>
      (await db().select().from(sessions).where(eq(sessions.userId, careId))).length;
    expect(await careSessions()).toBeGreaterThan(0);

    const put = (id: number, body: Record<string, unknown>) =>
      admin.request('PUT', `/admin/users/${id}`, body);
    await put(adminId, {
      name: 'مدیر سامانه',
      email: 'admin@renderfarm.test',
      mobile: '09120000001',
      role: 'customer',
    });
    expect((await admin.errorsOn(editUrl(adminId))).role).toBe('نقش حساب خودتان را نمی‌توانید تغییر دهید.');
    expect((await userRow(adminId)).role).toBe('admin');

    await put(careId, {
      name: 'سارا پشتیبان',
      email: 'customer@renderfarm.test',
      mobile: '09120000002',
      role: 'care',
    });
    expect((await admin.errorsOn(editUrl(careId))).email).toBe('این ایمیل را حساب دیگری دارد.');
    await put(careId, {
      name: 'سارا پشتیبان',
      email: 'care@renderfarm.test',
      mobile: '09120000000',
      role: 'care',
    });
    expect((await admin.errorsOn(editUrl(careId))).mobile).toBe('این شماره موبایل را حساب دیگری دارد.');
    await put(careId, { name: 'سارا پشتیبان', email: 'care@renderfarm.test', mobile: '123', role: 'care' });
    expect((await admin.errorsOn(editUrl(careId))).mobile).toContain('معتبر نیست');
    expect(await careSessions()).toBeGreaterThan(0);

    const res = await put(careId, {
      name: 'سارا پشتیبان',
      email: 'care@renderfarm.test',
      mobile: '09120000002',
      role: 'admin',
    });
    expect(res.statusCode).toBe(303);
    expect((await userRow(careId)).role).toBe('admin');
    expect(await careSessions()).toBe(0);
    expect((await care.request('GET', '/care')).statusCode).toBe(303);
    const [changed] = await db()
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.event, 'admin:user.role_changed'), eq(activityLog.subjectId, String(careId))),
      );
    expect(changed!.properties).toEqual({
      from: 'care',
      to: 'admin',
      summary: 'نقش «سارا پشتیبان» تغییر کرد.',
      changes: [{ field: 'role', before: 'care', after: 'admin' }],
    });

    // The last admin: with the other admin demoted again, no one may demote the one left.
    await put(careId, {
      name: 'سارا پشتیبان',
      email: 'care@renderfarm.test',
      mobile: '09120000002',
      role: 'care',
    });
    expect((await userRow(careId)).role).toBe('care');
    await expect(
      t.app.services.adminUsers.update(careId, adminId, {
        name: 'مدیر سامانه',
        email: 'admin@renderfarm.test',
        mobile: '09120000001',
        role: 'care',
      }),
    ).rejects.toMatchObject({ code: 'RF_ADMIN_LAST_ADMIN', field: 'role' });
  });

  it('suspends: machines stop, sessions end, the owner reads why at sign-in; not oneself', async () => {
    await admin.request('PATCH', `/admin/users/${adminId}/suspend`, {
      suspended: true,
      reason: 'آزمایش تعلیق',
    });
    expect((await admin.errorsOn(editUrl(adminId))).reason).toBe('حساب خودتان را نمی‌توانید معلق کنید.');
    expect((await userRow(adminId)).status).toBe('active');

    const customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.95.0.3' });
    await admin.request('PATCH', `/admin/users/${customerId}/suspend`, { suspended: true, reason: 'abc' });
    expect((await admin.errorsOn(editUrl(customerId))).reason).toContain('چهار نویسه');
    expect((await userRow(customerId)).status).toBe('active');

    const running = await db()
      .select()
      .from(instances)
      .where(and(eq(instances.userId, customerId), eq(instances.power, 'running')));
    expect(running.length).toBeGreaterThan(0);
    const reason = 'پرداخت مشکوک؛ با پشتیبانی تماس بگیرید.';
    const res = await admin.request('PATCH', `/admin/users/${customerId}/suspend`, {
      suspended: true,
      reason,
    });
    expect(res.statusCode).toBe(303);
    expect(await userRow(customerId)).toMatchObject({ status: 'suspended', suspendedReason: reason });
    const after = await db().select().from(instances).where(eq(instances.id, running[0]!.id));
    expect(after[0]!.power).toBe('stopping');
    expect((await db().select().from(sessions).where(eq(sessions.userId, customerId))).length).toBe(0);
    expect((await customer.request('GET', '/panel/instances')).statusCode).toBe(303);

    const again = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.95.0.4' });
    const home = await again.page('/home');
    expect(home.props).toMatchObject({ suspended: true, suspension_reason: reason });

    await admin.request('PATCH', `/admin/users/${customerId}/suspend`, { suspended: false });
    expect(await userRow(customerId)).toMatchObject({ status: 'active', suspendedReason: null });
    const events = (
      await db()
        .select()
        .from(activityLog)
        .where(eq(activityLog.subjectId, String(customerId)))
    ).map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(['admin:user.suspended', 'admin:user.unsuspended']));
  });

  it('resets two-factor (confirm) and keeps every route to admins', async () => {
    await db()
      .update(users)
      .set({ twoFactorSecret: 'x', twoFactorConfirmedAt: new Date() })
      .where(eq(users.id, customerId));
    const res = await admin.request('DELETE', `/admin/users/${customerId}/two-factor`);
    expect(res.statusCode).toBe(303);
    expect(await userRow(customerId)).toMatchObject({ twoFactorSecret: null, twoFactorConfirmedAt: null });

    const care = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.95.0.5' });
    for (const [method, url] of [
      ['GET', '/admin/users'],
      ['GET', '/admin/users/create'],
      ['GET', editUrl(customerId)],
      ['POST', '/admin/users'],
      ['PUT', `/admin/users/${customerId}`],
      ['POST', `/admin/users/${customerId}/balance`],
      ['PATCH', `/admin/users/${customerId}/suspend`],
      ['DELETE', `/admin/users/${customerId}/two-factor`],
    ] as const) {
      expect((await care.request(method, url, method === 'GET' ? undefined : {})).statusCode, url).toBe(404);
    }
  });
});
