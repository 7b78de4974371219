import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type Broadcaster, transactionWithBroadcasts } from '../../platform/broadcasting';
import type { Job } from '../../platform/jobs';
import {
  JobAbandonedError,
  type JobContext,
  type JobHandler,
  type JobLog,
  withFailedStep,
} from '../../platform/jobs';
import { recordActivity } from '../activity';
import { findHost } from '../catalog';
import type { DriverResolver, DriverStatus, InstanceDriver } from './driver';
import { failureCodeOf } from './driver-failure';
import { realSleep, waitForStatus } from './driver-wait';
import { InstanceDriverError, InstanceDriverTimeoutError } from './errors';
import { instanceUpdated } from './events';
import type { DriverFailureCode } from './failure-codes';
import { lockMachineAndOwner } from './machine-lock';
import { type PowerJobPayload, powerJobPayload } from './power-job-payload';
import { POWER_IN_PROGRESS, type PowerAction } from './state-machine';
import { type InstancePower, instances } from './tables';

export interface PowerJobOptions {
  db: Database;
  broadcaster: Broadcaster;
  drivers: DriverResolver;
  /** How long a machine may take to reach the asked state before the try counts as failed. */
  timeoutMs?: number;
  /** The pause between two status polls. */
  pollMs?: number;
  clock?: () => Date;
  /** Tests pass a sleep that moves their clock instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
  log?: JobLog;
}

const DONE: Record<PowerAction, string> = {
  start: 'instance:power.started',
  stop: 'instance:power.stopped',
  restart: 'instance:power.restarted',
};

const FAILED: Record<PowerAction, string> = {
  start: 'روشن کردن سرور انجام نشد',
  stop: 'خاموش کردن سرور انجام نشد',
  restart: 'راه‌اندازی دوبارهٔ سرور انجام نشد',
};

/** The Persian reason the owner reads; the driver's own words go to the job and the activity log. */
function failureReason(action: PowerAction, error: unknown): string {
  const cause =
    error instanceof InstanceDriverTimeoutError
      ? 'میزبان در مهلت مقرر پاسخ نداد'
      : error instanceof JobAbandonedError
        ? 'کار در میانهٔ راه متوقف شد'
        : 'میزبان سرور خطا داد';
  return `${FAILED[action]}: ${cause}. دوباره تلاش کنید و اگر مشکل ماند، تیکت پشتیبانی بفرستید.`;
}

/** How long one try may wait for the machine: past it (and with no job left), it is stuck. */
export const POWER_TIMEOUT_MS = 120_000;

/**
 * The `instance.power` job: asks the host's driver to start, stop or restart the machine, polls
 * until the machine is there (or the timeout), then settles power, running_since and the activity
 * log in one transaction that also ends the job. A failed try is retried with backoff; once the
 * job has failed for good (its last try threw, or its worker died in it) the failed step leaves
 * the machine in the state the driver reports (or the one it was in before the request) with a
 * failure_reason, so it never stays `starting` or `stopping` forever.
 */
export function createPowerJobHandler(options: PowerJobOptions): JobHandler {
  const { db, broadcaster, drivers } = options;
  const timeoutMs = options.timeoutMs ?? POWER_TIMEOUT_MS;
  const pollMs = options.pollMs ?? 1000;
  const clock = options.clock ?? (() => new Date());
  const sleep = options.sleep ?? realSleep;
  const log = options.log;

  const publishFailed = (error: unknown) => log?.warn({ err: error }, 'instance event not published');

  const waitFor = (driver: InstanceDriver, ref: string, target: DriverStatus) =>
    waitForStatus(driver, ref, target, { timeoutMs, pollMs, clock, sleep });

  /** Moves power in its own transaction (a restart's turn from stopping to starting). */
  async function setPower(instanceId: number, from: InstancePower, to: InstancePower): Promise<void> {
    await transactionWithBroadcasts(
      db,
      broadcaster,
      async (tx, broadcast) => {
        const row = await lockMachineAndOwner(tx, instanceId);
        if (!row || row.power !== from) return;
        const now = clock();
        const [updated] = await tx
          .update(instances)
          .set({ power: to, powerChangedAt: now, updatedAt: now })
          .where(eq(instances.id, instanceId))
          .returning();
        broadcast(instanceUpdated(updated!));
      },
      publishFailed,
    );
  }

  /** Writes the outcome and ends the job in one transaction; skipped if someone else moved the machine. */
  async function settle(
    job: Job,
    context: JobContext,
    payload: PowerJobPayload,
    outcome: {
      power: 'running' | 'stopped';
      failure?: { reason: string; error: string; code: DriverFailureCode };
    },
  ): Promise<void> {
    await transactionWithBroadcasts(
      db,
      broadcaster,
      async (tx, broadcast) => {
        const row = await lockMachineAndOwner(tx, payload.instanceId);
        if (row && row.status === 'ready' && POWER_IN_PROGRESS[payload.action].includes(row.power)) {
          const now = clock();
          const keepsRunning = outcome.failure && outcome.power === 'running' && row.runningSince;
          const [updated] = await tx
            .update(instances)
            .set({
              power: outcome.power,
              runningSince: outcome.power === 'running' ? (keepsRunning ? row.runningSince : now) : null,
              powerChangedAt: now,
              updatedAt: now,
              failureReason: outcome.failure?.reason ?? null,
              failureDetail: outcome.failure?.error ?? null,
              failureCode: outcome.failure?.code ?? null,
            })
            .where(eq(instances.id, row.id))
            .returning();
          await recordActivity(tx, {
            event: outcome.failure ? 'instance:power.failed' : DONE[payload.action],
            actorId: null,
            subject: { type: 'instance', id: row.id },
            properties: {
              uuid: row.uuid,
              action: payload.action,
              power: outcome.power,
              requested_by: payload.actorId,
              job: job.id,
              attempts: job.attempts,
              ...(outcome.failure ? { error: outcome.failure.error } : {}),
            },
          });
          broadcast(instanceUpdated(updated!, outcome.failure?.reason));
        }
        await context.finish(tx, outcome.failure ? { failed: outcome.failure.error } : undefined);
      },
      publishFailed,
    );
  }

  const run = async (job: Job, context: JobContext) => {
    const parsed = powerJobPayload.safeParse(job.payload);
    if (!parsed.success) {
      // Retrying cannot fix a malformed job.
      await context.finish(db, { failed: `invalid payload: ${parsed.error.message}` });
      return;
    }
    const payload = parsed.data;
    const [instance] = await db.select().from(instances).where(eq(instances.id, payload.instanceId));
    const target = instance
      ? { instance, host: instance.resourceId ? ((await findHost(db, instance.resourceId)) ?? null) : null }
      : undefined;
    const applies =
      instance?.status === 'ready' && POWER_IN_PROGRESS[payload.action].includes(instance.power);
    if (!instance || !applies) {
      // The machine moved on (deleted, suspended, settled by staff): nothing left to do.
      log?.info({ jobId: job.id, instanceId: payload.instanceId }, 'power job no longer applies');
      return;
    }

    // A thrown error is retried by the worker, and after the last try it runs `failed` below.
    const ref = instance.driverRef;
    if (!target?.host)
      throw new InstanceDriverError(`instance ${instance.id} has no host`, { failure: 'record_incomplete' });
    if (!ref)
      throw new InstanceDriverError(`instance ${instance.id} has no driver reference`, {
        failure: 'record_incomplete',
      });
    const driver = drivers({ ...target.host, driverConfig: target.host.driverConfig });
    // A restart recovered after its stop half already happened goes straight to starting.
    if (payload.action === 'stop' || (payload.action === 'restart' && instance.power === 'stopping')) {
      await driver.stop(ref, { force: payload.force });
      await waitFor(driver, ref, 'stopped');
      if (payload.action === 'restart') await setPower(instance.id, 'stopping', 'starting');
    }
    if (payload.action === 'start' || payload.action === 'restart') {
      await driver.start(ref);
      await waitFor(driver, ref, 'running');
    }
    await settle(job, context, payload, { power: payload.action === 'stop' ? 'stopped' : 'running' });
  };

  /** The machine settles where the driver says it is, or where it was before the request. */
  const failed = async (job: Job, context: JobContext, error: unknown) => {
    const parsed = powerJobPayload.safeParse(job.payload);
    if (!parsed.success) return;
    const payload = parsed.data;
    const [instance] = await db.select().from(instances).where(eq(instances.id, payload.instanceId));
    if (instance?.status !== 'ready' || !POWER_IN_PROGRESS[payload.action].includes(instance.power)) return;
    const observed = await observe(instance).catch(() => null);
    const power = observed === 'running' || observed === 'stopped' ? observed : await fallbackPower(payload);
    const message = error instanceof Error ? error.message : String(error);
    await settle(job, context, payload, {
      power,
      failure: { reason: failureReason(payload.action, error), error: message, code: failureCodeOf(error) },
    });
  };

  /** What the host says of the machine now (null when it cannot say). */
  async function observe(instance: typeof instances.$inferSelect): Promise<DriverStatus | null> {
    if (!instance.resourceId || !instance.driverRef) return null;
    const host = await findHost(db, instance.resourceId);
    if (!host) return null;
    return drivers({ ...host, driverConfig: host.driverConfig }).status(instance.driverRef);
  }

  return withFailedStep(run, failed);

  /** With no word from the driver, the machine is taken to be where it was before the request. */
  async function fallbackPower(payload: PowerJobPayload): Promise<'running' | 'stopped'> {
    if (payload.action === 'start') return 'stopped';
    if (payload.action === 'stop') return 'running';
    const [row] = await db
      .select({ power: instances.power })
      .from(instances)
      .where(eq(instances.id, payload.instanceId));
    // A restart that failed while starting has already stopped the machine.
    return row?.power === 'starting' ? 'stopped' : 'running';
  }
}
