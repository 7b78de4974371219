import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { decryptString, encryptString } from '../../lib/encryption';
import { type Broadcaster, transactionWithBroadcasts } from '../../platform/broadcasting';
import type { JobHandler, JobLog } from '../../platform/jobs';
import { enqueue } from '../../platform/jobs';
import { recordActivity } from '../activity';
import { bindPort, findHost, findImage, findPlan, releaseParkedPort } from '../catalog';
import { newMachinePassword } from './connection';
import type { DriverResolver } from './driver';
import { failureCodeOf } from './driver-failure';
import { type DriverWaitOptions, realSleep, waitForStatus } from './driver-wait';
import { InstanceDriverError, InstanceDriverTimeoutError } from './errors';
import { alertRaised, instanceUpdated } from './events';
import { lockMachineAndOwner } from './machine-lock';
import { POWER_JOB, type PowerJobPayload } from './power-job-payload';
import { type Instance, instances } from './tables';

export const provisionJobPayload = z.object({
  instanceId: z.number().int().positive(),
  /** A reinstall: the driver's machine to destroy first (the new one gets the same uuid). */
  replaces: z.string().min(1).optional(),
  /** A move: the host the old machine is on, and its old port, freed once that machine is gone. */
  from: z.object({ resourceId: z.number().int().positive(), portId: z.number().int().positive() }).optional(),
});
export type ProvisionJobPayload = z.infer<typeof provisionJobPayload>;

export interface ProvisionJobOptions {
  db: Database;
  broadcaster: Broadcaster;
  drivers: DriverResolver;
  appKey: string;
  /** How long the driver may take to make the machine before the try counts as failed. */
  timeoutMs?: number;
  pollMs?: number;
  clock?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  log?: JobLog;
}

/** What the customer reads when provisioning gave up; the driver's words go to failure_detail. */
function failureReason(error: unknown): string {
  const cause =
    error instanceof InstanceDriverTimeoutError ? 'میزبان در مهلت مقرر پاسخ نداد' : 'میزبان سرور خطا داد';
  return `آماده‌سازی سرور انجام نشد: ${cause}. پشتیبانی در جریان است و سرور را دوباره می‌سازد؛ هزینه‌ای برای این سرور کم نشده است.`;
}

/**
 * The `instance.provision` job (docs/domain.md): pending → provisioning → ready, then a start.
 * Every step is safe to repeat after a crash: the password is written (encrypted) before the driver
 * is called so a retry sends the same one, the driver finds the machine it already made for the
 * instance's uuid instead of making another, and the ref is saved as soon as it is known. The
 * final transaction binds the port, marks the machine ready and starting, queues the power job
 * and ends this job together. After the last try the machine is `provision_failed` with the
 * reason kept, its port still reserved for an admin's retry, and admins get an alert.
 */
export function createProvisionJobHandler(options: ProvisionJobOptions): JobHandler {
  const { db, broadcaster, drivers, appKey, log } = options;
  const wait: DriverWaitOptions = {
    timeoutMs: options.timeoutMs ?? 10 * 60_000,
    pollMs: options.pollMs ?? 1000,
    clock: options.clock ?? (() => new Date()),
    sleep: options.sleep ?? realSleep,
  };
  const publishFailed = (error: unknown) => log?.warn({ err: error }, 'instance event not published');

  /** pending → provisioning with a password chosen; a resumed job keeps both. */
  async function begin(instanceId: number): Promise<Instance | undefined> {
    return transactionWithBroadcasts(
      db,
      broadcaster,
      async (tx, broadcast) => {
        const row = await lockMachineAndOwner(tx, instanceId);
        if (!row || (row.status !== 'pending' && row.status !== 'provisioning')) return undefined;
        if (row.status === 'provisioning' && row.passwordEncrypted) return row;
        const now = wait.clock();
        const [updated] = await tx
          .update(instances)
          .set({
            status: 'provisioning',
            passwordEncrypted: row.passwordEncrypted ?? encryptString(appKey, newMachinePassword()),
            failureReason: null,
            failureDetail: null,
            failureCode: null,
            powerChangedAt: now,
            updatedAt: now,
          })
          .where(eq(instances.id, row.id))
          .returning();
        if (row.status === 'pending') {
          await recordActivity(tx, {
            event: 'instance:provision.started',
            actorId: null,
            subject: { type: 'instance', id: row.id },
            properties: { uuid: row.uuid },
          });
          broadcast(instanceUpdated(updated!));
        }
        return updated;
      },
      publishFailed,
    );
  }

  return async (job, context) => {
    const parsed = provisionJobPayload.safeParse(job.payload);
    if (!parsed.success) {
      await context.finish(db, { failed: `invalid payload: ${parsed.error.message}` });
      return;
    }
    const instance = await begin(parsed.data.instanceId);
    if (!instance) {
      log?.info({ jobId: job.id, instanceId: parsed.data.instanceId }, 'provision job no longer applies');
      return;
    }
    try {
      const host = instance.resourceId ? await findHost(db, instance.resourceId) : undefined;
      if (!host || !instance.portId)
        throw new InstanceDriverError(`instance ${instance.id} has no host or port`, {
          failure: 'record_incomplete',
        });
      const [plan, image] = await Promise.all([
        findPlan(db, { id: instance.hardwareId }),
        findImage(db, instance.imageId),
      ]);
      if (!plan || !image)
        throw new InstanceDriverError(`instance ${instance.id} lost its plan or image`, {
          failure: 'record_incomplete',
        });
      const driver = drivers(host);
      const { replaces: replaced, from } = parsed.data;
      if (replaced && instance.driverRef === replaced) {
        // Reinstall or move: the old machine goes first (a repeated try finds it gone, which is
        // fine), so the uuid names no machine and provision makes a fresh one from the image.
        const oldHost = from ? await findHost(db, from.resourceId) : host;
        if (!oldHost)
          throw new InstanceDriverError(`instance ${instance.id}: old host ${from?.resourceId} is gone`, {
            failure: 'record_incomplete',
          });
        const oldDriver = drivers(oldHost);
        await oldDriver.stop(replaced, { force: true });
        await waitForStatus(oldDriver, replaced, 'stopped', wait);
        await oldDriver.destroy(replaced);
        await db.update(instances).set({ driverRef: null }).where(eq(instances.id, instance.id));
      }
      // A move: the old port held the old machine's place until now (a repeat is a no-op).
      if (from) await releaseParkedPort(db, from.portId);
      const { ref } = await driver.provision({
        instanceUuid: instance.uuid,
        name: instance.name,
        image: image.driverRef,
        cpuCores: plan.cpuCores,
        ramGb: plan.ramGb,
        diskGb: plan.diskGb,
        gpuCount: plan.gpuCount,
        username: instance.username,
        password: decryptString(appKey, instance.passwordEncrypted!),
      });
      if (instance.driverRef !== ref) {
        await db.update(instances).set({ driverRef: ref }).where(eq(instances.id, instance.id));
      }
      await waitForStatus(driver, ref, 'stopped', wait);
      await settleReady(instance.id, instance.portId, ref);
    } catch (error) {
      if (job.attempts < job.maxAttempts) throw error;
      await settleFailed(instance.id, error);
    }

    async function settleReady(instanceId: number, portId: number, ref: string) {
      await transactionWithBroadcasts(
        db,
        broadcaster,
        async (tx, broadcast) => {
          const row = await lockMachineAndOwner(tx, instanceId);
          if (row?.status === 'provisioning') {
            const now = wait.clock();
            await bindPort(tx, portId);
            const [updated] = await tx
              .update(instances)
              .set({
                status: 'ready',
                power: 'starting',
                driverRef: ref,
                powerChangedAt: now,
                updatedAt: now,
              })
              .where(eq(instances.id, row.id))
              .returning();
            await recordActivity(tx, {
              event: 'instance:provisioned',
              actorId: null,
              subject: { type: 'instance', id: row.id },
              properties: { uuid: row.uuid, job: job.id, attempts: job.attempts },
            });
            // The first start is an ordinary power job: its retries and failure handling apply.
            const start: PowerJobPayload = {
              instanceId: row.id,
              action: 'start',
              force: false,
              actorId: null,
            };
            await enqueue(tx, POWER_JOB, start, { singletonKey: `instance:${row.id}:power`, maxAttempts: 3 });
            broadcast(instanceUpdated(updated!));
          }
          await context.finish(tx);
        },
        publishFailed,
      );
    }

    async function settleFailed(instanceId: number, error: unknown) {
      const detail = error instanceof Error ? error.message : String(error);
      await transactionWithBroadcasts(
        db,
        broadcaster,
        async (tx, broadcast) => {
          const row = await lockMachineAndOwner(tx, instanceId);
          if (row?.status === 'provisioning') {
            const now = wait.clock();
            const reason = failureReason(error);
            const [updated] = await tx
              .update(instances)
              .set({
                status: 'provision_failed',
                failureReason: reason,
                failureDetail: detail,
                failureCode: failureCodeOf(error),
                powerChangedAt: now,
                updatedAt: now,
              })
              .where(eq(instances.id, row.id))
              .returning();
            await recordActivity(tx, {
              event: 'instance:provision.failed',
              actorId: null,
              subject: { type: 'instance', id: row.id },
              properties: { uuid: row.uuid, job: job.id, attempts: job.attempts, error: detail },
            });
            broadcast(instanceUpdated(updated!, reason));
            broadcast(
              alertRaised({
                kind: 'provision_failed',
                title: `آماده‌سازی سرور «${row.name}» ناموفق ماند`,
                instanceId: row.id,
                uuid: row.uuid,
              }),
            );
          }
          await context.finish(tx, { failed: detail });
        },
        publishFailed,
      );
    }
  };
}
