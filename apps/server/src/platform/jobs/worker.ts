import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, gte, inArray, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { JobContext, JobRegistry } from './registry';
import { onJobsEnqueued } from './signal';
import { type Job, jobs } from './tables';

export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface WorkerOptions {
  db: Database;
  handlers: JobRegistry;
  /** Written to `locked_by`: which process holds a job. Host, pid and a random suffix by default. */
  id?: string;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /** How often an idle worker looks for due jobs. */
  pollIntervalMs?: number;
  /**
   * How long a claimed job stays this worker's without a sign of life. A running job's lease is
   * renewed every `heartbeatMs`; a worker that dies stops renewing, and once the lease has passed
   * another worker claims the job again.
   */
  leaseMs?: number;
  heartbeatMs?: number;
  /** The wait before the next try after `attempts` failed tries. */
  backoffMs?: (attempts: number) => number;
  clock?: () => Date;
  log?: JobLog;
}

export interface Worker {
  readonly id: string;
  /** Polls for due jobs (and wakes when this process enqueues one) until `stop`. */
  start(): void;
  /** Stops claiming jobs and resolves once the jobs in flight have finished. */
  stop(): Promise<void>;
  /**
   * Claims and runs due jobs one after another until none is due; returns how many ran. For tests
   * and scripts that drive the queue step by step instead of polling.
   */
  drain(): Promise<number>;
}

/** 1 s, 2 s, 4 s… doubling per failed try, at most 10 minutes. */
export function exponentialBackoff(attempts: number, baseMs = 1000, maxMs = 10 * 60_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

const MAX_ERROR_LENGTH = 2000;

/** The error a failed step is given when the job's worker died during its last try. */
export class JobAbandonedError extends Error {
  constructor() {
    super('کارگر این کار در آخرین تلاش از کار افتاد (مهلت قفل گذشت).');
    this.name = 'JobAbandonedError';
  }
}
/**
 * Thrown by a handler whose try failed for a reason the process already reports once by itself
 * (Redis away: its watcher's «Redis lost»). The job is retried like any other failure, without a
 * line for each try; the last one, if it comes to that, is still logged as failed for good.
 */
export class QuietRetryError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message || cause.name : String(cause), { cause });
    this.name = 'QuietRetryError';
  }
}

const silent: JobLog = { info() {}, warn() {}, error() {} };

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

/**
 * A worker on the `jobs` table (docs/decisions/0006-job-queue.md). Claiming is one statement,
 * `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED LIMIT 1)`: concurrent workers, in this
 * process or others on the same PostgreSQL, skip each other's rows and never take the same job.
 */
export function createWorker(options: WorkerOptions): Worker {
  const { db, handlers } = options;
  const id = options.id ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const leaseMs = options.leaseMs ?? 60_000;
  const heartbeatMs = options.heartbeatMs ?? Math.max(10, Math.floor(leaseMs / 3));
  const backoffMs = options.backoffMs ?? ((attempts: number) => exponentialBackoff(attempts));
  const clock = options.clock ?? (() => new Date());
  const log = options.log ?? silent;

  const inFlight = new Set<Promise<void>>();
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let ticking: Promise<void> | undefined;
  let tickAgain = false;

  const later = (ms: number) => new Date(clock().getTime() + ms);
  const ours = (job: Job) => and(eq(jobs.id, job.id), eq(jobs.lockedBy, id), eq(jobs.state, 'running'));

  /** Names whose handler has a step for a job that failed for good. */
  const withFailed = () => handlers.names().filter((name) => handlers.get(name)?.failed);
  /** A lease that ran out on a job's last try: its worker died and nobody would ever finish it. */
  const abandoned = () =>
    and(eq(jobs.state, 'running'), lt(jobs.lockedUntil, clock()), gte(jobs.attempts, jobs.maxAttempts));

  /** Abandoned jobs without a failed step are simply marked failed. */
  async function failAbandoned(): Promise<void> {
    const stepped = withFailed();
    const failed = await db
      .update(jobs)
      .set({ state: 'failed', lastError: new JobAbandonedError().message, lockedBy: null, lockedUntil: null })
      .where(and(abandoned(), ...(stepped.length > 0 ? [notInArray(jobs.name, stepped)] : [])))
      .returning({ id: jobs.id, name: jobs.name });
    for (const job of failed) log.error({ jobId: job.id, job: job.name }, 'job abandoned by a dead worker');
  }

  /**
   * An abandoned job whose handler has a failed step, taken under a lease of its own (attempts
   * unchanged) to run that step: if this worker dies in it too, the next one runs it again.
   */
  async function claimAbandoned(): Promise<Job | undefined> {
    const names = withFailed();
    if (names.length === 0) return undefined;
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.name, names), abandoned()))
      .orderBy(asc(jobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await db
      .update(jobs)
      .set({ lockedBy: id, lockedUntil: later(leaseMs) })
      .where(eq(jobs.id, sql`(${due})`))
      .returning();
    if (job)
      log.error({ jobId: job.id, job: job.name }, 'job abandoned by a dead worker; running its failed step');
    return job;
  }

  async function claim(): Promise<Job | undefined> {
    const names = handlers.names();
    if (names.length === 0) return undefined;
    const now = clock();
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.name, names),
          or(
            and(eq(jobs.state, 'queued'), lte(jobs.runAt, now)),
            // A lease that ran out: the worker holding it died; the job is tried again.
            and(eq(jobs.state, 'running'), lt(jobs.lockedUntil, now), lt(jobs.attempts, jobs.maxAttempts)),
          ),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await db
      .update(jobs)
      .set({
        state: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedBy: id,
        lockedUntil: later(leaseMs),
      })
      .where(eq(jobs.id, sql`(${due})`))
      .returning();
    return job;
  }

  async function settle(job: Job, error: unknown): Promise<void> {
    const message = describeError(error);
    if (job.attempts < job.maxAttempts) {
      const delay = backoffMs(job.attempts);
      await db
        .update(jobs)
        .set({ state: 'queued', runAt: later(delay), lastError: message, lockedBy: null, lockedUntil: null })
        .where(ours(job));
      if (!(error instanceof QuietRetryError)) {
        log.warn(
          { jobId: job.id, job: job.name, attempts: job.attempts, retryInMs: delay, err: error },
          'job failed; will retry',
        );
      }
    } else {
      log.error({ jobId: job.id, job: job.name, attempts: job.attempts, err: error }, 'job failed for good');
      await failForGood(job, error);
    }
  }

  /** The handler's failed step, if it has one, then the job marked failed (unless the step did). */
  async function failForGood(job: Job, error: unknown): Promise<void> {
    const step = handlers.get(job.name)?.failed;
    if (step) {
      const heartbeat = keepLease(job);
      try {
        await step(job, { db, finish: (tx, outcome) => finishIn(tx, job, outcome) }, error);
      } catch (stepError) {
        log.error({ jobId: job.id, job: job.name, err: stepError }, 'failed step of a job failed');
      } finally {
        clearInterval(heartbeat);
      }
    }
    // A no-op when the step already ended the job in its own transaction.
    await db
      .update(jobs)
      .set({ state: 'failed', lastError: describeError(error), lockedBy: null, lockedUntil: null })
      .where(ours(job));
  }

  async function finishIn(tx: Database, job: Job, outcome?: { failed: string }): Promise<void> {
    await tx
      .update(jobs)
      .set(
        outcome
          ? {
              state: 'failed',
              lastError: outcome.failed.slice(0, MAX_ERROR_LENGTH),
              lockedBy: null,
              lockedUntil: null,
            }
          : { state: 'completed', completedAt: clock(), lastError: null, lockedBy: null, lockedUntil: null },
      )
      .where(ours(job));
  }

  /** Renews the job's lease while this worker is alive and busy with it. */
  function keepLease(job: Job): NodeJS.Timeout {
    const heartbeat = setInterval(() => {
      db.update(jobs)
        .set({ lockedUntil: later(leaseMs) })
        .where(ours(job))
        .catch((error) => log.warn({ jobId: job.id, err: error }, 'job lease not renewed'));
    }, heartbeatMs);
    heartbeat.unref();
    return heartbeat;
  }

  /** The failed step of a job abandoned on its last try; errors are logged, the lease covers the rest. */
  async function runAbandoned(job: Job): Promise<void> {
    await failForGood(job, new JobAbandonedError()).catch((error) =>
      log.error({ jobId: job.id, err: error }, 'job result not recorded; its lease will expire'),
    );
  }

  async function run(job: Job): Promise<void> {
    const handler = handlers.get(job.name);
    const heartbeat = keepLease(job);
    try {
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      const context: JobContext = { db, finish: (tx, outcome) => finishIn(tx, job, outcome) };
      await handler(job, context);
      clearInterval(heartbeat);
      // A no-op when the handler already finished the job in its own transaction.
      await finishIn(db, job);
    } catch (error) {
      clearInterval(heartbeat);
      await settle(job, error).catch((settleError) =>
        log.error({ jobId: job.id, err: settleError }, 'job result not recorded; its lease will expire'),
      );
    }
  }

  async function tick(): Promise<void> {
    try {
      await failAbandoned();
      while (started && !stopping && inFlight.size < concurrency) {
        const left = await claimAbandoned();
        // stop() may have come while that was asked: claim nothing new then.
        if (!left && stopping) break;
        const job = left ?? (await claim());
        if (!job) break;
        const running = (left ? runAbandoned(job) : run(job)).finally(() => {
          inFlight.delete(running);
          // A free slot: look for the next job now rather than at the next poll.
          if (started && !stopping) wake();
        });
        inFlight.add(running);
      }
    } catch (error) {
      log.error({ err: error }, 'job poll failed');
    }
  }

  function wake(): void {
    if (!started || stopping) return;
    if (ticking) {
      tickAgain = true;
      return;
    }
    clearTimeout(timer);
    ticking = tick().finally(() => {
      ticking = undefined;
      if (!started || stopping) return;
      if (tickAgain) {
        tickAgain = false;
        wake();
        return;
      }
      timer = setTimeout(wake, pollIntervalMs);
      timer.unref();
    });
  }

  return {
    id,
    start() {
      if (started) return;
      started = true;
      unsubscribe = onJobsEnqueued(wake);
      wake();
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      unsubscribe?.();
      await ticking;
      await Promise.allSettled([...inFlight]);
    },
    async drain() {
      let count = 0;
      await failAbandoned();
      for (;;) {
        const left = await claimAbandoned();
        const job = left ?? (await claim());
        if (!job) return count;
        count++;
        await (left ? runAbandoned(job) : run(job));
      }
    },
  };
}
