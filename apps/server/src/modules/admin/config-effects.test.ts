import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_TEST_URL, redisForTests } from '../../../../../tests/support/services';
import { buildApp } from '../../app';
import type { TestApp } from '../../testing/app';
import { createAuthTestApp, logIn, newBrowser, TestBrowser } from '../auth/test-support';
import { invoices, payments, walletAlerts } from '../billing/tables';
import { createUsageTick } from '../billing/usage-tick';
import { postLedgerEntry } from '../billing/wallet';
import { configs, limitations } from '../catalog/tables';
import { instances } from '../instances/tables';
import { autoCloseTickets } from '../support/auto-close';
import { tickets } from '../support/tables';
import { users } from '../users/tables';

const PERSIAN = /[\u0600-\u06FF]/;
const DAY = 24 * 60 * 60 * 1000;
const haveRedis = await redisForTests();

/**
 * Issue 16, «Config effects»: every setting the code reads, saved through Admin/Configs (or, for
 * the identity cap, Admin/Limitations), changes what the very next request does, with no restart.
 * With Redis a second app process on the same database (node B) sees the cached switches change
 * too, because a save forgets the `configs` cache everywhere. A value of the wrong type or out of
 * range is a Persian error under `value` and nothing is saved.
 */
describe(`config effects (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}${haveRedis ? ', two nodes over Redis' : ''})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let nodeB: TestApp | undefined;
  let admin: TestBrowser;
  let customer: TestBrowser;
  let customerId: number;
  const db = () => t.database.db;
  const stored = async (key: string) => (await db().select().from(configs).where(eq(configs.key, key)))[0]!;

  /** Saves `key` through admin.configs.update as the Edit form sends it; returns the errors shown after. */
  async function save(key: string, value: unknown): Promise<Record<string, string>> {
    const row = await stored(key);
    const edit = `/admin/configs/${key}/edit`;
    const res = await admin.request(
      'PUT',
      `/admin/configs/${key}`,
      { key, group: row.group, type: row.type, value, description: row.description, is_public: row.isPublic },
      { referer: edit },
    );
    expect(res.statusCode).toBe(303);
    return admin.errorsOn(edit);
  }
  const saveOk = async (key: string, value: unknown) => expect(await save(key, value)).toEqual({});

  beforeAll(async () => {
    t = await createAuthTestApp(haveRedis ? { REDIS_URL: REDIS_TEST_URL } : {});
    admin = new TestBrowser(t, { ip: '10.96.0.1' });
    await admin.request('GET', '/login');
    await admin.request('POST', '/__testing/sign-in', { email: 'admin@renderfarm.test' });
    await admin.request('POST', '/user/confirm-password', { password: 'password' });
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.96.0.2' });
    customerId = (await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test')))[0]!.id;
    if (haveRedis) {
      // A second process of the app: same database, same key, its own memory cache.
      const app: FastifyInstance = await buildApp({ config: t.app.config, database: t.database });
      await app.ready();
      nodeB = { app, database: t.database, close: () => app.close() };
    }
  });
  afterAll(async () => {
    await nodeB?.close();
    await t.close();
  });

  /** Retries `check` for a moment: a forget travels to the other node over Redis pub/sub. */
  async function eventually(check: () => Promise<void>, timeoutMs = 3000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await check();
      } catch (error) {
        if (Date.now() > until) throw error;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
  }

  it('refuses a value of the wrong type or out of range for every known key, in Persian, saving nothing', async () => {
    const bad: [string, unknown][] = [
      ['vat_rate', '101'],
      ['vat_rate', 'ده'],
      ['vat_rate', '-1'],
      ['topup_min', '100'],
      ['topup_min', '150000.5'],
      ['topup_min', '2e6'],
      ['topup_max', '0x1000000'],
      ['topup_max', 'بی‌نهایت'],
      ['min_balance_hours', '169'],
      ['min_balance_hours', '-1'],
      ['low_balance_warning_minutes', '1441'],
      ['low_balance_warning_minutes', '30.5'],
      ['idle_auto_stop_minutes', '5'],
      ['ticket_auto_close_days', '0'],
      ['ticket_auto_close_days', '2.5'],
      ['registration_open', 'شاید'],
      ['staff_require_2fa', '2'],
    ];
    for (const [key, value] of bad) {
      const before = await stored(key);
      const errors = await save(key, value);
      expect(errors.value, `${key} = ${String(value)}`).toMatch(PERSIAN);
      const after = await stored(key);
      expect(after.value, key).toEqual(before.value);
      expect(after.updatedAt, key).toEqual(before.updatedAt);
    }
    // vat_rate 101 names the range in Persian digits.
    expect((await save('vat_rate', '101')).value).toContain('۱۰۰');
  });

  it('vat_rate: the next invoice is issued at the new rate; issued invoices keep theirs', async () => {
    const [issued] = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, customerId), eq(invoices.status, 'paid')))
      .limit(1);
    expect(issued!.taxRate).toBe(10);
    await saveOk('vat_rate', '۹');
    expect((await customer.page('/panel/payments/create')).props.vat_rate).toBe(9);
    const res = await customer.visit('POST', '/panel/payments', { amount: '1000000' });
    expect(res.statusCode).toBe(409);
    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.userId, customerId))
      .orderBy(desc(payments.id))
      .limit(1);
    expect(payment!.amount).toBe(10_900_000);
    const [fresh] = await db().select().from(invoices).where(eq(invoices.id, payment!.invoiceId));
    expect(fresh!.taxRate).toBe(9);
    const [again] = await db().select().from(invoices).where(eq(invoices.id, issued!.id));
    expect(again).toEqual(issued);
    await saveOk('vat_rate', '10');
  });

  it('topup_min and topup_max: the form and the next top-up follow the new bounds', async () => {
    const count = async () => (await db().select().from(payments)).length;
    await saveOk('topup_min', '۲٬۰۰۰٬۰۰۰');
    expect((await customer.page('/panel/payments/create')).props.min).toBe(20_000_000);
    const before = await count();
    await customer.visit(
      'POST',
      '/panel/payments',
      { amount: '1000000' },
      { referer: '/panel/payments/create' },
    );
    expect((await customer.errorsOn('/panel/payments/create')).amount).toContain('۲٬۰۰۰٬۰۰۰');
    await saveOk('topup_min', '50000');
    await saveOk('topup_max', '3000000');
    expect((await customer.page('/panel/payments/create')).props.max).toBe(30_000_000);
    await customer.visit(
      'POST',
      '/panel/payments',
      { amount: '5000000' },
      { referer: '/panel/payments/create' },
    );
    expect((await customer.errorsOn('/panel/payments/create')).amount).toContain('۳٬۰۰۰٬۰۰۰');
    expect(await count()).toBe(before);
    await saveOk('topup_max', '50000000');
    expect((await customer.visit('POST', '/panel/payments', { amount: '5000000' })).statusCode).toBe(409);
  });

  it('kyc_required_above (the global max_topup_unverified limit): the cap of an unverified customer follows it', async () => {
    await db().update(users).set({ kycStatus: 'pending' }).where(eq(users.id, customerId));
    const [rule] = await db()
      .select()
      .from(limitations)
      .where(and(eq(limitations.scope, 'global'), eq(limitations.key, 'max_topup_unverified')));
    const [paid] = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, customerId), eq(invoices.kind, 'topup'), eq(invoices.status, 'paid')));
    const toppedUp = (
      await db()
        .select()
        .from(invoices)
        .where(and(eq(invoices.userId, customerId), eq(invoices.kind, 'topup'), eq(invoices.status, 'paid')))
    ).reduce((sum, invoice) => sum + invoice.subtotal, 0);
    expect(paid).toBeDefined();
    const setCap = async (value: number) => {
      await admin.request('PUT', `/admin/limitations/${rule!.id}`, {
        scope: 'global',
        key: 'max_topup_unverified',
        // Typed in Toman, kept in Rial.
        value: String(value / 10),
        is_active: 'true',
      });
      expect((await db().select().from(limitations).where(eq(limitations.id, rule!.id)))[0]!.value).toBe(
        value,
      );
    };
    await setCap(toppedUp + 20_000_000);
    expect((await customer.page('/panel/payments/create')).props.kyc_room).toBe(20_000_000);
    expect((await customer.visit('POST', '/panel/payments', { amount: '1000000' })).statusCode).toBe(409);
    await setCap(toppedUp);
    expect((await customer.page('/panel/payments/create')).props.kyc_room).toBe(0);
    await customer.visit(
      'POST',
      '/panel/payments',
      { amount: '1000000' },
      { referer: '/panel/payments/create' },
    );
    expect((await customer.errorsOn('/panel/payments/create')).amount).toContain('احراز هویت');
    await setCap(rule!.value);
    await db().update(users).set({ kycStatus: 'approved' }).where(eq(users.id, customerId));
  });

  it('min_balance_hours: Make and starting a machine ask for that many hours of the price', async () => {
    const balanceBlockers = async () =>
      (await customer.page('/panel/instances/create')).props.hardwares.flatMap((h: { blockers: string[] }) =>
        h.blockers.filter((b) => b.includes('موجودی')),
      );
    await saveOk('min_balance_hours', '0');
    expect(await balanceBlockers()).toEqual([]);
    await saveOk('min_balance_hours', '168');
    const blockers = await balanceBlockers();
    expect(blockers.length).toBeGreaterThan(0);
    expect(blockers[0]).toContain('۱۶۸ ساعت');

    const [stopped] = await db()
      .select()
      .from(instances)
      .where(
        and(eq(instances.userId, customerId), eq(instances.status, 'ready'), eq(instances.power, 'stopped')),
      );
    expect(stopped).toBeDefined();
    const list = '/panel/instances';
    await customer.post(`/panel/instances/${stopped!.uuid}/power`, { action: 'start' }, { referer: list });
    expect((await customer.errorsOn(list)).action).toContain('۱۶۸ ساعت');
    expect((await db().select().from(instances).where(eq(instances.id, stopped!.id)))[0]!.power).toBe(
      'stopped',
    );
    await saveOk('min_balance_hours', '1');
  });

  it('low_balance_warning_minutes: the next usage tick warns at the new level', async () => {
    const [running] = await db()
      .select()
      .from(instances)
      .where(and(eq(instances.userId, customerId), eq(instances.power, 'running')));
    expect(running).toBeDefined();
    const tick = createUsageTick({
      db: db(),
      broadcaster: { publish: async () => {} },
      requestPower: t.app.services.instances.requestPower,
    });
    const alert = async () =>
      (await db().select().from(walletAlerts).where(eq(walletAlerts.userId, customerId)))[0]?.lowBalanceAt ??
      null;
    // About two hours of the running machines' burn left in the wallet.
    const burn = (
      await db()
        .select()
        .from(instances)
        .where(and(eq(instances.userId, customerId), eq(instances.power, 'running')))
    ).reduce((sum, machine) => sum + machine.pricePerHour, 0);
    const [me] = await db().select().from(users).where(eq(users.id, customerId));
    await postLedgerEntry(db(), {
      userId: customerId,
      type: 'adjustment',
      amount: 2 * burn - me!.balance,
      description: 'تنظیم آزمایشی',
      idempotencyKey: `config-effects:low:${Date.now()}`,
      allowNegative: true,
    });
    await db().update(walletAlerts).set({ lowBalanceAt: null }).where(eq(walletAlerts.userId, customerId));
    await saveOk('low_balance_warning_minutes', '60');
    await tick.run(new Date());
    expect(await alert()).toBeNull();
    await saveOk('low_balance_warning_minutes', '180');
    await tick.run(new Date());
    expect(await alert()).not.toBeNull();
    await saveOk('low_balance_warning_minutes', '60');
  });

  it('idle_auto_stop_minutes: the machine settings suggest the new limit and apply it to no machine', async () => {
    const [machine] = await db().select().from(instances).where(eq(instances.userId, customerId)).limit(1);
    const edit = `/panel/instances/${machine!.uuid}/edit`;
    expect((await customer.page(edit)).props.suggested_idle_stop_minutes).toBe(120);
    await saveOk('idle_auto_stop_minutes', '45');
    const page = await customer.page(edit);
    expect(page.props.suggested_idle_stop_minutes).toBe(45);
    expect(page.props.instance.idle_stop_minutes).toBe(machine!.idleStopMinutes);
  });

  it('ticket_auto_close_days (auto_close_days): the next run of the tickets job closes by the new count', async () => {
    const now = new Date();
    const [ticket] = await db()
      .insert(tickets)
      .values({
        userId: customerId,
        subject: 'پاسخ داده شده، چهار روز پیش',
        department: 'فنی',
        status: 'answered',
        lastMessageAt: new Date(now.getTime() - 4 * DAY),
      })
      .returning();
    const status = async () =>
      (await db().select().from(tickets).where(eq(tickets.id, ticket!.id)))[0]!.status;
    const broadcaster = { publish: async () => {} };
    await autoCloseTickets(db(), broadcaster, now);
    expect(await status()).toBe('answered');
    await saveOk('ticket_auto_close_days', '3');
    await autoCloseTickets(db(), broadcaster, now);
    expect(await status()).toBe('closed');
    await saveOk('ticket_auto_close_days', '7');
  });

  it('registration_open: sign-up closes and opens again at once, on this node and the other', async () => {
    const guest = await newBrowser(t);
    const guestB = nodeB ? await newBrowser(nodeB) : undefined;
    expect((await guest.request('GET', '/register')).statusCode).toBe(200);
    // Node B has the open switch in its memory before the change.
    if (guestB) expect((await guestB.request('GET', '/register')).statusCode).toBe(200);
    await saveOk('registration_open', false);
    expect((await guest.request('GET', '/register')).statusCode).toBe(403);
    const refused = await guest.post('/register', {
      name: 'کاربر تازه',
      email: 'new-after-close@example.com',
      password: 'a-long-password-1',
      password_confirmation: 'a-long-password-1',
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await db().select().from(users).where(eq(users.email, 'new-after-close@example.com'))).length,
    ).toBe(0);
    expect((await guest.page('/login')).props.can_register).toBe(false);
    if (guestB) {
      await eventually(async () => expect((await guestB.request('GET', '/register')).statusCode).toBe(403));
    }
    await saveOk('registration_open', true);
    expect((await guest.request('GET', '/register')).statusCode).toBe(200);
    if (guestB) {
      await eventually(async () => expect((await guestB.request('GET', '/register')).statusCode).toBe(200));
    }
  });

  // Last: once it is on, the admin here (no 2FA) is sent to set it up like every other staff member.
  it('staff_require_2fa: staff without 2FA are sent to set it up on their next page, on every node', async () => {
    const care = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.96.0.3' });
    expect((await care.request('GET', '/care')).statusCode).toBe(200);
    const careB = nodeB ? new TestBrowser(nodeB, { ip: '10.96.0.3' }) : undefined;
    if (careB) {
      for (const [name, value] of care.jar) careB.jar.set(name, value);
      expect((await careB.request('GET', '/care')).statusCode).toBe(200);
    }
    // The save itself goes through; the admin's own next admin page is the 2FA set-up, like any staff's.
    const saved = await admin.request(
      'PUT',
      '/admin/configs/staff_require_2fa',
      { key: 'staff_require_2fa', group: 'auth', type: 'boolean', value: true },
      { referer: '/admin/configs/staff_require_2fa/edit' },
    );
    expect(saved.headers.location).toBe('/admin/configs/staff_require_2fa/edit');
    expect((await stored('staff_require_2fa')).value).toBe(true);
    expect((await admin.request('GET', '/admin/configs')).headers.location).toBe('/user/profile');
    const sent = await care.request('GET', '/care');
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/user/profile');
    if (careB) {
      await eventually(async () => expect((await careB.request('GET', '/care')).statusCode).toBe(303));
    }
    // Customers are not staff: their pages do not change.
    expect((await customer.request('GET', '/panel/payments/create')).statusCode).toBe(200);
  });
});
