import { randomBytes } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDemo } from '../demo-seed';
import { encryptString } from '../lib/encryption';
import { hardwares, limitations, locations, ports, resources } from '../modules/catalog/tables';
import { type Instance, instances, simulatedMachines } from '../modules/instances/tables';
import { users } from '../modules/users/tables';
import { type Job, jobs } from '../platform/jobs/tables';

/**
 * The database side of the crash tests (tests/crash): a fresh PostgreSQL database with the demo
 * data and one host that takes every machine the test orders, a census of what the orders became,
 * and the machines and power jobs the power crash test watches. The server under test runs as a child process on the same database.
 */
export interface CrashFixture {
  url: string;
  db: DatabaseHandle['db'];
  /** The host every order lands on: the simulated driver, or proxmox with these settings. */
  useHost(driver: 'simulated' | 'proxmox', config: Record<string, unknown> | null): Promise<void>;
  census(uuids: string[]): Promise<MachineCensus[]>;
  /** A ready, stopped demo machine of the customer (the power crash test starts it). */
  stoppedMachine(): Promise<Instance>;
  machine(id: number): Promise<Instance | undefined>;
  /** The newest power job of a machine. */
  powerJob(instanceId: number): Promise<Job | undefined>;
  destroy(): Promise<void>;
}

export interface MachineCensus {
  uuid: string;
  status: string;
  power: string;
  driverRef: string | null;
  /** The ports this machine holds (reserved or bound): exactly its own one when all is well. */
  portsHeld: number;
  portStatus: string | null;
  /** Simulated machines the driver made for this uuid. */
  simulatedMachines: number;
}

export async function createCrashFixture(serverUrl: string, appKey: string): Promise<CrashFixture> {
  const name = `rf_crash_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  const handle = await openDatabase({ url });
  await runMigrations(handle);
  await seedDemo(handle.db);
  const db = handle.db;

  // Nothing but the test's own conditions may refuse an order.
  await db.delete(limitations);
  await db
    .update(users)
    .set({ balance: 500_000_000, kycStatus: 'approved' })
    .where(eq(users.email, 'customer@renderfarm.test'));
  const [plan] = await db.select().from(hardwares).where(eq(hardwares.slug, 'rtx-4090'));
  const [place] = await db.select().from(locations).where(eq(locations.code, 'thr1'));
  // The demo hosts of that plan and place stop taking machines: every order goes to the crash host.
  await db
    .update(resources)
    .set({ status: 'maintenance' })
    .where(and(eq(resources.hardwareId, plan!.id), eq(resources.locationId, place!.id)));
  const [host] = await db
    .insert(resources)
    .values({
      locationId: place!.id,
      hardwareId: plan!.id,
      name: 'crash-host',
      address: '10.66.0.1',
      capacity: 60,
      status: 'available',
    })
    .returning();
  await db.insert(ports).values(
    Array.from({ length: 60 }, (_, i) => ({
      resourceId: host!.id,
      publicIp: '203.0.113.9',
      publicPort: 45_000 + i,
    })),
  );

  return {
    url,
    db,
    async useHost(driver, config) {
      await db
        .update(resources)
        .set({ driver, driverConfig: config ? encryptString(appKey, JSON.stringify(config)) : null })
        .where(eq(resources.id, host!.id));
    },
    async census(uuids) {
      if (uuids.length === 0) return [];
      const rows = await db.select().from(instances).where(inArray(instances.uuid, uuids));
      const held = await db
        .select({ instanceId: ports.instanceId, status: ports.status })
        .from(ports)
        .where(ne(ports.status, 'free'));
      const made = await db
        .select({ uuid: simulatedMachines.instanceUuid })
        .from(simulatedMachines)
        .where(inArray(simulatedMachines.instanceUuid, uuids));
      return rows.map((row) => {
        const mine = held.filter((p) => p.instanceId === row.id);
        return {
          uuid: row.uuid,
          status: row.status,
          power: row.power,
          driverRef: row.driverRef,
          portsHeld: mine.length,
          portStatus: mine[0]?.status ?? null,
          simulatedMachines: made.filter((m) => m.uuid === row.uuid).length,
        };
      });
    },
    async stoppedMachine() {
      const [customer] = await db.select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
      const [machine] = await db
        .select()
        .from(instances)
        .where(
          and(
            eq(instances.userId, customer!.id),
            eq(instances.status, 'ready'),
            eq(instances.power, 'stopped'),
          ),
        );
      if (!machine) throw new Error('the demo customer has no stopped machine');
      return machine;
    },
    async machine(id) {
      return (await db.select().from(instances).where(eq(instances.id, id)))[0];
    },
    async powerJob(instanceId) {
      const rows = await db
        .select()
        .from(jobs)
        .where(eq(jobs.singletonKey, `instance:${instanceId}:power`))
        .orderBy(jobs.id);
      return rows.at(-1);
    },
    async destroy() {
      await handle.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
