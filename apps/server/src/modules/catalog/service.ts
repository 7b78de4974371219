import { and, asc, count, eq, inArray, sql, sum } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { PlanSummary } from './contracts';
import { configs, hardwares, images, locations, ports, resources } from './tables';

/** A plan as every page names it (PlanSummary, docs/screens.md): specs and the hourly price in Rial. */
export function planSummary(h: typeof hardwares.$inferSelect): PlanSummary {
  return {
    slug: h.slug,
    title: h.title,
    gpu_model: h.gpuModel,
    gpu_count: h.gpuCount,
    vram_gb: h.vramGb,
    cpu_model: h.cpuModel,
    cpu_cores: h.cpuCores,
    ram_gb: h.ramGb,
    disk_gb: h.diskGb,
    price_per_hour: h.pricePerHour,
  };
}

export async function listActivePlans(db: Database, limit = 12): Promise<PlanSummary[]> {
  const rows = await db
    .select()
    .from(hardwares)
    .where(eq(hardwares.status, 'active'))
    .orderBy(asc(hardwares.sort), asc(hardwares.id))
    .limit(limit);
  return rows.map(planSummary);
}

export async function listActiveImages(db: Database) {
  const rows = await db.select().from(images).where(eq(images.isActive, true)).orderBy(asc(images.sort));
  return rows.map((i) => ({ name: i.name, os: i.os, software: i.software }));
}

export async function catalogStats(db: Database) {
  const [plans] = await db.select({ n: count() }).from(hardwares).where(eq(hardwares.status, 'active'));
  const [activeLocations] = await db
    .select({ n: count() })
    .from(locations)
    .where(eq(locations.isActive, true));
  const [hosts] = await db
    .select({ n: count() })
    .from(resources)
    .innerJoin(locations, eq(resources.locationId, locations.id))
    .where(and(eq(locations.isActive, true), eq(resources.status, 'available')));
  const [software] = await db.select({ n: count() }).from(images).where(eq(images.isActive, true));
  return { plans: plans!.n, locations: activeLocations!.n, hosts: hosts!.n, software: software!.n };
}

/** Settings marked public, shared with every page as `settings`. */
export async function publicSettings(db: Database): Promise<Record<string, unknown>> {
  const rows = await db.select().from(configs).where(eq(configs.isPublic, true));
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/** A host with what a machine placed on it takes from the catalog: plan, location, hourly price. */
export async function findHostByName(db: Database, name: string) {
  const [row] = await db
    .select({
      id: resources.id,
      hardwareId: resources.hardwareId,
      locationId: resources.locationId,
      address: resources.address,
      pricePerHour: hardwares.pricePerHour,
    })
    .from(resources)
    .innerJoin(hardwares, eq(hardwares.id, resources.hardwareId))
    .where(eq(resources.name, name));
  return row;
}

/** The software image a driver knows by this reference. */
export async function findImageByRef(db: Database, driverRef: string) {
  const [row] = await db.select({ id: images.id }).from(images).where(eq(images.driverRef, driverRef));
  return row;
}

/** The host's lowest free public port. */
export async function firstFreePort(db: Database, resourceId: number) {
  const [row] = await db
    .select({ id: ports.id })
    .from(ports)
    .where(and(eq(ports.resourceId, resourceId), eq(ports.status, 'free')))
    .orderBy(asc(ports.publicPort))
    .limit(1);
  return row;
}

/** Gives a port to a machine: reserved while it is being made, bound once it is ready. */
export async function holdPort(
  db: Database,
  portId: number,
  instanceId: number,
  status: 'reserved' | 'bound',
): Promise<void> {
  await db.update(ports).set({ instanceId, status }).where(eq(ports.id, portId));
}

/** What a machine shows of where it runs, for many machines at once: one lookup per kind, by id. */
export interface PlacementRefs {
  hardwareIds: number[];
  locationIds: number[];
  imageIds?: number[];
  portIds?: number[];
}

export async function placementDetails(db: Database, refs: PlacementRefs) {
  const [plans, places, softwares, publicPorts] = await Promise.all([
    rowsById(db, hardwares, refs.hardwareIds, { title: hardwares.title, slug: hardwares.slug }),
    rowsById(db, locations, refs.locationIds, { code: locations.code, name: locations.name }),
    rowsById(db, images, refs.imageIds, { name: images.name, os: images.os }),
    rowsById(db, ports, refs.portIds, {
      publicIp: ports.publicIp,
      publicPort: ports.publicPort,
      status: ports.status,
    }),
  ]);
  return { plans, locations: places, images: softwares, ports: publicPorts };
}

/** The chosen columns of the rows with these ids, by id; no query for an empty list. */
async function rowsById<Columns extends Record<string, AnyPgColumn>>(
  db: Database,
  table: typeof hardwares | typeof locations | typeof images | typeof ports,
  ids: number[] | undefined,
  columns: Columns,
) {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) return new Map<number, { [K in keyof Columns]: Columns[K]['_']['data'] }>();
  const rows = await db
    .select({ id: table.id, ...columns })
    .from(table as typeof hardwares)
    .where(inArray(table.id, unique));
  return new Map(
    rows.map(({ id, ...rest }) => [id, rest as unknown as { [K in keyof Columns]: Columns[K]['_']['data'] }]),
  );
}

/** A host by id, with its driver settings (for the jobs that talk to it). */
export async function findHost(db: Database, id: number) {
  const [host] = await db.select().from(resources).where(eq(resources.id, id));
  return host;
}

/** Per location, in display order: hosts' total capacity and how many are offline or in maintenance. */
export async function locationCapacity(db: Database) {
  return db
    .select({
      id: locations.id,
      code: locations.code,
      name: locations.name,
      capacity: sum(resources.capacity).mapWith(Number),
      offline:
        sql<number>`count(${resources.id}) filter (where ${resources.status} in ('offline', 'maintenance'))`.mapWith(
          Number,
        ),
    })
    .from(locations)
    .leftJoin(resources, eq(resources.locationId, locations.id))
    .groupBy(locations.id)
    .orderBy(asc(locations.sort), asc(locations.id));
}

/** The stored value of one setting (Admin/Configs), or undefined when it was never set. */
export async function readConfig(db: Database, key: string): Promise<unknown> {
  const [row] = await db.select({ value: configs.value }).from(configs).where(eq(configs.key, key));
  return row?.value;
}

/** Every software image with its id, active first then by display order (admin forms). */
export async function listActiveImagesWithIds(db: Database) {
  return db.select().from(images).where(eq(images.isActive, true)).orderBy(asc(images.sort), asc(images.id));
}

/** Every location in display order with whether it takes new things (drives pick one; inactive ones are refused). */
export async function listLocations(db: Database) {
  return db
    .select({ id: locations.id, code: locations.code, name: locations.name, isActive: locations.isActive })
    .from(locations)
    .orderBy(asc(locations.sort), asc(locations.id));
}
