import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { placementDetails } from '../catalog';
import { allowedPowerActions } from './state-machine';
import { instances } from './tables';

type Instance = typeof instances.$inferSelect;

/**
 * A machine as its owner sees it (panel.instances.view without secrets): the row, and its plan,
 * location, image and public port as the catalog names them (one lookup per kind for a page).
 */
export interface InstanceView {
  instance: Instance;
  plan: { title: string; slug: string };
  location: { code: string; name: string };
  image: { name: string; os: string };
  port: { publicIp: string; publicPort: number; status: string } | null;
}

async function withPlacement(db: Database, rows: Instance[]): Promise<InstanceView[]> {
  const details = await placementDetails(db, {
    hardwareIds: rows.map((row) => row.hardwareId),
    locationIds: rows.map((row) => row.locationId),
    imageIds: rows.map((row) => row.imageId),
    portIds: rows.flatMap((row) => (row.portId ? [row.portId] : [])),
  });
  return rows.map((instance) => ({
    instance,
    plan: details.plans.get(instance.hardwareId)!,
    location: details.locations.get(instance.locationId)!,
    image: details.images.get(instance.imageId)!,
    port: (instance.portId && details.ports.get(instance.portId)) || null,
  }));
}

/** The owner's machines, newest first, without deleted ones; one row more says another page exists. */
export async function listOwnViews(db: Database, userId: number, page: { limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(instances)
    .where(and(eq(instances.userId, userId), ne(instances.status, 'deleted')))
    .orderBy(desc(instances.id))
    .limit(page.limit)
    .offset(page.offset);
  return withPlacement(db, rows);
}

export async function findOwnView(
  db: Database,
  userId: number,
  uuid: string,
): Promise<InstanceView | undefined> {
  const rows = await db
    .select()
    .from(instances)
    .where(and(eq(instances.userId, userId), eq(instances.uuid, uuid), ne(instances.status, 'deleted')));
  return (await withPlacement(db, rows))[0];
}

/**
 * The JSON of a machine for its owner: never the password, the driver's ref or its host's
 * private address. `host`/`port` appear once the public port is bound to the machine.
 */
export function toOwnerJson(view: InstanceView) {
  const { instance, plan, location, image, port } = view;
  const bound = port?.status === 'bound' ? port : null;
  return {
    uuid: instance.uuid,
    name: instance.name,
    plan,
    location,
    image,
    status: instance.status,
    power: instance.power,
    actions: allowedPowerActions(instance.status, instance.power),
    host: bound?.publicIp ?? null,
    port: bound?.publicPort ?? null,
    username: instance.username,
    price_per_hour: instance.pricePerHour,
    running_since: instance.runningSince?.toISOString() ?? null,
    power_changed_at: instance.powerChangedAt.toISOString(),
    failure_reason: instance.failureReason,
    created_at: instance.createdAt.toISOString(),
  };
}

export type OwnerInstanceJson = ReturnType<typeof toOwnerJson>;
