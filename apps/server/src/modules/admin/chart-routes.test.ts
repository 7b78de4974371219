import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordActivity } from '../activity/service';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { walletTransactions } from '../billing/tables';
import { postLedgerEntry } from '../billing/wallet';
import { instances } from '../instances/tables';
import { users } from '../users/tables';
import { bucketsOf, daysBetween, jalaliOf, revenueSeries } from './revenue-chart';

describe('revenue chart buckets (Jalali, Tehran)', () => {
  it('knows Esfand 1403 has 30 days and Farvardin 1404 starts on 21 March 2025', () => {
    expect(jalaliOf('2025-03-20')).toEqual({ year: 1403, month: 12, day: 30 });
    expect(jalaliOf('2025-03-21')).toEqual({ year: 1404, month: 1, day: 1 });
    const months = bucketsOf('2025-02-19', '2025-04-20', 'month');
    expect(months.map((m) => [m.label, m.from, m.to])).toEqual([
      ['اسفند ۱۴۰۳', '2025-02-19', '2025-03-20'],
      ['فروردین ۱۴۰۴', '2025-03-21', '2025-04-20'],
    ]);
    expect(daysBetween('2025-02-19', '2025-03-20')).toBe(30);
  });

  it('starts weeks on Saturday, clipped to the period', () => {
    const weeks = bucketsOf('2025-03-19', '2025-03-31', 'week');
    // 19 March 2025 is a Wednesday: its week began on Saturday 15 March.
    expect(weeks.map((w) => [w.key, w.from, w.to])).toEqual([
      ['2025-03-15', '2025-03-19', '2025-03-21'],
      ['2025-03-22', '2025-03-22', '2025-03-28'],
      ['2025-03-29', '2025-03-29', '2025-03-31'],
    ]);
    expect(weeks[0]!.label).toBe('هفتهٔ ۲۵ اسفند');
    expect(new Date('2025-03-22T00:00:00Z').getUTCDay()).toBe(6);
  });

  it('adds days into buckets and nets top-ups less refunds', () => {
    const series = revenueSeries(
      [
        { day: '2025-03-20', topups: 10, usage: 4, refunds: 1 },
        { day: '2025-03-21', topups: 5, usage: 0, refunds: 0 },
      ],
      '2025-03-15',
      '2025-03-28',
      'week',
    );
    expect(series.map((p) => [p.key, p.topups, p.usage, p.refunds, p.net])).toEqual([
      ['2025-03-15', 15, 4, 1, 14],
      ['2025-03-22', 0, 0, 0, 0],
    ]);
  });
});

/**
 * Admin/Chart1 over a known set that crosses the end of Esfand 1403 (30 days), with a top-up at
 * 20:45 UTC that Tehran counts on the next day (1 Farvardin 1404), against sums written
 * independently in SQL over explicit Tehran boundaries.
 */
describe(`admin: revenue chart (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let admin: TestBrowser;
  let userId: number;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.97.0.1' });
    userId = (await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test')))[0]!.id;
    const post = (key: string, type: 'topup' | 'usage' | 'refund', amount: number, at: string) =>
      postLedgerEntry(db(), {
        userId,
        type,
        amount,
        description: `chart ${key}`,
        idempotencyKey: `chart-test:${key}`,
        at: new Date(at),
        allowNegative: true,
      });
    await post('a', 'topup', 1_000_000, '2025-03-19T10:00:00Z');
    await post('b', 'usage', -300_000, '2025-03-20T10:00:00Z');
    // 20:45 UTC on Esfand 30 is 00:15 on 1 Farvardin in Tehran.
    await post('c', 'topup', 2_000_000, '2025-03-20T20:45:00Z');
    await post('d', 'refund', 100_000, '2025-03-22T08:00:00Z');
    await post('e', 'topup', 700_000, '2025-02-10T08:00:00Z');
  });
  afterAll(() => t.close());

  /** Independent sums over explicit instants (Tehran midnight is 20:30 UTC the day before). */
  const sumOf = async (type: string, from: string, to: string) => {
    const [row] = await db()
      .select({ n: sql<number>`coalesce(sum(abs(${walletTransactions.amount})), 0)`.mapWith(Number) })
      .from(walletTransactions)
      .where(
        and(
          eq(walletTransactions.type, type as 'topup'),
          gte(walletTransactions.createdAt, new Date(from)),
          lt(walletTransactions.createdAt, new Date(to)),
        ),
      );
    return row!.n;
  };

  it('equals independent SQL per Jalali month, counting 20:45 UTC on the next Tehran day', async () => {
    const page = await admin.page('/admin/charts/revenue?from=2025-02-19&to=2025-04-20&interval=month');
    expect(page.component).toBe('Admin/Chart1');
    const [esfand, farvardin] = page.props.series;
    const esfandSpan = ['2025-02-18T20:30:00Z', '2025-03-20T20:30:00Z'] as const;
    const farvardinSpan = ['2025-03-20T20:30:00Z', '2025-04-20T20:30:00Z'] as const;
    expect(esfand).toMatchObject({
      label: 'اسفند ۱۴۰۳',
      topups: await sumOf('topup', ...esfandSpan),
      usage: await sumOf('usage', ...esfandSpan),
      refunds: await sumOf('refund', ...esfandSpan),
    });
    expect(esfand.topups).toBe(1_000_000);
    expect(farvardin).toMatchObject({
      label: 'فروردین ۱۴۰۴',
      topups: await sumOf('topup', ...farvardinSpan),
      refunds: await sumOf('refund', ...farvardinSpan),
      net: 1_900_000,
    });
    expect(farvardin.topups).toBe(2_000_000);
    expect(page.props.totals).toEqual({
      topups: 3_000_000,
      usage: 300_000,
      refunds: 100_000,
      net: 2_900_000,
    });
    // The 61 days before: the February top-up.
    expect(page.props.previous).toMatchObject({ topups: 700_000, from: '2024-12-20', to: '2025-02-18' });
  });

  it('groups by Saturday weeks and by day', async () => {
    const weeks = await admin.page('/admin/charts/revenue?from=2025-03-15&to=2025-03-28&interval=week');
    expect(weeks.props.series.map((p: { topups: number }) => p.topups)).toEqual([3_000_000, 0]);
    const days = await admin.page('/admin/charts/revenue?from=2025-03-20&to=2025-03-21&interval=day');
    expect(days.props.series.map((p: { label: string; topups: number }) => [p.label, p.topups])).toEqual([
      ['۳۰ اسفند', 0],
      ['۱ فروردین', 2_000_000],
    ]);
  });

  it('says what it cannot use: from after to, an unknown interval, more than two years', async () => {
    const backwards = await admin.page('/admin/charts/revenue?from=2025-04-01&to=2025-03-01');
    expect(backwards.props.filter_errors.from).toBe('تاریخ شروع باید پیش از تاریخ پایان باشد.');
    const unknown = await admin.page('/admin/charts/revenue?interval=year');
    expect(unknown.props.filter_errors.interval).toContain('روزانه، هفتگی یا ماهانه');
    expect(unknown.props.filters.interval).toBe('day');
    const long = await admin.page('/admin/charts/revenue?from=2022-01-01&to=2025-01-01&interval=month');
    expect(long.props.filter_errors.to).toContain('دو سال');
    expect(long.props.series.length).toBeLessThanOrEqual(25);
    const junk = await admin.page("/admin/charts/revenue?from=';drop&location=x&hardware=%27");
    expect(junk.status).toBe(200);
    expect(junk.props.filters).toMatchObject({ location: '', hardware: '' });
  });

  it('narrows usage to a location or plan; top-ups are not a machine’s', async () => {
    const none = await admin.page(
      '/admin/charts/revenue?from=2025-03-20&to=2025-03-20&hardware=no-such-plan',
    );
    expect(none.props.totals).toMatchObject({ usage: 0 });
  });

  it('exports the visible series as CSV with a BOM, Jalali labels and ISO days', async () => {
    const res = await admin.request(
      'GET',
      '/admin/charts/revenue/export?from=2025-02-19&to=2025-04-20&interval=month',
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('اسفند ۱۴۰۳,2025-02-19,2025-03-20,1000000,300000,0,1000000');
    expect(lines[2]).toBe('فروردین ۱۴۰۴,2025-03-21,2025-04-20,2000000,0,100000,1900000');
    expect((await admin.request('GET', '/admin/charts/other/export')).statusCode).toBe(404);
    const care = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.97.0.2' });
    expect((await care.request('GET', '/admin/charts/revenue')).statusCode).toBe(404);
  });

  it('counts running machines (average, peak), machine-hours, new machines and failed provisioning per Tehran day', async () => {
    const machines = await db().select().from(instances).where(eq(instances.userId, userId));
    const [a, b] = machines;
    const usage = (key: string, uuid: string, at: string) =>
      postLedgerEntry(db(), {
        userId,
        type: 'usage',
        amount: -1000,
        description: `usage ${key}`,
        idempotencyKey: `chart2-test:${key}`,
        reference: uuid,
        at: new Date(at),
        allowNegative: true,
      });
    await usage('a1', a!.uuid, '2025-03-20T10:00:00Z');
    await usage('a2', a!.uuid, '2025-03-20T10:01:00Z');
    await usage('b2', b!.uuid, '2025-03-20T10:01:00Z');
    await usage('a3', a!.uuid, '2025-03-20T10:02:00Z');
    // 20:45 UTC is the next Tehran day.
    await usage('a4', a!.uuid, '2025-03-20T20:45:00Z');
    await recordActivity(db(), {
      event: 'instance:provision.failed',
      subject: { type: 'instance', id: a!.id },
      at: new Date('2025-03-20T12:00:00Z'),
    });
    const page = await admin.page('/admin/charts/usage?from=2025-03-20&to=2025-03-21&interval=day');
    expect(page.component).toBe('Admin/Chart2');
    const [esfand30, farvardin1] = page.props.series;
    expect(esfand30).toMatchObject({
      label: '۳۰ اسفند',
      running_peak: 2,
      failed_provisioning: 1,
      new_machines: 0,
    });
    expect(farvardin1).toMatchObject({ label: '۱ فروردین', running_peak: 1, failed_provisioning: 0 });
    // Independent: usage lines between Tehran midnights of 30 Esfand and 1 Farvardin.
    const [independent] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(walletTransactions)
      .where(
        and(
          eq(walletTransactions.type, 'usage'),
          gte(walletTransactions.createdAt, new Date('2025-03-19T20:30:00Z')),
          lt(walletTransactions.createdAt, new Date('2025-03-20T20:30:00Z')),
        ),
      );
    // Four lines here, and the revenue test's usage line of the same day.
    expect(independent!.n).toBe(5);
    expect(esfand30.machine_hours).toBe(Math.round((independent!.n / 60) * 10) / 10);
    expect(esfand30.running_avg).toBe(Math.round((independent!.n / 1440) * 100) / 100);
    const planHours = page.props.by_plan.reduce((sum: number, p: { hours: number }) => sum + p.hours, 0);
    expect(planHours).toBeGreaterThan(0);
    expect(page.props.by_location.map((l: { location: string }) => l.location)).toContain('تهران ۱ (آسیاتک)');
    const csv = await admin.request(
      'GET',
      '/admin/charts/usage/export?from=2025-03-20&to=2025-03-21&interval=day',
    );
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    expect(csv.body).toContain('۳۰ اسفند,2025-03-20,2025-03-20,0,2,0.1,0,1');
  });
});
