import { and, eq, lt, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, logIn, TestBrowser } from '../auth/test-support';
import { instances } from '../instances/tables';
import { users } from '../users/tables';
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
    // The stopped demo machine: the seed charged only the running one's minutes.
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
    expect(machine.props.items.data.map((l: { reference: string }) => l.reference)).toEqual([machineUuid]);
    const day = (daysAgo: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(
        new Date(Date.now() - daysAgo * 86_400_000),
      );
    // Today holds the test's line; the seed's top-up and bonus are 13 days old.
    const today = await customer.page(`/panel/items?from=${day(0)}&to=${day(0)}&type=usage`);
    expect(today.props.items.data[0].reference).toBe(machineUuid);
    const old = await customer.page(`/panel/items?from=${day(14)}&to=${day(12)}`);
    expect(old.props.items.data.map((l: { type: string }) => l.type)).toEqual(['bonus', 'topup']);
    // A period given backwards is read the right way round; days before today hold nothing.
    const before = await customer.page(`/panel/items?from=${day(1)}&to=${day(3)}`);
    expect(before.props.filters).toMatchObject({ from: day(3), to: day(1) });
    expect(before.props.items.data).toEqual([]);
    expect(before.props.totals).toEqual({ credits: 0, debits: 0, count: 0 });
    const junk = await customer.page('/panel/items?type=gift&machine=x&from=yesterday&page=-4');
    expect(junk.status).toBe(200);
    expect(junk.props.items.data).toHaveLength((await customer.page('/panel/items')).props.items.data.length);
    expect(junk.props.filters).toEqual({ type: '', machine: '', from: '', to: '' });
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
