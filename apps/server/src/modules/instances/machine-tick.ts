import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { faNumber } from '../../lib/persian';
import { recordActivity } from '../activity/service';
import { findHost } from '../catalog/service';
import { enqueue } from '../jobs/queue';
import type { JobHandler } from '../jobs/registry';
import type { JobLog } from '../jobs/worker';
import { type Mailer, machineNoticeMail } from '../notifications/mail';
import { findUser } from '../users/queries';
import type { DriverResolver } from './driver';
import type { InstanceService } from './service';
import { type Instance, instanceSchedules, instances } from './tables';
import { tehranClock, WEEKDAY_NAMES } from './tehran-time';

export const TICK_JOB = 'instance.tick';
export const TICK_KEY = 'instances:tick';
/** Load at or above this share counts as work: below it for `idle_stop_minutes`, the machine stops. */
export const IDLE_LOAD_PERCENT = 10;

export interface MachineTickOptions {
  db: Database;
  instances: InstanceService;
  drivers: DriverResolver;
  mailer: Mailer;
  appUrl: string;
  clock?: () => Date;
  log?: JobLog;
}

/** The start of the next whole minute: when the next tick runs. */
export function nextMinute(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000);
}

/** Queues the tick unless one is queued or running (the worker calls this when it starts). */
export async function ensureTick(db: Database, now = new Date()): Promise<void> {
  await enqueue(db, TICK_JOB, {}, { singletonKey: TICK_KEY, runAt: nextMinute(now), maxAttempts: 3 });
}

/**
 * `instance.tick`, once a minute (docs/domain.md, idle auto-stop and schedules): machines idle for
 * their `idle_stop_minutes` are stopped; weekly schedules start and stop machines at their minute,
 * Tehran time. Both go through the owner's power request (its rules, activity, job and event), with
 * `via` saying why; a scheduled start the rules refuse is recorded once and mailed, not retried.
 * The next tick is queued in the transaction that ends this one, so exactly one is ever waiting.
 */
export function createMachineTickHandler(options: MachineTickOptions): JobHandler {
  const { db, instances: service, drivers, mailer, log } = options;
  const clock = options.clock ?? (() => new Date());

  async function notify(row: Instance, subject: string, lines: string[]) {
    const owner = await findUser(db, row.userId);
    if (!owner?.email) return;
    const url = `${options.appUrl.replace(/\/$/, '')}/panel/instances/${row.uuid}`;
    await mailer
      .send({ to: owner.email, ...machineNoticeMail({ name: owner.name, subject, lines, url }) })
      .catch((error) => log?.warn({ err: error, instanceId: row.id }, 'machine notice not sent'));
  }

  async function idleStops(now: Date) {
    const running = await db
      .select()
      .from(instances)
      .where(
        and(
          eq(instances.status, 'ready'),
          eq(instances.power, 'running'),
          isNotNull(instances.idleStopMinutes),
        ),
      );
    for (const row of running) {
      try {
        const host = row.resourceId ? await findHost(db, row.resourceId) : undefined;
        if (!host || !row.driverRef) continue;
        const { percent } = await drivers(host).load(row.driverRef);
        if (percent >= IDLE_LOAD_PERCENT) {
          await db.update(instances).set({ lastActiveAt: now }).where(eq(instances.id, row.id));
          continue;
        }
        const since = Math.max(
          row.lastActiveAt?.getTime() ?? 0,
          row.runningSince?.getTime() ?? now.getTime(),
        );
        if (now.getTime() - since < row.idleStopMinutes! * 60_000) continue;
        await service.requestPower({ id: row.userId }, row, 'stop', { via: 'idle', actorId: row.userId });
        await recordActivity(db, {
          event: 'instance:idle.stopped',
          actorId: null,
          subject: { type: 'instance', id: row.id },
          properties: { uuid: row.uuid, idle_minutes: row.idleStopMinutes, load_percent: percent },
        });
        await notify(row, `«${row.name}» به‌خاطر بیکاری خاموش شد`, [
          `سرور «${row.name}» ${faNumber(row.idleStopMinutes!)} دقیقه بیکار بود (بار پردازنده و کارت گرافیک زیر ${faNumber(IDLE_LOAD_PERCENT)}٪)، پس طبق تنظیم خاموشی خودکار خاموش شد تا هزینه‌ای بی‌جا از کیف پولتان کم نشود.`,
          'هر وقت خواستید، از پنل دوباره روشنش کنید.',
        ]);
      } catch (error) {
        log?.warn({ err: error, instanceId: row.id }, 'idle check failed for a machine');
      }
    }
  }

  async function schedules(now: Date) {
    const { weekday, time } = tehranClock(now);
    const yesterday = (weekday + 6) % 7;
    const due = await db
      .select()
      .from(instanceSchedules)
      .where(
        or(
          and(
            eq(instanceSchedules.weekday, weekday),
            or(eq(instanceSchedules.startTime, time), eq(instanceSchedules.stopTime, time)),
          ),
          // A stop earlier than its start is overnight: it falls on the next day.
          and(eq(instanceSchedules.weekday, yesterday), eq(instanceSchedules.stopTime, time)),
        ),
      );
    if (due.length === 0) return;
    const rows = await db
      .select()
      .from(instances)
      .where(inArray(instances.id, [...new Set(due.map((d) => d.instanceId))]));
    for (const entry of due) {
      const row = rows.find((r) => r.id === entry.instanceId);
      if (!row || row.status !== 'ready') continue;
      const overnight = entry.stopTime < entry.startTime;
      const start = entry.weekday === weekday && entry.startTime === time;
      const stop =
        entry.stopTime === time && (overnight ? entry.weekday === yesterday : entry.weekday === weekday);
      const action = start ? 'start' : stop ? 'stop' : null;
      if (!action) continue;
      if ((action === 'start' && row.power !== 'stopped') || (action === 'stop' && row.power !== 'running'))
        continue;
      try {
        await service.requestPower({ id: row.userId }, row, action, { via: 'schedule', actorId: row.userId });
        await recordActivity(db, {
          event: action === 'start' ? 'instance:schedule.started' : 'instance:schedule.stopped',
          actorId: null,
          subject: { type: 'instance', id: row.id },
          properties: { uuid: row.uuid, weekday: entry.weekday, time },
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await recordActivity(db, {
          event: 'instance:schedule.skipped',
          actorId: null,
          subject: { type: 'instance', id: row.id },
          properties: { uuid: row.uuid, action, reason, weekday: entry.weekday, time },
        });
        await notify(row, `برنامهٔ هفتگی «${row.name}» اجرا نشد`, [
          `قرار بود سرور «${row.name}» ${WEEKDAY_NAMES[weekday]} ساعت ${time.replace(/\d/g, (d) => faNumber(Number(d)))} ${action === 'start' ? 'روشن' : 'خاموش'} شود، اما نشد: ${reason}`,
        ]);
      }
    }
  }

  return async (_job, context) => {
    const now = clock();
    await idleStops(now);
    await schedules(now);
    await db.transaction(async (tx) => {
      await context.finish(tx);
      await enqueue(tx, TICK_JOB, {}, { singletonKey: TICK_KEY, runAt: nextMinute(now), maxAttempts: 3 });
    });
  };
}
