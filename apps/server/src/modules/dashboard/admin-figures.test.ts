import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tehranDayStart } from '../../lib/time/tehran-calendar';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { payments, walletTransactions } from '../billing/tables';
import { hardwares, locations, ports, resources } from '../catalog/tables';
import { users } from '../users/tables';

/**
 * Admin/Dash's figures from usage (today and this Jalali month, Tehran), payments held in review,
 * and the 30-day sparklines (deferred), each against SQL written here independently.
 */
describe(`admin dash: usage figures and sparklines (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let admin: TestBrowser;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.98.0.1' });
  });
  afterAll(() => t.close());

  it('counts usage since Tehran midnight, payments in review, and 30 days of sparklines', async () => {
    const page = await admin.page('/admin');
    const [today] = await db()
      .select({ n: sql<number>`coalesce(-sum(${walletTransactions.amount}), 0)`.mapWith(Number) })
      .from(walletTransactions)
      .where(
        and(
          inArray(walletTransactions.type, ['usage', 'drive']),
          gte(walletTransactions.createdAt, tehranDayStart(new Date())),
        ),
      );
    // The usage tick may charge one more minute between the page and this query.
    expect(Math.abs(page.props.kpis.usage_today - today!.n)).toBeLessThanOrEqual(20_000);
    expect(page.props.kpis.usage_month).toBeGreaterThanOrEqual(page.props.kpis.usage_today);
    const [review] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(payments)
      .where(eq(payments.status, 'review'));
    expect(page.props.alerts.payments_review).toBe(review!.n);
    expect(page.props.sparklines).toBeUndefined();

    const deferred = await admin.request('GET', '/admin', undefined, {
      'x-inertia': 'true',
      'x-inertia-version': String(page.version),
      'x-inertia-partial-component': 'Admin/Dash',
      'x-inertia-partial-data': 'sparklines',
    });
    const points = JSON.parse(deferred.body).props.sparklines as { label: string; topups: number }[];
    expect(points).toHaveLength(30);
    expect(points.at(-1)!.label).toMatch(/^[۰-۹]+ [آ-ی]+$/);
    const since = new Date(tehranDayStart(new Date()).getTime() - 29 * 86_400_000);
    const [topups] = await db()
      .select({ n: sql<number>`coalesce(sum(${walletTransactions.amount}), 0)`.mapWith(Number) })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.type, 'topup'), gte(walletTransactions.createdAt, since)));
    expect(points.reduce((sum, p) => sum + p.topups, 0)).toBe(topups!.n);
  });

  it('lists the newest payments with the payer, and raises a plan with no free host in a location', async () => {
    const page = (await admin.page('/admin')).props;
    const newest = await db()
      .select({ uuid: payments.uuid, amount: payments.amount, status: payments.status, name: users.name })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(5);
    expect(newest.length).toBeGreaterThan(0);
    expect(
      page.payments.map((p: { uuid: string; amount: number; status: string; user: { name: string } }) => ({
        uuid: p.uuid,
        amount: p.amount,
        status: p.status,
        name: p.user.name,
      })),
    ).toEqual(newest);

    // Every place of the plan's hosts in one location: fill its free ports, then a host in maintenance.
    const [host] = await db()
      .select({ id: resources.id, hardwareId: resources.hardwareId, locationId: resources.locationId })
      .from(resources)
      .innerJoin(hardwares, eq(hardwares.id, resources.hardwareId))
      .innerJoin(locations, eq(locations.id, resources.locationId))
      .where(
        and(eq(hardwares.status, 'active'), eq(locations.isActive, true), eq(resources.status, 'available')),
      )
      .limit(1);
    const [plan] = await db().select().from(hardwares).where(eq(hardwares.id, host!.hardwareId));
    const [place] = await db().select().from(locations).where(eq(locations.id, host!.locationId));
    const listed = (props: Record<string, any>) =>
      props.alerts.low_stock.some(
        (s: { slug: string; code: string }) => s.slug === plan!.slug && s.code === place!.code,
      );
    expect(listed(page)).toBe(false);
    const siblings = await db()
      .select({ id: resources.id })
      .from(resources)
      .where(and(eq(resources.hardwareId, plan!.id), eq(resources.locationId, place!.id)));
    const ids = siblings.map((r) => r.id);
    await db()
      .update(ports)
      .set({ status: 'disabled' })
      .where(and(inArray(ports.resourceId, ids), eq(ports.status, 'free')));
    const after = (await admin.page('/admin')).props;
    expect(listed(after)).toBe(true);
    const alert = after.alerts.low_stock.find((s: { slug: string }) => s.slug === plan!.slug);
    expect(alert).toMatchObject({ plan: plan!.title, location: place!.name, hosts: ids.length });
    // Independent: the same plan and location through SQL of free ports on available hosts.
    const [free] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(ports)
      .innerJoin(resources, eq(resources.id, ports.resourceId))
      .where(
        and(inArray(ports.resourceId, ids), eq(ports.status, 'free'), eq(resources.status, 'available')),
      );
    expect(free!.n).toBe(0);
    await db()
      .update(ports)
      .set({ status: 'free' })
      .where(and(inArray(ports.resourceId, ids), eq(ports.status, 'disabled')));
    expect(listed((await admin.page('/admin')).props)).toBe(false);
  });
});
