import type { Database } from '../../db/client';
import { DEMO_INSTANCES, DEMO_SCHEDULES } from '../../db/demo-data';
import { recordActivity } from '../activity';
import type { DemoSeedContext } from '../app-module';
import { findHostByName, findImageByRef, firstFreePort, holdPort } from '../catalog';
import { BUSY_LOAD } from './simulated-driver';
import { instanceSchedules, instances, simulatedMachines } from './tables';

const DAY = 24 * 60;
/** Every demo machine was ordered this long ago (its row and its history agree). */
const ORDERED_MINUTES_AGO = 12 * DAY;

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
        failureCode: machine.failureCode,
        runningSince: since,
        powerChangedAt: since ?? now,
        // Ordered when its history says (seedHistory: twelve days ago).
        createdAt: new Date(now.getTime() - ORDERED_MINUTES_AGO * 60_000),
      })
      .returning({ id: instances.id, uuid: instances.uuid });
    await holdPort(db, port.id, row!.id, machine.status === 'ready' ? 'bound' : 'reserved');
    await seedHistory(db, demo, row!.id, machine);
    if (machine.driverRef) {
      // The simulated driver's own record of the machine, in the same state as the farm's.
      await db.insert(simulatedMachines).values({
        ref: machine.driverRef,
        hostId: host.id,
        instanceUuid: row!.uuid,
        power: machine.power,
        address: host.address,
        loadPercent: machine.power === 'running' ? BUSY_LOAD : 0,
      });
    }
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

/**
 * A believable past for a demo machine, so its page, the staff timeline and the usage list are not
 * empty: ordered days ago, made, then a few working sessions (the running one still open).
 */
async function seedHistory(
  db: Database,
  demo: DemoSeedContext,
  instanceId: number,
  machine: (typeof DEMO_INSTANCES)[number],
): Promise<void> {
  const at = (minutesAgo: number) => new Date(demo.now.getTime() - minutesAgo * 60_000);
  const entries: [string, number][] = [
    ['instance:created', ORDERED_MINUTES_AGO],
    ['instance:provision.started', ORDERED_MINUTES_AGO - 1],
  ];
  if (machine.status === 'provision_failed') {
    entries.push(['instance:provision.failed', ORDERED_MINUTES_AGO - 11]);
  } else {
    entries.push(['instance:provisioned', ORDERED_MINUTES_AGO - 4]);
    // Three earlier sessions: a long overnight render and two working days.
    for (const [start, length] of [
      [10 * DAY, 9 * 60],
      [6 * DAY, 14 * 60],
      [2 * DAY, 5 * 60],
    ] as const) {
      entries.push(['instance:power.started', start], ['instance:power.stopped', start - length]);
    }
    if (machine.runningForMinutes) entries.push(['instance:power.started', machine.runningForMinutes]);
  }
  for (const [event, minutesAgo] of entries) {
    await recordActivity(db, {
      event,
      actorId: event === 'instance:created' ? demo.userIds.get('customer')! : null,
      subject: { type: 'instance', id: instanceId },
      properties: { demo: true },
      at: at(minutesAgo),
    });
  }
}
