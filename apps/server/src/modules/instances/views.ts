import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hardwares, images, locations, ports } from '../catalog/tables';
import { allowedPowerActions } from './state-machine';
import { instances } from './tables';

/**
 * A machine as its owner sees it (SCREENS.md panel.instances.view without secrets): one query
 * joining the plan, location, image and public port. The catalog module has no readers for these
 * yet; when it does, the joins stay (one query per list) and only the columns move behind it.
 */
const columns = {
  instance: instances,
  plan: { title: hardwares.title, slug: hardwares.slug },
  location: { code: locations.code, name: locations.name },
  image: { name: images.name, os: images.os },
  port: { publicIp: ports.publicIp, publicPort: ports.publicPort, status: ports.status },
};

function viewQuery(db: Database, where: SQL | undefined) {
  return db
    .select(columns)
    .from(instances)
    .innerJoin(hardwares, eq(hardwares.id, instances.hardwareId))
    .innerJoin(locations, eq(locations.id, instances.locationId))
    .innerJoin(images, eq(images.id, instances.imageId))
    .leftJoin(ports, eq(ports.id, instances.portId))
    .where(where);
}

export type InstanceView = Awaited<ReturnType<typeof viewQuery>>[number];

/** The owner's machines, newest first, without deleted ones; one row more says another page exists. */
export async function listOwnViews(db: Database, userId: number, page: { limit: number; offset: number }) {
  return viewQuery(db, and(eq(instances.userId, userId), ne(instances.status, 'deleted')))
    .orderBy(desc(instances.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function findOwnView(
  db: Database,
  userId: number,
  uuid: string,
): Promise<InstanceView | undefined> {
  const [row] = await viewQuery(
    db,
    and(eq(instances.userId, userId), eq(instances.uuid, uuid), ne(instances.status, 'deleted')),
  );
  return row;
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
