import type { Database } from '../../db/client';
import type { PlanSummary, PublicPlan } from './contracts';
import { orderingCatalog } from './placement';
import { planSummary } from './service';

/**
 * What the public pages may offer (docs/domain.md «Public catalog»): the same catalog Make reads,
 * cut to what can be rented.
 * - A location is listed only where some active plan has a host taking machines: a location with
 *   no hosts is not a column of «تکمیل».
 * - A plan is listed only where it has such a host; it is `rentable` while one of them has room
 *   (a free place and a free port). A full plan keeps its price on the page but offers no rent.
 */
export async function publicOffer(db: Database) {
  const { plans, locations, images } = await orderingCatalog(db);
  const racked = new Set(plans.flatMap(({ free }) => [...free.keys()]));
  const offeredLocations = locations.filter((l) => racked.has(l.id));
  const offered: PublicPlan[] = plans
    .filter(({ free }) => [...free.keys()].some((id) => racked.has(id)))
    .map(({ plan, imageIds, free }) => publicPlan(plan, imageIds, free, offeredLocations, images));
  return {
    plans: offered,
    locations: offeredLocations.map((l) => ({ code: l.code, name: l.name, city: l.city })),
    /** Any active plan by slug (a plan page outlives its hosts), rentable only as above. */
    async plan(slug: string): Promise<PublicPlan | undefined> {
      const listed = offered.find((p) => p.slug === slug);
      if (listed) return listed;
      const found = plans.find(({ plan }) => plan.slug === slug);
      return found && publicPlan(found.plan, found.imageIds, found.free, offeredLocations, images);
    },
  };
}

function publicPlan(
  plan: Awaited<ReturnType<typeof orderingCatalog>>['plans'][number]['plan'],
  imageIds: number[],
  free: Map<number, number>,
  locations: { id: number; code: string }[],
  images: Awaited<ReturnType<typeof orderingCatalog>>['images'],
): PublicPlan {
  const places = Object.fromEntries(locations.map((l) => [l.code, free.get(l.id) ?? 0]));
  return {
    ...planSummary(plan),
    setup_fee: plan.setupFee,
    description: plan.description,
    free: places,
    rentable: Object.values(places).some((n) => n > 0),
    images: images
      .filter((i) => imageIds.includes(i.id))
      .map((i) => ({ name: i.name, os: i.os, software: i.software })),
  };
}

/** Plans a customer can rent right now, in the catalog's order (Home, campaigns). */
export async function rentablePlans(db: Database, limit: number): Promise<PlanSummary[]> {
  const { plans } = await orderingCatalog(db);
  return plans
    .filter(({ free }) => [...free.values()].some((n) => n > 0))
    .slice(0, limit)
    .map(({ plan }) => planSummary(plan));
}

/**
 * Plans for Revit and Enscape: rentable now, 24 GB of graphics memory or more, the most memory
 * first (big models need it), then the cheaper; none suitable: the rentable plans as they come.
 */
export async function plansForRevit(db: Database, limit = 3): Promise<PlanSummary[]> {
  const rentable = await rentablePlans(db, 1000);
  const suitable = rentable
    .filter((p) => p.vram_gb >= 24)
    .sort((a, b) => b.vram_gb - a.vram_gb || a.price_per_hour - b.price_per_hour);
  return (suitable.length > 0 ? suitable : rentable).slice(0, limit);
}
