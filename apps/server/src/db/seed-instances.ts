import { and, asc, eq } from 'drizzle-orm';
import type { Database } from './client';
import { DEMO_INSTANCES } from './demo-data';
import { hardwares, images, instances, ports, resources } from './schema';

/**
 * The demo customer's machines (DEMO_INSTANCES) on the demo hosts, each holding the host's first
 * free public port: bound once the machine is ready, reserved while it is not.
 */
export async function seedDemoInstances(db: Database, customerId: number, now: Date): Promise<void> {
  for (const demo of DEMO_INSTANCES) {
    const [host] = await db
      .select({ host: resources, pricePerHour: hardwares.pricePerHour })
      .from(resources)
      .innerJoin(hardwares, eq(hardwares.id, resources.hardwareId))
      .where(eq(resources.name, demo.host));
    const [image] = await db.select({ id: images.id }).from(images).where(eq(images.driverRef, demo.image));
    const [port] = await db
      .select({ id: ports.id })
      .from(ports)
      .where(and(eq(ports.resourceId, host!.host.id), eq(ports.status, 'free')))
      .orderBy(asc(ports.publicPort))
      .limit(1);
    const [row] = await db
      .insert(instances)
      .values({
        userId: customerId,
        hardwareId: host!.host.hardwareId,
        locationId: host!.host.locationId,
        imageId: image!.id,
        resourceId: host!.host.id,
        portId: port!.id,
        name: demo.name,
        status: demo.status,
        power: demo.power,
        pricePerHour: host!.pricePerHour,
        driverRef: demo.driverRef,
        failureReason: demo.failureReason,
        runningSince: demo.runningForMinutes
          ? new Date(now.getTime() - demo.runningForMinutes * 60_000)
          : null,
        powerChangedAt: demo.runningForMinutes
          ? new Date(now.getTime() - demo.runningForMinutes * 60_000)
          : now,
      })
      .returning({ id: instances.id });
    await db
      .update(ports)
      .set({ instanceId: row!.id, status: demo.status === 'ready' ? 'bound' : 'reserved' })
      .where(eq(ports.id, port!.id));
  }
}
