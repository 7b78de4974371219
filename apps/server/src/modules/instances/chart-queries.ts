import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { instances } from './tables';

/**
 * The uuids of the machines in a location and/or of a plan, deleted ones included (their usage
 * stays in the books): how Admin/Chart1 narrows usage charges, whose ledger reference is the uuid.
 */
export async function machineUuidsWhere(
  db: Database,
  filter: { locationId?: number | undefined; hardwareId?: number | undefined },
): Promise<string[]> {
  const conditions: SQL[] = [];
  if (filter.locationId) conditions.push(eq(instances.locationId, filter.locationId));
  if (filter.hardwareId) conditions.push(eq(instances.hardwareId, filter.hardwareId));
  const rows = await db
    .select({ uuid: instances.uuid })
    .from(instances)
    .where(and(...conditions));
  return rows.map((row) => row.uuid);
}

/** Plan and location of these machines by uuid (for machine-hours by plan and by location). */
export async function machinePlacements(
  db: Database,
  uuids: string[],
): Promise<Map<string, { hardwareId: number; locationId: number }>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select({ uuid: instances.uuid, hardwareId: instances.hardwareId, locationId: instances.locationId })
    .from(instances)
    .where(inArray(instances.uuid, uuids));
  return new Map(rows.map(({ uuid, ...placement }) => [uuid, placement]));
}

/** Machines ordered per Tehran day in [start, end) (+03:30 all year since 2022). */
export async function newMachinesByDay(
  db: Database,
  range: { start: Date; end: Date },
): Promise<{ day: string; n: number }[]> {
  const day = sql<string>`to_char((${instances.createdAt} at time zone 'UTC') + interval '12600 seconds', 'YYYY-MM-DD')`;
  return db
    .select({ day, n: sql<number>`count(*)`.mapWith(Number) })
    .from(instances)
    .where(and(gte(instances.createdAt, range.start), lt(instances.createdAt, range.end)))
    .groupBy(day)
    .orderBy(day);
}
