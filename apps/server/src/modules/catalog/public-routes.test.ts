import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, TestBrowser } from '../auth/test-support';
import { hardwares } from './tables';

/** The public price pages read the same catalog as Make (docs/screens.md §1). */
describe(`public: prices and plans (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let guest: TestBrowser;
  beforeAll(async () => {
    t = await createAuthTestApp();
    guest = new TestBrowser(t, { ip: '10.90.0.1' });
  });
  afterAll(() => t.close());

  it('prices: active plans with free places per location, drive price and VAT; no estimate on a full visit', async () => {
    const page = await guest.page('/prices?hardware=rtx-4090&hours=10');
    expect(page.component).toBe('Public/Prices');
    expect(page.props.plans.map((p: { slug: string }) => p.slug)).toContain('rtx-4090');
    expect(page.props.locations.map((l: { code: string }) => l.code)).toEqual(['thr1', 'tbz1']);
    expect(page.props.vat_rate).toBe(10);
    expect(page.props.drive_price_per_gb_month).toBeGreaterThan(0);
    expect(page.props).not.toHaveProperty('estimate');
  });

  it('prices: the calculator’s partial reload brings the estimate with VAT', async () => {
    const first = await guest.page('/prices');
    const res = await guest.request('GET', '/prices?hardware=rtx-4090&hours=10', undefined, {
      'x-inertia': 'true',
      'x-inertia-version': String(first.version),
      'x-inertia-partial-component': 'Public/Prices',
      'x-inertia-partial-data': 'estimate',
    });
    const { props } = JSON.parse(res.body);
    expect(props.estimate).toEqual({
      hardware: 'rtx-4090',
      title: 'حرفه‌ای RTX 4090',
      hours: 10,
      subtotal: 9_500_000,
      tax: 950_000,
      total: 10_450_000,
    });
    expect(props.plans).toBeUndefined();
    const bad = await guest.request('GET', '/prices?hardware=nope&hours=-3', undefined, {
      'x-inertia': 'true',
      'x-inertia-version': String(first.version),
      'x-inertia-partial-component': 'Public/Prices',
      'x-inertia-partial-data': 'estimate',
    });
    expect(JSON.parse(bad.body).props.estimate).toBeNull();
  });

  it('plans: cards, one plan by slug with its software, and 404 for a hidden or unknown plan', async () => {
    expect((await guest.page('/plans')).props.plan).toBeNull();
    const one = await guest.page('/plans/rtx-4090');
    expect(one.component).toBe('Plans');
    expect(one.props.plan).toMatchObject({ slug: 'rtx-4090', price_per_hour: 950_000 });
    expect(one.props.plan.images.length).toBeGreaterThan(0);
    await t.database.db.update(hardwares).set({ status: 'hidden' }).where(eq(hardwares.slug, 'rtx-3090'));
    expect((await guest.request('GET', '/plans/rtx-3090')).statusCode).toBe(404);
    expect((await guest.request('GET', '/plans/no-such-plan')).statusCode).toBe(404);
  });
});
