import type { Database } from '../../db/client';
import { DEMO_INSTANCES, DEMO_SCHEDULES } from '../../db/demo-data';
import type { DemoSeedContext } from '../app-module';
import { findHostByName, findImageByRef, firstFreePort, holdPort } from '../catalog/service';
import { instanceSchedules, instances } from './tables';

/**
 * The demo customer's machines on the demo hosts, each holding the host's first free public port:
 * bound once the machine is ready, reserved while it is not.
 */
export async function seedDemoInstances(db: Database, demo: DemoSeedContext): Promise<void> {
  const { now } = demo;
  for (const machine of DEMO_INSTANCES) {
    const host = (await findHostByName(db, machine.host))!;
    const image = (await findImageByRef(db, machine.image))!;
    const port = (await firstFreePort(db, host.id))!;
    const since = machine.runningForMinutes
      ? new Date(now.getTime() - machine.runningForMinutes * 60_000)
      : null;
    const [row] = await db
      .insert(instances)
      .values({
        userId: demo.userIds.get('customer')!,
        hardwareId: host.hardwareId,
        locationId: host.locationId,
        imageId: image.id,
        resourceId: host.id,
        portId: port.id,
        name: machine.name,
        status: machine.status,
        power: machine.power,
        pricePerHour: host.pricePerHour,
        driverRef: machine.driverRef,
        failureReason: machine.failureReason,
        failureDetail: machine.failureDetail,
        runningSince: since,
        powerChangedAt: since ?? now,
      })
      .returning({ id: instances.id });
    await holdPort(db, port.id, row!.id, machine.status === 'ready' ? 'bound' : 'reserved');
    const schedule = DEMO_SCHEDULES[machine.name] ?? [];
    if (schedule.length > 0) {
      await db.insert(instanceSchedules).values(
        schedule.map((day) => ({
          instanceId: row!.id,
          weekday: day.weekday,
          startTime: day.start,
          stopTime: day.stop,
        })),
      );
    }
  }
}
