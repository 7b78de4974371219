import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { configs, hardwares, images, locations, ports, resources } from './tables';

/** A plan as pages see it: snake_case, Rial amounts (PROTOCOL.md conventions). */
export interface PlanSummary {
  slug: string;
  title: string;
  gpu_model: string;
  gpu_count: number;
  vram_gb: number;
  cpu_model: string;
  cpu_cores: number;
  ram_gb: number;
  disk_gb: number;
  price_per_hour: number;
}

export async function listActivePlans(db: Database, limit = 12): Promise<PlanSummary[]> {
  const rows = await db
    .select()
    .from(hardwares)
    .where(eq(hardwares.status, 'active'))
    .orderBy(asc(hardwares.sort), asc(hardwares.id))
    .limit(limit);
  return rows.map((h) => ({
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
  }));
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
