import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { type Broadcaster, transactionWithBroadcasts } from '../../platform/broadcasting';
import type { JobHandler, JobLog } from '../../platform/jobs';
import { recordActivity } from '../activity';
import { findHost, releasePort } from '../catalog';
import type { DriverResolver } from './driver';
import { failureCodeOf } from './driver-failure';
import { type DriverWaitOptions, realSleep, waitForStatus } from './driver-wait';
import { alertRaised, instanceUpdated } from './events';
import type { DriverFailureCode } from './failure-codes';
import { lockMachineAndOwner } from './machine-lock';
import { instances } from './tables';

export const destroyJobPayload = z.object({
  instanceId: z.number().int().positive(),
  actorId: z.number().int().positive().nullable(),
});
export type DestroyJobPayload = z.infer<typeof destroyJobPayload>;

export interface DestroyJobOptions {
  db: Database;
  broadcaster: Broadcaster;
  drivers: DriverResolver;
  timeoutMs?: number;
  pollMs?: number;
  clock?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  log?: JobLog;
}

/**
 * The `instance.destroy` job: the machine is powered off (forced: the customer confirmed by name),
 * destroyed on its host, and in one transaction marked deleted with its port back in the pool and
 * the job ended. A machine the driver never made (failed before it had a ref) or no longer has
 * (a repeated job) skips straight to the bookkeeping. After the last try: `deletion_failed`, an
 * alert for admins, and the port stays held so nothing new lands on a half-deleted machine.
 */
export function createDestroyJobHandler(options: DestroyJobOptions): JobHandler {
  const { db, broadcaster, drivers, log } = options;
  const wait: DriverWaitOptions = {
    timeoutMs: options.timeoutMs ?? 5 * 60_000,
    pollMs: options.pollMs ?? 1000,
    clock: options.clock ?? (() => new Date()),
    sleep: options.sleep ?? realSleep,
  };
  const publishFailed = (error: unknown) => log?.warn({ err: error }, 'instance event not published');

  return async (job, context) => {
    const parsed = destroyJobPayload.safeParse(job.payload);
    if (!parsed.success) {
      await context.finish(db, { failed: `invalid payload: ${parsed.error.message}` });
      return;
    }
    const [instance] = await db.select().from(instances).where(eq(instances.id, parsed.data.instanceId));
    if (instance?.status !== 'deleting') {
      log?.info({ jobId: job.id, instanceId: parsed.data.instanceId }, 'destroy job no longer applies');
      return;
    }
    try {
      const host = instance.resourceId ? await findHost(db, instance.resourceId) : undefined;
      if (host && instance.driverRef) {
        const driver = drivers(host);
        await driver.stop(instance.driverRef, { force: true });
        await waitForStatus(driver, instance.driverRef, 'stopped', wait);
        await driver.destroy(instance.driverRef);
      }
      await settle(undefined);
    } catch (error) {
      if (job.attempts < job.maxAttempts) throw error;
      await settle(error instanceof Error ? error.message : String(error), failureCodeOf(error));
    }

    async function settle(failure: string | undefined, code?: DriverFailureCode) {
      await transactionWithBroadcasts(
        db,
        broadcaster,
        async (tx, broadcast) => {
          const row = await lockMachineAndOwner(tx, instance!.id);
          if (row?.status === 'deleting') {
            const now = wait.clock();
            const [updated] = await tx
              .update(instances)
              .set(
                failure
                  ? {
                      status: 'deletion_failed',
                      failureReason:
                        'حذف سرور ناتمام ماند؛ پشتیبانی در جریان است و هزینه‌ای برای آن کم نمی‌شود.',
                      failureDetail: failure,
                      // A driver's own cause when it named one; else the step that did not finish.
                      failureCode: code && code !== 'unknown' ? code : 'deletion_unfinished',
                      updatedAt: now,
                    }
                  : {
                      status: 'deleted',
                      power: 'stopped',
                      runningSince: null,
                      passwordEncrypted: null,
                      deletedAt: now,
                      powerChangedAt: now,
                      updatedAt: now,
                    },
              )
              .where(eq(instances.id, row.id))
              .returning();
            if (!failure && row.portId) await releasePort(tx, row.portId);
            await recordActivity(tx, {
              event: failure ? 'instance:delete.failed' : 'instance:deleted',
              actorId: null,
              subject: { type: 'instance', id: row.id },
              properties: {
                uuid: row.uuid,
                requested_by: parsed.data!.actorId,
                job: job.id,
                ...(failure ? { error: failure } : {}),
              },
            });
            broadcast(instanceUpdated(updated!));
            if (failure) {
              broadcast(
                alertRaised({
                  kind: 'deletion_failed',
                  title: `حذف سرور «${row.name}» ناتمام ماند`,
                  instanceId: row.id,
                  uuid: row.uuid,
                }),
              );
            }
          }
          await context.finish(tx, failure ? { failed: failure } : undefined);
        },
        publishFailed,
      );
    }
  };
}
