import { and, eq, lt, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, logIn, TestBrowser } from '../auth/test-support';
import { instances } from '../instances/tables';
import { users } from '../users/tables';
import { demoTopUpAt } from './invoice-seed';
import { walletTransactions } from './tables';
import { postLedgerEntry } from './wallet';

/** `panel.items` «گردش حساب» and its CSV (docs/screens.md §4). */
describe(`panel: wallet statement (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customer: TestBrowser;
  let customerId: number;
  let machineUuid: string;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createAuthTestApp();
    const [owner] = await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
    customerId = owner!.id;
    // The stopped demo machine, whose earlier minutes the seed charged.
    const [machine] = await db()
      .select()
      .from(instances)
      .where(and(eq(instances.userId, customerId), eq(instances.name, 'انیمیشن کوتاه بلندر')));
    machineUuid = machine!.uuid;
    // An hour of usage on one machine, beside the seed's top-up, bonus and running minutes.
    await postLedgerEntry(db(), {
      userId: customerId,
      type: 'usage',
      amount: -950_000,
      description: 'مصرف سرور، ۶۰ دقیقه',
      idempotencyKey: 'test:usage:1',
      reference: machineUuid,
    });
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.90.0.1' });
  });
  afterAll(() => t.close());

  it('lists every line newest first with the balance after it, and the totals in and out', async () => {
    const page = await customer.page('/panel/items');
    expect(page.component).toBe('Panel/Items');
    const lines = page.props.items.data as { type: string; amount: number; balance_after: number }[];
    expect(lines[0]).toMatchObject({ type: 'usage', amount: -950_000, reference: machineUuid });
    expect(lines[0]!.balance_after - lines[1]!.balance_after).toBe(-950_000);
    const total = async (sign: 'in' | 'out') =>
      Number(
        (
          await db()
            .select({ total: sum(walletTransactions.amount) })
            .from(walletTransactions)
            .where(
              and(
                eq(walletTransactions.userId, customerId),
                sign === 'in' ? sql`${walletTransactions.amount} > 0` : lt(walletTransactions.amount, 0),
              ),
            )
        )[0]!.total,
      );
    expect(page.props.totals.debits).toBe(-(await total('out')));
    expect(page.props.totals.credits).toBe(await total('in'));
    expect(page.props.machines.map((m: { uuid: string }) => m.uuid)).toContain(machineUuid);
    expect(page.props.types.find((t: { value: string }) => t.value === 'usage').label).toBe('مصرف سرور');
  });

  it('filters by kind, by machine and by whole Tehran days; a filter that does not parse is dropped', async () => {
    const usage = await customer.page('/panel/items?type=usage');
    expect(usage.props.items.data.every((l: { type: string }) => l.type === 'usage')).toBe(true);
    const bonus = await customer.page('/panel/items?type=bonus');
    expect(bonus.props.items.data.map((l: { description: string }) => l.description)).toEqual([
      'هدیهٔ خوش‌آمد',
    ]);
    const machine = await customer.page(`/panel/items?machine=${machineUuid}`);
    const machineRows = machine.props.items.data as { reference: string; amount: number }[];
    // That machine's lines alone: the test's hour, newest, then its minutes the seed charged.
    expect(new Set(machineRows.map((l) => l.reference))).toEqual(new Set([machineUuid]));
    expect(machineRows[0]!.amount).toBe(-950_000);
    expect(machineRows.length).toBeGreaterThan(1);
    const day = (daysAgo: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(
        new Date(Date.now() - daysAgo * 86_400_000),
      );
    // Today holds the test's line; the seed's top-up and bonus are early last month, before its usage.
    const today = await customer.page(`/panel/items?from=${day(0)}&to=${day(0)}&type=usage`);
    expect(today.props.items.data[0].reference).toBe(machineUuid);
    const topUpDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(
      demoTopUpAt(new Date()),
    );
    const old = await customer.page(`/panel/items?from=${topUpDay}&to=${topUpDay}`);
    expect(old.props.items.data.map((l: { type: string }) => l.type)).toEqual(['bonus', 'topup']);
    // A period given backwards is read the right way round; the days before the demo's first money
    // hold nothing (not "the days before today": after Tehran's midnight the demo machines' run
    // since the seed began yesterday).
    const beforeTopUp = (days: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(
        new Date(demoTopUpAt(new Date()).getTime() - days * 86_400_000),
      );
    const before = await customer.page(`/panel/items?from=${beforeTopUp(1)}&to=${beforeTopUp(3)}`);
    expect(before.props.filters).toMatchObject({ from: beforeTopUp(3), to: beforeTopUp(1) });
    expect(before.props.items.data).toEqual([]);
    expect(before.props.totals).toEqual({ credits: 0, debits: 0, count: 0 });
    const junk = await customer.page('/panel/items?type=gift&machine=x&from=yesterday&page=-4');
    expect(junk.status).toBe(200);
    expect(junk.props.items.data).toHaveLength((await customer.page('/panel/items')).props.items.data.length);
    expect(junk.props.filters).toEqual({ type: '', machine: '', from: '', to: '', view: '' });
  });

  it("folds a machine's unbroken run of usage minutes within a Tehran clock hour, and shows every minute on request", async () => {
    const [user] = await db()
      .insert(users)
      .values({ name: 'رندرکار ساعتی', email: 'hours-items@example.test', emailVerifiedAt: new Date() })
      .returning();
    const [a, b] = ['aaaaaaaa-0000-4000-8000-00000000000a', 'bbbbbbbb-0000-4000-8000-00000000000b'];
    const post = (key: string, amount: number, at: string, reference?: string) =>
      postLedgerEntry(db(), {
        userId: user!.id,
        type: reference ? 'usage' : 'bonus',
        amount,
        description: reference ? 'کارکرد سرور' : 'هدیه',
        idempotencyKey: `fold:${key}`,
        reference,
        at: new Date(at),
      });
    await post('bonus', 1_000_000, '2026-11-20T09:00:00Z');
    // Tehran is UTC+03:30: 10:31 to 10:33 UTC are 14:01 to 14:03 there; 11:29 is 14:59, 11:30 is 15:00.
    await post('a1', -100, '2026-11-20T10:31:00Z', a);
    await post('a2', -200, '2026-11-20T10:32:00Z', a);
    await post('b1', -400, '2026-11-20T10:32:00Z', b);
    await post('a3', -300, '2026-11-20T10:33:00Z', a);
    // Off for a while, then on again in the same hour: a run of its own, or its range would lie.
    await post('a4', -350, '2026-11-20T11:28:00Z', a);
    await post('a5', -450, '2026-11-20T11:29:00Z', a);
    await post('a6', -500, '2026-11-20T11:30:00Z', a);
    const browser = new TestBrowser(t, { ip: '10.90.0.3' });
    await browser.request('GET', '/login');
    await browser.request('POST', '/__testing/sign-in', { email: 'hours-items@example.test' });

    const rows = (await browser.page('/panel/items')).props.items.data;
    expect(
      rows.map((r: { reference: string | null; amount: number; lines: number; balance_after: number }) => [
        r.reference,
        r.amount,
        r.lines,
        r.balance_after,
      ]),
    ).toEqual([
      [a, -500, 1, 997_700],
      [a, -800, 2, 998_200],
      [a, -600, 3, 999_000],
      [b, -400, 1, 999_300],
      [null, 1_000_000, 1, 1_000_000],
    ]);
    // A row's range is its charged minutes' own: from the first one's start to the last one's end.
    expect(rows[2]).toMatchObject({
      first_at: '2026-11-20T10:31:00.000Z',
      to_at: '2026-11-20T10:34:00.000Z',
      created_at: '2026-11-20T10:33:00.000Z',
    });
    for (const row of rows as { first_at: string; to_at: string; lines: number }[])
      expect(Date.parse(row.to_at) - Date.parse(row.first_at)).toBe(row.lines * 60_000);

    const minutes = await browser.page('/panel/items?view=minutes');
    expect(minutes.props.filters.view).toBe('minutes');
    expect(minutes.props.items.data.map((r: { amount: number }) => r.amount)).toEqual([
      -500, -450, -350, -300, -400, -200, -100, 1_000_000,
    ]);
  });

  it('exports the same filter as CSV (UTF-8 with BOM, Persian kinds, oldest first)', async () => {
    const res = await customer.request('GET', '/panel/items/export?type=usage');
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.body.startsWith('\uFEFFزمان (UTC),نوع,شرح')).toBe(true);
    expect(res.body).toContain('مصرف سرور');
    expect(res.body).toContain('-950000');
    expect(res.body).not.toContain('هدیه');
  });

  it('shows another customer only their own (empty) statement', async () => {
    await db()
      .insert(users)
      .values({ name: 'مشتری دیگر', email: 'other-items@example.test', emailVerifiedAt: new Date() });
    const other = new TestBrowser(t, { ip: '10.90.0.2' });
    await other.request('GET', '/login');
    await other.request('POST', '/__testing/sign-in', { email: 'other-items@example.test' });
    const page = await other.page(`/panel/items?machine=${machineUuid}`);
    expect(page.props.items.data).toEqual([]);
    expect((await other.request('GET', '/panel/items/export')).body).not.toContain('950000');
  });
});
