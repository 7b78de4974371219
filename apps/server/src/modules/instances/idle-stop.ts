import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import { faNumber } from '../../lib/persian';
import type { JobLog } from '../../platform/jobs';
import { recordActivity } from '../activity';
import { findHost } from '../catalog';
import type { DriverResolver } from './driver';
import { noticeOwner } from './owner-notice';
import type { InstanceService } from './service';
import { type Instance, instances } from './tables';

/**
 * Idle auto-stop (docs/domain.md): a running machine whose owner set `idle_stop_minutes` is
 * stopped once its driver has reported a load under IDLE_LOAD_THRESHOLD for that long. Run every
 * minute by the machine tick (machine-tick-job.ts); the stop is the customer's own stop request
 * (state machine, row locks, the power job), asked by the farm (no actor, `via: 'idle'`).
 */

/** CPU/GPU load, in percent, at or above which a machine counts as working. */
export const IDLE_LOAD_THRESHOLD = 10;

/** Driver calls at once: a slow host holds up a few machines, not the whole tick. */
const PARALLEL_LOADS = 8;

export interface IdleStopOptions {
  db: Database;
  drivers: DriverResolver;
  requestPower: InstanceService['requestPower'];
  log?: JobLog | undefined;
}

/** Since when the machine has been idle: its last busy minute, or the start of this run. */
function idleSince(row: Pick<Instance, 'lastActiveAt' | 'runningSince' | 'powerChangedAt'>): Date {
  const started = row.runningSince ?? row.powerChangedAt;
  return row.lastActiveAt && row.lastActiveAt > started ? row.lastActiveAt : started;
}

function idleFor(row: Instance, now: Date): number | null {
  if (row.idleStopMinutes === null || row.status !== 'ready') return null;
  const minutes = Math.floor((now.getTime() - idleSince(row).getTime()) / 60_000);
  return minutes >= row.idleStopMinutes ? minutes : null;
}

/** Thrown inside the stop's transaction when the locked row no longer qualifies: rolls it back. */
class NoLongerIdle extends Error {}

/**
 * One pass over the running machines with an idle limit (`skip`: machines the schedule has just
 * acted on). Returns the ids it asked to stop.
 */
export async function runIdleStop(options: IdleStopOptions, now: Date, skip: ReadonlySet<number>) {
  const { db, drivers, log } = options;
  const candidates = (
    await db
      .select()
      .from(instances)
      .where(
        and(
          eq(instances.status, 'ready'),
          eq(instances.power, 'running'),
          isNotNull(instances.idleStopMinutes),
          isNotNull(instances.driverRef),
          isNotNull(instances.resourceId),
        ),
      )
  ).filter((row) => !skip.has(row.id));
  const hosts = new Map<number, Awaited<ReturnType<typeof findHost>>>();
  const stopped: number[] = [];

  async function check(row: Instance): Promise<void> {
    if (!hosts.has(row.resourceId!)) hosts.set(row.resourceId!, await findHost(db, row.resourceId!));
    const host = hosts.get(row.resourceId!);
    if (!host) return;
    let percent: number;
    try {
      percent = (await drivers(host).load(row.driverRef!)).percent;
    } catch (error) {
      // Without a reading the machine is given the benefit of the doubt: never stopped blind.
      log?.warn({ err: error, instanceId: row.id }, 'idle check: load not read');
      return;
    }
    if (percent >= IDLE_LOAD_THRESHOLD) {
      await db
        .update(instances)
        .set({ lastActiveAt: now })
        .where(and(eq(instances.id, row.id), eq(instances.power, 'running')));
      return;
    }
    if (idleFor(row, now) === null) return;
    try {
      await options.requestPower({ id: row.userId }, { id: row.id }, 'stop', {
        actorId: null,
        via: 'idle',
        inTransaction: async (tx, locked, broadcast) => {
          // The owner may have changed the limit, or the machine restarted, since the reading.
          // (The request has just moved power_changed_at: the reading's own value stands in.)
          const minutes = idleFor({ ...locked, powerChangedAt: row.powerChangedAt }, now);
          if (minutes === null) throw new NoLongerIdle();
          await recordActivity(tx, {
            event: 'instance:idle.stopped',
            actorId: null,
            subject: { type: 'instance', id: locked.id },
            properties: {
              uuid: locked.uuid,
              idle_minutes: minutes,
              idle_stop_minutes: locked.idleStopMinutes,
              load_percent: percent,
              idle_since: idleSince({ ...locked, powerChangedAt: row.powerChangedAt }).toISOString(),
            },
          });
          await noticeOwner(tx, broadcast, {
            userId: locked.userId,
            uuid: locked.uuid,
            key: `idle-${locked.id}-${now.getTime()}`,
            title: `سرور «${locked.name}» خاموش شد`,
            body: `این سرور ${faNumber(minutes)} دقیقه بیکار ماند (بار پردازنده و کارت گرافیک زیر ${faNumber(IDLE_LOAD_THRESHOLD)}٪) و طبق تنظیم خاموشی خودکار خاموش شد تا هزینهٔ بیکاری از کیف پول شما کم نشود. هر وقت خواستید دوباره روشنش کنید.`,
          });
        },
      });
      stopped.push(row.id);
    } catch (error) {
      // Someone moved the machine first (the owner stopped it, staff suspended it): nothing to do.
      if (error instanceof NoLongerIdle || error instanceof DomainError) return;
      throw error;
    }
  }

  for (let i = 0; i < candidates.length; i += PARALLEL_LOADS) {
    const results = await Promise.allSettled(candidates.slice(i, i + PARALLEL_LOADS).map(check));
    for (const result of results) {
      if (result.status === 'rejected') log?.error({ err: result.reason }, 'idle check failed');
    }
  }
  return stopped;
}
