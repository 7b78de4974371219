import { and, eq, type SQL } from 'drizzle-orm';
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
