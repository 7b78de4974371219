import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, TestBrowser } from '../auth/test-support';
import { reserveHostAndPort } from './placement';
import { hardwares, locations, resources } from './tables';

type Plan = { slug: string; rentable: boolean; free: Record<string, number>; vram_gb: number };

/** Rolled back whatever happens: whether Make's own placement would find a host and a port. */
class Probe extends Error {}

/**
 * The public catalog offers only what can be rented: checked over every plan and location of the
 * demo data against Make's own placement (reserveHostAndPort), not against the page's arithmetic.
 */
describe(`public catalog: only what can be rented (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let guest: TestBrowser;
  const db = () => t.database.db;
  let probe = 2_000_000_000;

  async function placeable(slug: string, code: string): Promise<boolean> {
    const [plan] = await db().select().from(hardwares).where(eq(hardwares.slug, slug));
    const [place] = await db().select().from(locations).where(eq(locations.code, code));
    let found = false;
    await db()
      .transaction(async (tx) => {
        probe += 1;
        found =
          (await reserveHostAndPort(tx, {
            hardwareId: plan!.id,
            locationId: place!.id,
            instanceId: probe,
          })) !== null;
        throw new Probe();
      })
      .catch((error) => {
        if (!(error instanceof Probe)) throw error;
      });
    return found;
  }

  /** Every page that offers plans agrees with placement, for every plan and location. */
  async function walk() {
    const prices = await guest.page('/prices');
    const plans = prices.props.plans as Plan[];
    const codes = (prices.props.locations as { code: string }[]).map((l) => l.code);
    const hosted = await db()
      .select({ code: locations.code })
      .from(resources)
      .innerJoin(locations, eq(locations.id, resources.locationId))
      .innerJoin(hardwares, eq(hardwares.id, resources.hardwareId))
      .where(eq(resources.status, 'available'));
    for (const code of codes)
      expect(
        hosted.map((h) => h.code),
        `${code} has a host`,
      ).toContain(code);
    const allPlans = await db().select().from(hardwares).where(eq(hardwares.status, 'active'));
    const allLocations = await db().select().from(locations).where(eq(locations.isActive, true));
    for (const plan of allPlans) {
      const listed = plans.find((p) => p.slug === plan.slug);
      let anywhere = false;
      for (const place of allLocations) {
        const can = await placeable(plan.slug, place.code);
        anywhere ||= can;
        if (listed && codes.includes(place.code)) {
          expect((listed.free[place.code] ?? 0) > 0, `${plan.slug} in ${place.code}`).toBe(can);
        } else if (can) {
          // Rentable somewhere the page does not list: the page hides what can be rented.
          expect.fail(`${plan.slug} can be placed in ${place.code} but is not offered there`);
        }
      }
      const page = await guest.page(`/plans/${plan.slug}`);
      expect(page.props.plan.rentable, `${plan.slug} rentable`).toBe(anywhere);
      if (listed) expect(listed.rentable, plan.slug).toBe(anywhere);
    }
    const rentable = new Set(plans.filter((p) => p.rentable).map((p) => p.slug));
    for (const path of ['/', '/software/revit']) {
      const offered = (await guest.page(path)).props.plans as { slug: string }[];
      for (const p of offered) expect(rentable.has(p.slug), `${path} offers ${p.slug}`).toBe(true);
    }
    return { plans, codes, rentable };
  }

  beforeAll(async () => {
    t = await createAuthTestApp();
    guest = new TestBrowser(t, { ip: '10.90.1.1' });
  });
  afterAll(() => t.close());

  it('the demo catalog: every offered location has hosts and every rent button can be placed', async () => {
    const { rentable } = await walk();
    expect(rentable.size).toBeGreaterThan(0);
  });

  it('a location with no hosts is no column; a plan with no room offers no rent anywhere', async () => {
    await db()
      .insert(locations)
      .values({ code: 'krj1', name: 'کرج ۱', city: 'کرج', isActive: true, sort: 9 });
    const [a6000] = await db().select().from(hardwares).where(eq(hardwares.slug, 'rtx-a6000'));
    await db().update(resources).set({ status: 'maintenance' }).where(eq(resources.hardwareId, a6000!.id));
    const [x2] = await db().select().from(hardwares).where(eq(hardwares.slug, 'rtx-4090-x2'));
    await db().update(resources).set({ capacity: 0 }).where(eq(resources.hardwareId, x2!.id));

    const { plans, codes, rentable } = await walk();
    expect(codes).not.toContain('krj1');
    // No host taking machines at all: not listed; hosts but full: listed, not rentable.
    expect(plans.map((p) => p.slug)).not.toContain('rtx-a6000');
    expect(plans.find((p) => p.slug === 'rtx-4090-x2')).toMatchObject({ rentable: false });
    expect(rentable.has('rtx-4090-x2')).toBe(false);
  });

  it('Revit: the rentable plans with the most graphics memory first', async () => {
    const revit = (await guest.page('/software/revit')).props.plans as Plan[];
    expect(revit.length).toBeGreaterThan(0);
    const vram = revit.map((p) => p.vram_gb);
    expect(vram).toEqual([...vram].sort((a, b) => b - a));
    expect(vram.every((v) => v >= 24)).toBe(true);
  });
});
