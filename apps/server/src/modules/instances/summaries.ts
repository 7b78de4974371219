import { and, asc, count, eq, inArray, lt, ne, or, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hardwares, locations, resources } from '../catalog/tables';
import { instances } from './tables';

/** A machine as the home screens show it: enough to recognise it and see what it costs. */
export interface MachineSummary {
  uuid: string;
  name: string;
  plan: string;
  location: string;
  status: string;
  power: string;
  price_per_hour: number;
  running_since: string | null;
}

const summaryColumns = {
  uuid: instances.uuid,
  name: instances.name,
  plan: hardwares.title,
  location: locations.name,
  status: instances.status,
  power: instances.power,
  pricePerHour: instances.pricePerHour,
  runningSince: instances.runningSince,
};

type SummaryRow = {
  uuid: string;
  name: string;
  plan: string;
  location: string;
  status: string;
  power: string;
  pricePerHour: number;
  runningSince: Date | null;
};

const toSummary = (row: SummaryRow): MachineSummary => ({
  uuid: row.uuid,
  name: row.name,
  plan: row.plan,
  location: row.location,
  status: row.status,
  power: row.power,
  price_per_hour: row.pricePerHour,
  running_since: row.runningSince?.toISOString() ?? null,
});

/** The owner's machines that are on or on their way (they are what the wallet pays for right now). */
export async function poweredMachinesOf(db: Database, userId: number): Promise<MachineSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(instances)
    .innerJoin(hardwares, eq(hardwares.id, instances.hardwareId))
    .innerJoin(locations, eq(locations.id, instances.locationId))
    .where(
      and(
        eq(instances.userId, userId),
        eq(instances.status, 'ready'),
        inArray(instances.power, ['starting', 'running', 'stopping']),
      ),
    )
    .orderBy(asc(instances.id));
  return rows.map(toSummary);
}

/** How many machines the user holds (any not deleted), for the onboarding checklist. */
export async function machineCountOf(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(instances)
    .where(and(eq(instances.userId, userId), ne(instances.status, 'deleted')));
  return row?.n ?? 0;
}

/** Rial an hour the user's machines cost while running; billed per started minute (DOMAIN.md). */
export function burnRate(machines: MachineSummary[]): number {
  return machines
    .filter((m) => m.power === 'running' || m.power === 'starting')
    .reduce((total, m) => total + m.price_per_hour, 0);
}

/** Machines staff should look at: failed provisioning, or a power change stuck for 10 minutes. */
export async function machinesNeedingAttention(db: Database, now: Date, limit = 10) {
  const stuckBefore = new Date(now.getTime() - 10 * 60 * 1000);
  const rows = await db
    .select({
      ...summaryColumns,
      id: instances.id,
      failureReason: instances.failureReason,
      powerChangedAt: instances.powerChangedAt,
    })
    .from(instances)
    .innerJoin(hardwares, eq(hardwares.id, instances.hardwareId))
    .innerJoin(locations, eq(locations.id, instances.locationId))
    .where(
      or(
        inArray(instances.status, ['provision_failed', 'deletion_failed']),
        and(inArray(instances.power, ['starting', 'stopping']), lt(instances.powerChangedAt, stuckBefore)),
      ),
    )
    .orderBy(asc(instances.powerChangedAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    ...toSummary(row),
    failure_reason: row.failureReason,
    // How long it has been stuck: staff see it as «۳۰ دقیقه پیش».
    power_changed_at: row.powerChangedAt.toISOString(),
  }));
}

/** Per location: hosts' capacity and the machines placed on them, for the admin dashboard. */
export async function capacityByLocation(db: Database) {
  const capacity = await db
    .select({
      code: locations.code,
      name: locations.name,
      capacity: sum(resources.capacity).mapWith(Number),
      offline: sql<number>`count(*) filter (where ${resources.status} in ('offline', 'maintenance'))`.mapWith(
        Number,
      ),
    })
    .from(locations)
    .leftJoin(resources, eq(resources.locationId, locations.id))
    .groupBy(locations.id)
    .orderBy(asc(locations.sort), asc(locations.id));
  const placed = await db
    .select({
      code: locations.code,
      placed: count(),
      running: sql<number>`count(*) filter (where ${instances.power} = 'running')`.mapWith(Number),
    })
    .from(instances)
    .innerJoin(locations, eq(locations.id, instances.locationId))
    .where(and(ne(instances.status, 'deleted'), sql`${instances.resourceId} is not null`))
    .groupBy(locations.code);
  return capacity.map((row) => {
    const used = placed.find((p) => p.code === row.code);
    return {
      code: row.code,
      name: row.name,
      capacity: row.capacity ?? 0,
      placed: used?.placed ?? 0,
      running: used?.running ?? 0,
      hosts_unavailable: row.offline ?? 0,
    };
  });
}
