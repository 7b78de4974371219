import { and, eq, gte, inArray, like, lt, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JalaliMonth, jalaliMonthOf, previousJalaliMonth, tehranIsoDay } from '../../lib/jalali-month';
import { tehranDayStart } from '../../lib/tehran-day';
import { jalaliMonthStart } from '../../lib/time/tehran-calendar';
import { addDays, jalaliOf } from '../admin/revenue-chart';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { hardwares, locations } from '../catalog/tables';
import { instances } from '../instances/tables';
import { lockUser } from '../users/queries';
import { users } from '../users/tables';
import { machineCharges } from './machine-charges';
import { issueStatement } from './monthly-statements';
import { invoiceItems, invoices, type UsageSession, usageSessions, walletTransactions } from './tables';
import { chargeDueMinutes } from './usage-charge';
import { dueMinutes, MINUTE_MS, sessionMinute } from './usage-minutes';
import { createUsageTick } from './usage-tick';
import { postLedgerEntry } from './wallet';

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const HOUR_MS = 60 * MINUTE_MS;
const USAGE_KEY = /^usage:(\d+):(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})$/;
const floorMinute = (at: Date) => Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;

/**
 * The money invariants of docs/domain.md (Money) over the demo's ledger, then again after the real
 * charging code has run on (the usage tick past the seed's time, and a second customer's machine
 * charged across the end of Esfand and a Tehran midnight):
 * - every usage line names a machine that exists, belongs to the line's owner, and ran in that
 *   minute (one of its usage sessions), at that minute's price;
 * - every minute a session has run up to the last charge is exactly one line;
 * - for random periods of Tehran days (a seeded random, plus a Tehran day boundary, the last day
 *   of Esfand and whole Jalali months) every page that shows money agrees with the ledger summed
 *   over the same instants: Admin/Chart1 and Chart2, the customer's /panel/items, monthly
 *   statements (and Admin/Invoices' totals of them); and Admin/Dash, a machine's charges
 *   (Admin/Instances/Item, Panel/Instances/View).
 * Each page is read through the app (its props), never re-implemented here.
 */
describe(`money: the ledger and every view of it agree (${engine})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let admin: TestBrowser;
  let customer: TestBrowser;
  let customerId: number;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.96.0.1' });
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.96.0.2' });
    customerId = (await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test')))[0]!.id;
  });
  afterAll(() => t.close());

  /** Every usage line of a machine-minute against the machines and their sessions; returns them. */
  async function checkUsageLines() {
    const lines = await db().select().from(walletTransactions).where(eq(walletTransactions.type, 'usage'));
    // A usage invoice paid from the wallet is a usage line of its own, not a machine's minute.
    const minuteLines = lines.filter((l) => !l.idempotencyKey.startsWith('invoice:'));
    expect(minuteLines.length).toBeGreaterThan(0);
    const machines = new Map((await db().select().from(instances)).map((m) => [m.id, m]));
    const sessions = await db().select().from(usageSessions);
    for (const line of minuteLines) {
      const what = `${line.idempotencyKey} (${line.reference})`;
      const key = USAGE_KEY.exec(line.idempotencyKey);
      expect(key, `${what}: charged by billing, keyed by machine and minute`).not.toBeNull();
      const machine = machines.get(Number(key![1]));
      expect(machine, `${what}: its machine exists`).toBeDefined();
      expect(machine!.userId, `${what}: its machine is the line owner's`).toBe(line.userId);
      expect(line.reference, `${what}: names its machine`).toBe(machine!.uuid);
      const at = line.createdAt.getTime();
      expect(line.createdAt.toISOString().slice(0, 16), what).toBe(key![2]);
      expect(at % MINUTE_MS, `${what}: dated by its minute`).toBe(0);
      const within = sessions.filter(
        (s) =>
          s.instanceId === machine!.id &&
          floorMinute(s.startedAt) <= at &&
          at < floorMinute(s.startedAt) + s.billedMinutes * MINUTE_MS,
      );
      expect(within.length, `${what}: inside a running stretch of its machine`).toBeGreaterThan(0);
      const prices = within.map((s) => sessionMinute(s, (at - floorMinute(s.startedAt)) / MINUTE_MS).amount);
      expect(prices, `${what}: at that minute's price`).toContain(-line.amount);
    }
    return { minuteLines, sessions, machines };
  }

  /** Each session's minutes charged up to `chargedTo`: every one a line, none twice, none skipped. */
  async function checkEveryMinuteOnce(chargedTo: Date) {
    const { minuteLines, sessions } = await checkUsageLines();
    const byMinute = new Map<string, number>();
    for (const line of minuteLines) {
      const slot = `${line.reference}@${line.createdAt.toISOString()}`;
      byMinute.set(slot, (byMinute.get(slot) ?? 0) + 1);
    }
    expect(
      [...byMinute].filter(([, n]) => n > 1),
      'no machine-minute charged twice',
    ).toEqual([]);
    const keys = new Set(minuteLines.map((l) => l.idempotencyKey));
    let minutes = 0;
    for (const session of sessions) {
      const due = dueMinutes(session, chargedTo);
      expect(session.billedMinutes, `session ${session.id} charged up to ${chargedTo.toISOString()}`).toBe(
        due,
      );
      if (session.endedAt && session.endedAt <= chargedTo) expect(session.settledAt).not.toBeNull();
      for (let i = 0; i < due; i++) {
        const minute = sessionMinute(session, i);
        if (minute.amount === 0) continue;
        const key = `usage:${session.instanceId}:${minute.at.toISOString().slice(0, 16)}`;
        expect(keys.has(key), `${key} of session ${session.id} charged`).toBe(true);
        minutes++;
      }
    }
    expect(minutes).toBeGreaterThan(0);
  }

  /** Ledger sums over [start, end) straight from the lines: the one source of truth. */
  async function ledgerOver(start: Date, end: Date, userId?: number) {
    const [row] = await db()
      .select({
        topups: sql<number>`coalesce(sum(amount) filter (where type = 'topup'), 0)`.mapWith(Number),
        usage: sql<number>`coalesce(-sum(amount) filter (where type in ('usage', 'drive')), 0)`.mapWith(
          Number,
        ),
        machineUsage:
          sql<number>`coalesce(-sum(amount) filter (where type = 'usage' and idempotency_key like 'usage:%'), 0)`.mapWith(
            Number,
          ),
        refunds: sql<number>`coalesce(sum(abs(amount)) filter (where type = 'refund'), 0)`.mapWith(Number),
        credits: sql<number>`coalesce(sum(amount) filter (where amount > 0), 0)`.mapWith(Number),
        debits: sql<number>`coalesce(-sum(amount) filter (where amount < 0), 0)`.mapWith(Number),
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(walletTransactions)
      .where(
        and(
          gte(walletTransactions.createdAt, start),
          lt(walletTransactions.createdAt, end),
          userId === undefined ? undefined : eq(walletTransactions.userId, userId),
        ),
      );
    return row!;
  }

  /** Charged machine-minutes over [start, end) by plan title and by location id, from the lines. */
  async function minutesByPlace(start: Date, end: Date) {
    const rows = await db()
      .select({
        plan: hardwares.title,
        location: locations.name,
        minutes: sql<number>`count(*)`.mapWith(Number),
      })
      .from(walletTransactions)
      .innerJoin(instances, eq(sql`${instances.uuid}::text`, walletTransactions.reference))
      .innerJoin(hardwares, eq(hardwares.id, instances.hardwareId))
      .innerJoin(locations, eq(locations.id, instances.locationId))
      .where(
        and(
          eq(walletTransactions.type, 'usage'),
          gte(walletTransactions.createdAt, start),
          lt(walletTransactions.createdAt, end),
        ),
      )
      .groupBy(hardwares.title, locations.name);
    const plans = new Map<string, number>();
    const places = new Map<string, number>();
    for (const r of rows) {
      plans.set(r.plan, (plans.get(r.plan) ?? 0) + r.minutes);
      places.set(r.location, (places.get(r.location) ?? 0) + r.minutes);
    }
    return { plans, places };
  }

  /** Every money page over one period of Tehran days against the ledger over the same instants. */
  async function checkPeriod(from: string, to: string, interval: 'day' | 'week' | 'month') {
    const start = tehranDayStart(from);
    const end = tehranDayStart(addDays(to, 1));
    const what = `${from}…${to} by ${interval}`;
    const ledger = await ledgerOver(start, end);
    const query = `from=${from}&to=${to}&interval=${interval}`;

    // Admin/Chart1: the period's totals, and its buckets adding up to them.
    const chart1 = await admin.page(`/admin/charts/revenue?${query}`);
    expect(chart1.props.filter_errors, what).toEqual({});
    expect(chart1.props.totals, what).toEqual({
      topups: ledger.topups,
      usage: ledger.usage,
      refunds: ledger.refunds,
      net: ledger.topups - ledger.refunds,
    });
    const series = chart1.props.series as { topups: number; usage: number; refunds: number }[];
    expect(
      series.reduce((n, p) => n + p.usage, 0),
      what,
    ).toBe(ledger.usage);
    expect(
      series.reduce((n, p) => n + p.topups, 0),
      what,
    ).toBe(ledger.topups);
    // Narrowed to each location, the machines' charges add up to every machine's charges.
    let byLocation = 0;
    for (const location of chart1.props.options.locations as { value: string }[]) {
      byLocation += (await admin.page(`/admin/charts/revenue?${query}&location=${location.value}`)).props
        .totals.usage;
    }
    expect(byLocation, `${what}: the locations' usage adds up`).toBe(ledger.machineUsage);

    // Admin/Chart2: machine-hours by bucket, by plan and by location, from the same lines.
    const chart2 = await admin.page(`/admin/charts/usage?${query}`);
    for (const point of chart2.props.series as { from: string; to: string; machine_hours: number }[]) {
      const [row] = await db()
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(walletTransactions)
        .where(
          and(
            eq(walletTransactions.type, 'usage'),
            gte(walletTransactions.createdAt, tehranDayStart(point.from)),
            lt(walletTransactions.createdAt, tehranDayStart(addDays(point.to, 1))),
          ),
        );
      expect(point.machine_hours, `${what}: ${point.from}…${point.to}`).toBe(hours(row!.n));
    }
    const places = await minutesByPlace(start, end);
    const [lines] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(walletTransactions)
      .where(
        and(
          eq(walletTransactions.type, 'usage'),
          gte(walletTransactions.createdAt, start),
          lt(walletTransactions.createdAt, end),
        ),
      );
    // Every charged minute belongs to a machine with a plan and a place: none is left out of them.
    expect(
      [...places.plans.values()].reduce((n, m) => n + m, 0),
      `${what}: every minute has a plan`,
    ).toBe(lines!.n);
    expect(
      Object.fromEntries(
        (chart2.props.by_plan as { plan: string; hours: number }[]).map((p) => [p.plan, p.hours]),
      ),
      `${what}: hours by plan`,
    ).toEqual(Object.fromEntries([...places.plans].map(([plan, minutes]) => [plan, hours(minutes)])));
    for (const location of chart2.props.by_location as { location: string; hours: number }[]) {
      expect(location.hours, `${what}: hours in ${location.location}`).toBe(
        hours(places.places.get(location.location) ?? 0),
      );
    }

    // The customer's «گردش حساب»: the period's totals are their lines over the same instants.
    const mine = await ledgerOver(start, end, customerId);
    const items = await customer.page(`/panel/items?from=${from}&to=${to}`);
    expect(items.props.totals, what).toEqual({
      credits: mine.credits,
      debits: mine.debits,
      count: mine.count,
    });
  }

  /** A month's statement for one customer: its lines are their machines' minutes in that month. */
  async function checkStatement(userId: number, month: JalaliMonth) {
    const [statement] = await db()
      .select({ id: invoices.id, subtotal: invoices.subtotal, total: invoices.total })
      .from(invoices)
      .innerJoin(invoiceItems, eq(invoiceItems.invoiceId, invoices.id))
      .where(
        and(
          eq(invoices.userId, userId),
          eq(invoices.kind, 'usage'),
          like(invoiceItems.reference, `usage:%:${month.key}`),
        ),
      )
      .limit(1);
    const ledger = await ledgerOver(month.start, month.end, userId);
    expect(ledger.machineUsage, `${month.key}: the month has usage`).toBeGreaterThan(0);
    expect(statement, `${month.key}: a statement`).toBeDefined();
    expect(statement!.subtotal, `${month.key}: statement = ledger`).toBe(ledger.machineUsage);
    expect(statement!.total).toBe(ledger.machineUsage);
    const lines = await db().select().from(invoiceItems).where(eq(invoiceItems.invoiceId, statement!.id));
    for (const line of lines) {
      const uuid = line.reference!.split(':')[1]!;
      const [row] = await db()
        .select({ charged: sql<number>`coalesce(-sum(amount), 0)`.mapWith(Number) })
        .from(walletTransactions)
        .where(
          and(
            eq(walletTransactions.userId, userId),
            eq(walletTransactions.type, 'usage'),
            eq(walletTransactions.reference, uuid),
            gte(walletTransactions.createdAt, month.start),
            lt(walletTransactions.createdAt, month.end),
          ),
        );
      expect(line.amount, `${month.key}: ${line.description}`).toBe(row!.charged);
    }
  }

  /** Admin/Instances/Item (the service it reads, for deleted machines too) and Panel/Instances/View. */
  async function checkMachineCharges() {
    const machines = await db().select().from(instances);
    let charged = 0;
    for (const machine of machines) {
      const lines = await db()
        .select()
        .from(walletTransactions)
        .where(and(eq(walletTransactions.type, 'usage'), eq(walletTransactions.reference, machine.uuid)));
      const ledger = lines.reduce((n, l) => n - l.amount, 0);
      charged += ledger;
      const sessions = await machineCharges(db(), machine.id);
      expect(
        sessions.reduce((n, s) => n + s.amount, 0),
        `machine ${machine.id}`,
      ).toBe(ledger);
      if (machine.status === 'deleted') continue;
      const item = await admin.page(`/admin/instances/${machine.id}/items`);
      expect(item.props.totals.amount, `Admin/Instances/Item ${machine.id}`).toBe(ledger);
      expect(item.props.sessions).toEqual(sessions);
      if (machine.userId !== customerId) continue;
      const view = await customer.page(`/panel/instances/${machine.uuid}`);
      const latest = sessions[0];
      if (latest) {
        expect(view.props.session, `Panel/Instances/View ${machine.id}`).toMatchObject({
          open: latest.stop === null,
          minutes: latest.minutes,
          amount: latest.amount,
        });
      } else expect(view.props.session, `Panel/Instances/View ${machine.id}`).toBeNull();
      if (latest) {
        const from = floorMinute(new Date(latest.start));
        const own = lines.filter(
          (l) =>
            l.createdAt.getTime() >= from &&
            (latest.stop === null || l.createdAt.getTime() < Date.parse(latest.stop)),
        );
        expect(latest.amount).toBe(own.reduce((n, l) => n - l.amount, 0));
      }
    }
    expect(charged, 'the walk is over charged machines').toBeGreaterThan(0);
  }

  /** Admin/Dash's money figures: today and this Jalali month, in Tehran. */
  async function checkDash() {
    const now = new Date();
    const today = tehranIsoDay(now);
    const dash = await admin.page('/admin');
    const day = await ledgerOver(tehranDayStart(today), tehranDayStart(addDays(today, 1)));
    const month = await ledgerOver(jalaliMonthStart(now), tehranDayStart(addDays(today, 1)));
    const [topupCount] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(walletTransactions)
      .where(
        and(
          eq(walletTransactions.type, 'topup'),
          gte(walletTransactions.createdAt, jalaliMonthStart(now)),
          lt(walletTransactions.createdAt, tehranDayStart(addDays(today, 1))),
        ),
      );
    expect(dash.props.kpis).toMatchObject({
      topped_up_today: day.topups,
      usage_today: day.usage,
      usage_month: month.usage,
      topped_up_month: month.topups,
      topups_month: topupCount!.n,
    });
  }

  /** Whole Jalali months, Tehran day boundaries, and seeded random periods over the ledger's days. */
  async function checkPeriods(fixed: { from: string; to: string }[]) {
    const [span] = await db()
      .select({ first: sql<Date>`min(${walletTransactions.createdAt})`.mapWith((v) => new Date(v)) })
      .from(walletTransactions);
    const first = addDays(tehranIsoDay(span!.first), -1);
    const last = addDays(tehranIsoDay(new Date()), 1);
    for (const period of fixed) {
      for (const interval of ['day', 'week', 'month'] as const)
        await checkPeriod(period.from, period.to, interval);
    }
    const length = Math.round((Date.parse(last) - Date.parse(first)) / 86_400_000);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: length }),
        fc.integer({ min: 0, max: 70 }),
        fc.constantFrom('day' as const, 'week' as const, 'month' as const),
        async (offset, days, interval) => {
          const from = addDays(first, offset);
          const to = addDays(from, Math.min(days, length - offset));
          await checkPeriod(from, to, interval);
        },
      ),
      { seed: 24, numRuns: 8 },
    );
  }

  it('every usage line of the demo names its owner’s machine, in a minute it ran, at that minute’s price', async () => {
    const { minuteLines, machines } = await checkUsageLines();
    // Last month's machines, deleted since, keep their rows: the lines name them.
    const deleted = [...machines.values()].filter((m) => m.status === 'deleted');
    expect(deleted.length).toBe(2);
    for (const machine of deleted) {
      expect(
        minuteLines.some((l) => l.reference === machine.uuid),
        machine.name,
      ).toBe(true);
    }
  }, 180_000);

  it('the demo: every money view agrees with the ledger (random periods, whole months, Dash, each machine)', async () => {
    const lastMonth = previousJalaliMonth(new Date());
    const monthDays = {
      from: tehranIsoDay(lastMonth.start),
      to: tehranIsoDay(new Date(lastMonth.end.getTime() - 1)),
    };
    await checkPeriods([monthDays, { from: tehranIsoDay(new Date()), to: tehranIsoDay(new Date()) }]);
    await checkStatement(customerId, lastMonth);
    await checkDash();
    await checkMachineCharges();
  }, 180_000);

  it('after the real charging code runs on, every minute is one line and every view still agrees', async () => {
    // The usage tick an hour and a half past the seed: the running machine's minutes since.
    const tickAt = new Date(Date.now() + 90 * MINUTE_MS);
    const tick = createUsageTick({
      db: db(),
      broadcaster: { publish: async () => {} },
      requestPower: async () => {
        throw new Error('no wallet reaches zero here');
      },
    });
    expect((await tick.run(tickAt)).minutes).toBeGreaterThan(0);

    // A second customer whose machine ran across the last night of Esfand (a Tehran midnight, the
    // Jalali year's end), charged by billing as the tick would have.
    let esfandLast = '2026-03-10';
    while (!(jalaliOf(esfandLast).month === 12 && jalaliOf(addDays(esfandLast, 1)).month === 1)) {
      esfandLast = addDays(esfandLast, 1);
    }
    const midnight = tehranDayStart(addDays(esfandLast, 1));
    const [other] = await db()
      .insert(users)
      .values({ name: 'مشتری اسفند', email: 'esfand@example.test', role: 'customer' })
      .returning();
    await postLedgerEntry(db(), {
      userId: other!.id,
      type: 'topup',
      amount: 30_000_000,
      description: 'شارژ کیف پول',
      idempotencyKey: 'esfand:topup',
      at: new Date(midnight.getTime() - 30 * HOUR_MS),
    });
    const [demoMachine] = await db()
      .select()
      .from(instances)
      .where(eq(instances.userId, customerId))
      .limit(1);
    const [machine] = await db()
      .insert(instances)
      .values({
        userId: other!.id,
        hardwareId: demoMachine!.hardwareId,
        locationId: demoMachine!.locationId,
        imageId: demoMachine!.imageId,
        name: 'رندر شب عید',
        status: 'ready',
        power: 'stopped',
        pricePerHour: 1_234_567,
        createdAt: new Date(midnight.getTime() - 5 * HOUR_MS),
      })
      .returning();
    const move = (values: Partial<typeof instances.$inferInsert>) =>
      db().update(instances).set(values).where(eq(instances.id, machine!.id));
    const began = new Date(midnight.getTime() - 97 * MINUTE_MS - 20_000);
    const ended = new Date(midnight.getTime() + 143 * MINUTE_MS + 40_000);
    await move({ power: 'running', runningSince: began, powerChangedAt: began });
    await move({ power: 'stopped', runningSince: null, powerChangedAt: ended });
    for (const at of [new Date(midnight.getTime() - MINUTE_MS), ended]) {
      await db().transaction(async (tx) => {
        const owner = await lockUser(tx, other!.id);
        await chargeDueMinutes(tx, owner!, at);
      });
    }
    const esfand = jalaliMonthOf(new Date(midnight.getTime() - MINUTE_MS));
    const farvardin = jalaliMonthOf(midnight);
    expect([esfand.key.endsWith('-12'), farvardin.key.endsWith('-01')]).toEqual([true, true]);
    for (const month of [esfand, farvardin]) {
      await issueStatement(db(), other!.id, month, new Date(month.end.getTime() + HOUR_MS));
      await checkStatement(other!.id, month);
    }

    // Admin/Invoices' totals over the usage statements: the ledger's usage of the months they cover.
    const lastMonth = previousJalaliMonth(new Date());
    const covered =
      (await ledgerOver(lastMonth.start, lastMonth.end, customerId)).machineUsage +
      (await ledgerOver(esfand.start, esfand.end, other!.id)).machineUsage +
      (await ledgerOver(farvardin.start, farvardin.end, other!.id)).machineUsage;
    const list = await admin.page('/admin/invoices?kind=usage');
    expect(list.props.totals).toMatchObject({ count: 3, total: covered, paid: covered });

    await checkEveryMinuteOnce(tickAt);
    await checkPeriods([
      { from: esfandLast, to: esfandLast },
      { from: addDays(esfandLast, 1), to: addDays(esfandLast, 1) },
      { from: tehranIsoDay(esfand.start), to: tehranIsoDay(new Date(farvardin.end.getTime() - 1)) },
    ]);
    await checkMachineCharges();
    const sessions: UsageSession[] = await db()
      .select()
      .from(usageSessions)
      .where(inArray(usageSessions.instanceId, [machine!.id]));
    // 22:21:40 Tehran to 02:23:40 the next day: the minutes it touched, 22:21 … 02:23.
    expect(sessions.map((s) => s.billedMinutes)).toEqual([242]);
  }, 180_000);
});
