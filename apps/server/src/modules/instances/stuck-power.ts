import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type Broadcaster, transactionWithBroadcasts } from '../../platform/broadcasting';
import type { JobLog } from '../../platform/jobs';
import { liveSingletonKeys } from '../../platform/jobs';
import { recordActivity } from '../activity';
import { findHost } from '../catalog';
import type { DriverResolver, DriverStatus } from './driver';
import { instanceUpdated } from './events';
import { lockMachineAndOwner } from './machine-lock';
import { POWER_TIMEOUT_MS } from './power-job';
import { type Instance, instances } from './tables';

export interface StuckPowerOptions {
  db: Database;
  broadcaster: Broadcaster;
  drivers: DriverResolver;
  log?: JobLog | undefined;
  /** How long a change may go on with no job behind it; a power try's timeout by default. */
  stuckAfterMs?: number;
}

const UNFINISHED: Record<'starting' | 'stopping', string> = {
  starting: 'روشن شدن سرور ناتمام ماند؛ دوباره تلاش کنید و اگر مشکل ماند، تیکت پشتیبانی بفرستید.',
  stopping: 'خاموش شدن سرور ناتمام ماند؛ دوباره تلاش کنید و اگر مشکل ماند، تیکت پشتیبانی بفرستید.',
};

/**
 * The backstop for machines left `starting` or `stopping` with no power job queued or running for
 * longer than a try's timeout (a job lost some way its failed step could not cover, or a worker
 * that never came back): nothing would ever move them, and they allow no action. Each is asked of
 * its host and settled where the host says it is, or where it was before the change; the owner
 * reads why. Runs on the machine tick. Returns how many machines it repaired.
 */
export async function repairStuckPower(options: StuckPowerOptions, now: Date): Promise<number> {
  const { db, broadcaster, drivers, log } = options;
  const before = new Date(now.getTime() - (options.stuckAfterMs ?? POWER_TIMEOUT_MS));
  const candidates = await db
    .select()
    .from(instances)
    .where(
      and(
        eq(instances.status, 'ready'),
        inArray(instances.power, ['starting', 'stopping']),
        lt(instances.powerChangedAt, before),
      ),
    );
  if (candidates.length === 0) return 0;
  const live = await liveSingletonKeys(
    db,
    candidates.map((row) => powerKey(row.id)),
  );
  let repaired = 0;
  for (const row of candidates.filter((c) => !live.has(powerKey(c.id)))) {
    // Asked outside the transaction: a slow host must not hold the machine's row lock.
    const observed = await observe(row).catch(() => null);
    const done = await transactionWithBroadcasts(
      db,
      broadcaster,
      async (tx, broadcast) => {
        const current = await lockMachineAndOwner(tx, row.id);
        // Moved on meanwhile (a new request, staff, the job after all): not stuck any more.
        if (
          current?.status !== 'ready' ||
          current.power !== row.power ||
          current.powerChangedAt.getTime() !== row.powerChangedAt.getTime() ||
          (await liveSingletonKeys(tx, [powerKey(row.id)])).size > 0
        ) {
          return false;
        }
        const was = row.power as 'starting' | 'stopping';
        const power =
          observed === 'running' || observed === 'stopped'
            ? observed
            : was === 'starting'
              ? 'stopped'
              : 'running';
        const reached =
          (was === 'starting' && power === 'running') || (was === 'stopping' && power === 'stopped');
        const reason = reached ? null : UNFINISHED[was];
        const [updated] = await tx
          .update(instances)
          .set({
            power,
            runningSince: power === 'running' ? (current.runningSince ?? now) : null,
            powerChangedAt: now,
            updatedAt: now,
            failureReason: reason,
            failureDetail: reason
              ? `stuck ${was} since ${row.powerChangedAt.toISOString()} with no power job`
              : null,
            failureCode: reason ? 'power_stuck' : null,
          })
          .where(eq(instances.id, row.id))
          .returning();
        await recordActivity(tx, {
          event: 'instance:power.repaired',
          actorId: null,
          subject: { type: 'instance', id: row.id },
          properties: { uuid: row.uuid, from: was, power, observed, since: row.powerChangedAt.toISOString() },
        });
        broadcast(instanceUpdated(updated!, reason));
        return true;
      },
      (error) => log?.warn({ err: error }, 'instance event not published'),
    );
    if (done) {
      repaired++;
      log?.warn(
        { instanceId: row.id, from: row.power, observed },
        'machine stuck in a power change repaired',
      );
    }
  }
  return repaired;

  async function observe(row: Instance): Promise<DriverStatus | null> {
    if (!row.resourceId || !row.driverRef) return null;
    const host = await findHost(db, row.resourceId);
    if (!host) return null;
    return drivers({ ...host, driverConfig: host.driverConfig }).status(row.driverRef);
  }
}

const powerKey = (instanceId: number) => `instance:${instanceId}:power`;
