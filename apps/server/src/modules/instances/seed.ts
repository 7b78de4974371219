import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { DEMO_INSTANCES, DEMO_PAST_INSTANCES, DEMO_SCHEDULES } from '../../db/demo-data';
import { previousJalaliMonth } from '../../lib/jalali-month';
import { recordActivity } from '../activity';
import type { DemoSeedContext } from '../app-module';
import { findHostByName, findImageByRef, firstFreePort, holdPort, releasePort } from '../catalog';
import { BUSY_LOAD } from './simulated-driver';
import { instanceSchedules, instances, simulatedMachines } from './tables';

const DAY = 24 * 60;
const MINUTE_MS = 60_000;
/** Every demo machine was ordered this long ago (its row and its history agree). */
const ORDERED_MINUTES_AGO = 12 * DAY;

/**
 * The demo customer's machines on the demo hosts, each holding the host's first free public port:
 * bound once the machine is ready, reserved while it is not; then last month's machines, deleted
 * since. Every stretch a machine ran is played through its row (running, then stopped, at those
 * past times), so the usage sessions billing charges are the ones the database's trigger opened and
 * closed, as for any machine; billing's seed then charges them (billing/seed.ts).
 */
export async function seedDemoInstances(db: Database, demo: DemoSeedContext): Promise<void> {
  const { now } = demo;
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE_MS);
  for (const machine of DEMO_INSTANCES) {
    const host = (await findHostByName(db, machine.host))!;
    const image = (await findImageByRef(db, machine.image))!;
    const port = (await firstFreePort(db, host.id))!;
    const since = machine.runningForMinutes ? at(machine.runningForMinutes) : null;
    const made = machine.status === 'ready';
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
        // Off until its history has run (below): the sessions follow the power, as they always do.
        power: 'stopped',
        pricePerHour: host.pricePerHour,
        driverRef: machine.driverRef,
        failureReason: machine.failureReason,
        failureDetail: machine.failureDetail,
        failureCode: machine.failureCode,
        powerChangedAt: made ? at(ORDERED_MINUTES_AGO - 4) : now,
        // Ordered when its history says (twelve days ago).
        createdAt: at(ORDERED_MINUTES_AGO),
      })
      .returning({ id: instances.id, uuid: instances.uuid });
    await holdPort(db, port.id, row!.id, made ? 'bound' : 'reserved');
    const events: [string, Date][] = [
      ['instance:created', at(ORDERED_MINUTES_AGO)],
      ['instance:provision.started', at(ORDERED_MINUTES_AGO - 1)],
    ];
    if (!made) {
      events.push(['instance:provision.failed', at(ORDERED_MINUTES_AGO - 11)]);
    } else {
      events.push(['instance:provisioned', at(ORDERED_MINUTES_AGO - 4)]);
      let lastStop = at(ORDERED_MINUTES_AGO - 4);
      for (const [ago, length] of machine.pastRuns) {
        lastStop = at(ago - length);
        await runStretch(db, row!.id, at(ago), lastStop);
        events.push(['instance:power.started', at(ago)], ['instance:power.stopped', lastStop]);
      }
      if (since) events.push(['instance:power.started', since]);
      await db
        .update(instances)
        .set({
          power: machine.power,
          runningSince: since,
          powerChangedAt: since ?? lastStop,
        })
        .where(eq(instances.id, row!.id));
    }
    await recordHistory(db, demo, row!.id, events);
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
  await seedDeletedMachines(db, demo);
}

/**
 * Last month's machines: ordered, made, run once, stopped, and deleted two days later by their
 * owner, as the destroy job leaves a machine (status `deleted`, port back in the pool, password
 * forgotten); the row stays, so what they were charged names them.
 */
async function seedDeletedMachines(db: Database, demo: DemoSeedContext): Promise<void> {
  const month = previousJalaliMonth(demo.now);
  const customerId = demo.userIds.get('customer')!;
  for (const machine of DEMO_PAST_INSTANCES) {
    const host = (await findHostByName(db, machine.host))!;
    const image = (await findImageByRef(db, machine.image))!;
    const port = (await firstFreePort(db, host.id))!;
    const started = new Date(month.start.getTime() + (machine.day * DAY + machine.hour * 60) * MINUTE_MS);
    const stopped = new Date(started.getTime() + machine.minutes * MINUTE_MS);
    const minutes = (n: number) => new Date(started.getTime() + n * MINUTE_MS);
    const deleteAsked = new Date(stopped.getTime() + 2 * DAY * MINUTE_MS);
    const deleted = new Date(deleteAsked.getTime() + 2 * MINUTE_MS);
    const [row] = await db
      .insert(instances)
      .values({
        userId: customerId,
        hardwareId: host.hardwareId,
        locationId: host.locationId,
        imageId: image.id,
        resourceId: host.id,
        portId: port.id,
        name: machine.name,
        status: 'ready',
        power: 'stopped',
        pricePerHour: host.pricePerHour,
        powerChangedAt: minutes(-1),
        createdAt: minutes(-6),
      })
      .returning({ id: instances.id });
    await holdPort(db, port.id, row!.id, 'bound');
    await runStretch(db, row!.id, started, stopped);
    await db
      .update(instances)
      .set({ status: 'deleted', deletedAt: deleted, powerChangedAt: deleted, updatedAt: deleted })
      .where(eq(instances.id, row!.id));
    await releasePort(db, port.id);
    await recordHistory(db, demo, row!.id, [
      ['instance:created', minutes(-6)],
      ['instance:provision.started', minutes(-5)],
      ['instance:provisioned', minutes(-1)],
      ['instance:power.started', started],
      ['instance:power.stopped', stopped],
      ['instance:delete.requested', deleteAsked],
      ['instance:deleted', deleted],
    ]);
  }
}

/**
 * One stretch of running in the past, through the machine's row: on at `from`, off at `to`. The
 * database's trigger opens the usage session at `running_since` and closes it at `power_changed_at`.
 */
async function runStretch(db: Database, instanceId: number, from: Date, to: Date): Promise<void> {
  await db
    .update(instances)
    .set({ power: 'running', runningSince: from, powerChangedAt: from })
    .where(eq(instances.id, instanceId));
  await db
    .update(instances)
    .set({ power: 'stopped', runningSince: null, powerChangedAt: to })
    .where(eq(instances.id, instanceId));
}

/** A demo machine's activity entries (its staff timeline and its page's history). */
async function recordHistory(
  db: Database,
  demo: DemoSeedContext,
  instanceId: number,
  events: [string, Date][],
): Promise<void> {
  const customerId = demo.userIds.get('customer')!;
  for (const [event, at] of events) {
    await recordActivity(db, {
      event,
      // The owner ordered and deleted; the rest the farm did.
      actorId: event === 'instance:created' || event === 'instance:delete.requested' ? customerId : null,
      subject: { type: 'instance', id: instanceId },
      properties: { demo: true },
      at,
    });
  }
}
