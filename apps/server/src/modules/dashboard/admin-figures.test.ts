import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tehranDayStart } from '../../lib/time/tehran-calendar';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { payments, walletTransactions } from '../billing/tables';

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
});
