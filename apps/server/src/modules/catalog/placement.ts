import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hardwareImages, hardwares, images, locations, ports, resources } from './tables';

/**
 * Where a new machine goes (docs/domain.md, Instances: Make). A host has room while the ports it
 * holds for machines (reserved or bound) are fewer than its capacity: every machine holds exactly
 * one port of its host, so counting ports counts machines without reading the instances module.
 */

export type Plan = typeof hardwares.$inferSelect;
export type Location = typeof locations.$inferSelect;
export type Image = typeof images.$inferSelect;

/** A plan by slug or id (any status: the caller decides whether it may be ordered). */
export async function findPlan(db: Database, key: { slug?: string; id?: number }) {
  const where = key.id !== undefined ? eq(hardwares.id, key.id) : eq(hardwares.slug, key.slug ?? '');
  const [row] = await db.select().from(hardwares).where(where);
  return row;
}

export async function findLocation(db: Database, key: { code?: string; id?: number }) {
  const where = key.id !== undefined ? eq(locations.id, key.id) : eq(locations.code, key.code ?? '');
  const [row] = await db.select().from(locations).where(where);
  return row;
}

/** The active images a plan offers: those listed for it, or every active image when none are. */
export async function imagesForPlan(db: Database, hardwareId: number): Promise<Image[]> {
  const listed = await db
    .select({ imageId: hardwareImages.imageId })
    .from(hardwareImages)
    .where(eq(hardwareImages.hardwareId, hardwareId));
  const conditions = [eq(images.isActive, true)];
  if (listed.length > 0)
    conditions.push(
      inArray(
        images.id,
        listed.map((row) => row.imageId),
      ),
    );
  return db
    .select()
    .from(images)
    .where(and(...conditions))
    .orderBy(asc(images.sort), asc(images.id));
}

export async function findImage(db: Database, id: number) {
  const [row] = await db.select().from(images).where(eq(images.id, id));
  return row;
}

/** The ports of a host that hold a machine: what its capacity is measured against. */
const held = sql`(select count(*) from ${ports} where ${ports.resourceId} = ${resources.id} and ${ports.status} in ('reserved', 'bound'))`;
const hasFreePort = sql`exists (select 1 from ${ports} where ${ports.resourceId} = ${resources.id} and ${ports.status} = 'free')`;
/** A host that takes another machine now: available, under its capacity, with a free port. */
const takesMachine = and(
  eq(resources.status, 'available'),
  sql`${resources.capacity} > ${held}`,
  hasFreePort,
);

/**
 * Free places per plan and location right now: hosts that take new machines (available, in an
 * active location), their capacity less the machines they hold, bounded by their free ports.
 */
export async function freeSlots(db: Database) {
  const rows = await db
    .select({
      hardwareId: resources.hardwareId,
      locationId: resources.locationId,
      free: sql<number>`sum(greatest(0, least(${resources.capacity} - ${held}, (select count(*) from ${ports} where ${ports.resourceId} = ${resources.id} and ${ports.status} = 'free'))))`.mapWith(
        Number,
      ),
    })
    .from(resources)
    .innerJoin(locations, eq(locations.id, resources.locationId))
    .where(and(eq(resources.status, 'available'), eq(locations.isActive, true)))
    .groupBy(resources.hardwareId, resources.locationId);
  return rows;
}

/**
 * Low stock for Admin/Dash: each active plan in each active location where it has hosts but none
 * takes another machine now (all full, out of free ports, offline or in maintenance). A plan never
 * racked in a location is not offered there, so it is not an alert. One statement.
 */
export async function soldOutPlaces(db: Database) {
  const free = sql<number>`coalesce(sum(greatest(0, least(${resources.capacity} - ${held}, (select count(*) from ${ports} where ${ports.resourceId} = ${resources.id} and ${ports.status} = 'free')))) filter (where ${resources.status} = 'available'), 0)`;
  const rows = await db
    .select({
      plan: hardwares.title,
      slug: hardwares.slug,
      location: locations.name,
      code: locations.code,
      hosts: count(resources.id),
    })
    .from(resources)
    .innerJoin(hardwares, eq(hardwares.id, resources.hardwareId))
    .innerJoin(locations, eq(locations.id, resources.locationId))
    .where(and(eq(hardwares.status, 'active'), eq(locations.isActive, true)))
    .groupBy(hardwares.id, locations.id)
    .having(sql`${free} = 0`)
    .orderBy(asc(hardwares.sort), asc(hardwares.id), asc(locations.sort), asc(locations.id));
  return rows;
}

/**
 * Reserves a host and its lowest free port for a new machine, inside the caller's transaction.
 * Hosts are tried in order and locked with SKIP LOCKED, so concurrent Makes spread over hosts
 * instead of queueing on one; a host skipped only because it was locked is waited for in a second
 * pass, so a Make is told "no capacity" only when no host really has room. Capacity is counted
 * again after the lock (a new statement sees the other Makes' commits). Null: nowhere to place.
 */
export async function reserveHostAndPort(
  tx: Database,
  place: { hardwareId: number; locationId: number; instanceId: number },
): Promise<{ resourceId: number; portId: number; publicIp: string; publicPort: number } | null> {
  const candidates = await tx
    .select({ id: resources.id })
    .from(resources)
    .innerJoin(locations, eq(locations.id, resources.locationId))
    .where(
      and(
        eq(resources.hardwareId, place.hardwareId),
        eq(resources.locationId, place.locationId),
        eq(locations.isActive, true),
        takesMachine,
      ),
    )
    .orderBy(asc(resources.id));
  for (const wait of [false, true]) {
    for (const candidate of candidates) {
      const reserved = await tryHost(tx, candidate.id, place.instanceId, wait);
      if (reserved) return reserved;
    }
  }
  return null;
}

/** Thrown inside a host's savepoint to roll it back: the host turned out to have no room. */
class HostFull extends Error {}

/**
 * One host, in a savepoint: locked, counted, a port taken. A host without room is rolled back to
 * the savepoint, which releases its lock, so a Make waiting for a host in the second pass holds no
 * other host's lock — two Makes each holding a full host the other waits for deadlocked on
 * PostgreSQL under a rush (placement-rush.test.ts).
 */
async function tryHost(tx: Database, resourceId: number, instanceId: number, wait: boolean) {
  try {
    return await tx.transaction(async (savepoint) => {
      const locked = savepoint
        .select({ id: resources.id })
        .from(resources)
        .where(eq(resources.id, resourceId));
      const [host] = await (wait ? locked.for('update') : locked.for('update', { skipLocked: true }));
      if (!host) return null;
      const port = await takePort(savepoint, host.id, instanceId);
      if (!port) throw new HostFull();
      return { resourceId: host.id, ...port };
    });
  } catch (error) {
    if (error instanceof HostFull) return null;
    throw error;
  }
}

/** With the host locked: whether it still has room (a new statement sees other commits). */
async function hasRoom(tx: Database, resourceId: number): Promise<boolean> {
  const [room] = await tx
    .select({ ok: sql<boolean>`${resources.capacity} > ${held} and ${resources.status} = 'available'` })
    .from(resources)
    .where(eq(resources.id, resourceId));
  return room?.ok ?? false;
}

/**
 * With the host locked: a free port of it reserved for the machine (the one asked for, else the
 * lowest), if the host still has room.
 */
async function takePort(tx: Database, resourceId: number, instanceId: number, portId?: number | null) {
  if (!(await hasRoom(tx, resourceId))) return null;
  const [free] = await tx
    .select({ id: ports.id })
    .from(ports)
    .where(
      and(
        eq(ports.resourceId, resourceId),
        eq(ports.status, 'free'),
        portId ? eq(ports.id, portId) : undefined,
      ),
    )
    .orderBy(asc(ports.publicPort))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!free) return null;
  const [port] = await tx
    .update(ports)
    .set({ status: 'reserved', instanceId })
    .where(eq(ports.id, free.id))
    .returning({ portId: ports.id, publicIp: ports.publicIp, publicPort: ports.publicPort });
  return port!;
}

/**
 * Hosts a machine of this plan could move to (Admin/Instances/View): available, with room, and
 * their first free ports (an admin may pick one; none picked takes the lowest).
 */
export async function moveTargets(db: Database, hardwareId: number, portsEach = 20) {
  const hosts = await db
    .select({ id: resources.id, name: resources.name, location: locations.name })
    .from(resources)
    .innerJoin(locations, eq(locations.id, resources.locationId))
    .where(and(eq(resources.hardwareId, hardwareId), takesMachine))
    .orderBy(asc(locations.sort), asc(resources.name));
  if (hosts.length === 0) return [];
  const free = await db
    .select({
      id: ports.id,
      resourceId: ports.resourceId,
      publicIp: ports.publicIp,
      publicPort: ports.publicPort,
    })
    .from(ports)
    .where(
      and(
        inArray(
          ports.resourceId,
          hosts.map((h) => h.id),
        ),
        eq(ports.status, 'free'),
      ),
    )
    .orderBy(asc(ports.publicPort));
  return hosts.map((host) => ({
    ...host,
    ports: free.filter((p) => p.resourceId === host.id).slice(0, portsEach),
  }));
}

/** Why a chosen host cannot take a machine that an admin moves there. */
export type HostRefusal = 'no-host' | 'other-plan' | 'unavailable' | 'full' | 'port-taken';

/**
 * Reserves a place on one chosen host (an admin's move), inside the caller's transaction: the
 * host locked, of the machine's plan, available, with room; the chosen port if it is the host's
 * and free, else its lowest free one.
 */
export async function reserveOnHost(
  tx: Database,
  place: { resourceId: number; hardwareId: number; instanceId: number; portId?: number | null },
): Promise<
  | { ok: true; resourceId: number; locationId: number; portId: number; publicIp: string; publicPort: number }
  | { ok: false; refusal: HostRefusal }
> {
  const [host] = await tx.select().from(resources).where(eq(resources.id, place.resourceId)).for('update');
  if (!host) return { ok: false, refusal: 'no-host' };
  if (host.hardwareId !== place.hardwareId) return { ok: false, refusal: 'other-plan' };
  if (host.status !== 'available') return { ok: false, refusal: 'unavailable' };
  const port = await takePort(tx, host.id, place.instanceId, place.portId);
  if (port) return { ok: true, resourceId: host.id, locationId: host.locationId, ...port };
  // Nothing reserved: the host is full, or (with room left) the port asked for is not its free one.
  return { ok: false, refusal: place.portId && (await hasRoom(tx, host.id)) ? 'port-taken' : 'full' };
}

/**
 * A moved machine leaves its port: no machine points at it any more (one port per machine), but
 * it stays held (reserved) so its old host still counts the machine until the old VM is removed.
 */
export async function parkPort(tx: Database, portId: number): Promise<void> {
  await tx.update(ports).set({ instanceId: null, status: 'reserved' }).where(eq(ports.id, portId));
}

/** The old VM of a moved machine is gone: its parked port goes back to the pool (once). */
export async function releaseParkedPort(tx: Database, portId: number): Promise<void> {
  await tx
    .update(ports)
    .set({ status: 'free' })
    .where(and(eq(ports.id, portId), sql`${ports.instanceId} is null`, eq(ports.status, 'reserved')));
}

/** The machine is ready: its reserved port now forwards to it. */
export async function bindPort(tx: Database, portId: number): Promise<void> {
  await tx.update(ports).set({ status: 'bound' }).where(eq(ports.id, portId));
}

/** The machine is gone: its port goes back to the pool (a disabled port stays disabled). */
export async function releasePort(tx: Database, portId: number): Promise<void> {
  await tx
    .update(ports)
    .set({
      instanceId: null,
      status: sql`case when ${ports.status} = 'disabled' then 'disabled' else 'free' end`,
    })
    .where(eq(ports.id, portId));
}

/** The public address of a port (the connection box). */
export async function findPort(db: Database, portId: number) {
  const [row] = await db.select().from(ports).where(eq(ports.id, portId));
  return row;
}

/**
 * Everything the Make page offers, in display order: active plans (with the images each offers
 * and free places per location), active locations and active images. Four queries.
 */
export async function orderingCatalog(db: Database) {
  const [plans, places, softwares, offered, slots] = await Promise.all([
    db
      .select()
      .from(hardwares)
      .where(eq(hardwares.status, 'active'))
      .orderBy(asc(hardwares.sort), asc(hardwares.id)),
    db
      .select()
      .from(locations)
      .where(eq(locations.isActive, true))
      .orderBy(asc(locations.sort), asc(locations.id)),
    db.select().from(images).where(eq(images.isActive, true)).orderBy(asc(images.sort), asc(images.id)),
    db.select().from(hardwareImages),
    freeSlots(db),
  ]);
  const allImages = softwares.map((image) => image.id);
  return {
    plans: plans.map((plan) => {
      const listed = offered.filter((row) => row.hardwareId === plan.id).map((row) => row.imageId);
      return {
        plan,
        imageIds: listed.length > 0 ? allImages.filter((id) => listed.includes(id)) : allImages,
        free: new Map(
          slots.filter((slot) => slot.hardwareId === plan.id).map((slot) => [slot.locationId, slot.free]),
        ),
      };
    }),
    locations: places,
    images: softwares,
  };
}
