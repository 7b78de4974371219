import { and, asc, count, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { locationCapacity, placementDetails } from '../catalog';
import type { PoweredMachine } from './contracts';
import { driverFailureText } from './failure-codes';
import { instances } from './tables';

type Instance = typeof instances.$inferSelect;

/** The machines as summaries, with their plan and location named by the catalog. */
async function summarise<T extends Instance>(db: Database, rows: T[]) {
  const { plans, locations } = await placementDetails(db, {
    hardwareIds: rows.map((row) => row.hardwareId),
    locationIds: rows.map((row) => row.locationId),
  });
  return rows.map((row) => ({
    row,
    summary: {
      uuid: row.uuid,
      name: row.name,
      plan: plans.get(row.hardwareId)?.title ?? '',
      location: locations.get(row.locationId)?.name ?? '',
      status: row.status,
      power: row.power,
      price_per_hour: row.pricePerHour,
      running_since: row.runningSince?.toISOString() ?? null,
    } satisfies PoweredMachine,
  }));
}

/** The owner's machines that are on or on their way (they are what the wallet pays for right now). */
export async function poweredMachinesOf(db: Database, userId: number): Promise<PoweredMachine[]> {
  const rows = await db
    .select()
    .from(instances)
    .where(
      and(
        eq(instances.userId, userId),
        eq(instances.status, 'ready'),
        inArray(instances.power, ['starting', 'running', 'stopping']),
      ),
    )
    .orderBy(asc(instances.id));
  return (await summarise(db, rows)).map(({ summary }) => summary);
}

/** Names and uuids of these machines by id: how billing labels a machine's charges. */
export async function machineLabels(
  db: Database,
  ids: number[],
): Promise<Map<number, { uuid: string; name: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: instances.id, uuid: instances.uuid, name: instances.name })
    .from(instances)
    .where(inArray(instances.id, unique));
  return new Map(rows.map(({ id, ...label }) => [id, label]));
}

/** The user's ready machines that are on (running, or on their way up), for a stop at zero balance. */
export async function runningMachinesOf(db: Database, userId: number) {
  return db
    .select({ id: instances.id, power: instances.power })
    .from(instances)
    .where(
      and(
        eq(instances.userId, userId),
        eq(instances.status, 'ready'),
        inArray(instances.power, ['starting', 'running']),
      ),
    )
    .orderBy(asc(instances.id));
}

/** The ids of every machine the user ever had (their history belongs to them). */
export async function ownedInstanceIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db.select({ id: instances.id }).from(instances).where(eq(instances.userId, userId));
  return rows.map((r) => r.id);
}

/** How many machines the user holds (any not deleted), for the onboarding checklist. */
export async function machineCountOf(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(instances)
    .where(and(eq(instances.userId, userId), ne(instances.status, 'deleted')));
  return row?.n ?? 0;
}

/** Rial an hour the user's machines cost while running; billed per started minute (docs/domain.md). */
export function burnRate(machines: PoweredMachine[]): number {
  return machines
    .filter((m) => m.power === 'running' || m.power === 'starting')
    .reduce((total, m) => total + m.price_per_hour, 0);
}

/** Machines staff should look at: failed provisioning, or a power change stuck for 10 minutes. */
export async function machinesNeedingAttention(db: Database, now: Date, limit = 10) {
  const stuckBefore = new Date(now.getTime() - 10 * 60 * 1000);
  const rows = await db
    .select()
    .from(instances)
    .where(
      or(
        inArray(instances.status, ['provision_failed', 'deletion_failed']),
        and(inArray(instances.power, ['starting', 'stopping']), lt(instances.powerChangedAt, stuckBefore)),
      ),
    )
    .orderBy(asc(instances.powerChangedAt))
    .limit(limit);
  return (await summarise(db, rows)).map(({ row, summary }) => ({
    id: row.id,
    ...summary,
    // Staff read the cause in Persian (the failure code's text; a row from before codes has only
    // the customer's sentence); the driver's own words are the technical detail behind a disclosure.
    failure_reason: driverFailureText(row.failureCode) ?? row.failureReason,
    failure_detail: row.failureDetail,
    // How long it has been stuck: staff see it as «۳۰ دقیقه پیش».
    power_changed_at: row.powerChangedAt.toISOString(),
  }));
}

/** Per location: hosts' capacity and the machines placed on them, for the admin dashboard. */
export async function capacityByLocation(db: Database) {
  const capacity = await locationCapacity(db);
  const placed = await db
    .select({
      locationId: instances.locationId,
      placed: count(),
      running: sql<number>`count(*) filter (where ${instances.power} = 'running')`.mapWith(Number),
    })
    .from(instances)
    .where(and(ne(instances.status, 'deleted'), sql`${instances.resourceId} is not null`))
    .groupBy(instances.locationId);
  return capacity.map((row) => {
    const used = placed.find((p) => p.locationId === row.id);
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

/**
 * The user's live machines as a drive sees them (attach: same location, stopped): id, name,
 * location, state. `uuid` narrows to one; `lock` row-locks it for an attach in a transaction.
 */
export async function machinesForDrives(
  db: Database,
  userId: number,
  options: { uuid?: string; lock?: boolean } = {},
) {
  const query = db
    .select({
      id: instances.id,
      uuid: instances.uuid,
      name: instances.name,
      locationId: instances.locationId,
      status: instances.status,
      power: instances.power,
    })
    .from(instances)
    .where(
      and(
        eq(instances.userId, userId),
        ne(instances.status, 'deleted'),
        options.uuid === undefined ? undefined : eq(instances.uuid, options.uuid),
      ),
    )
    .orderBy(asc(instances.id));
  return options.lock ? query.for('update') : query;
}
