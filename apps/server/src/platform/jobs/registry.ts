import type { Database } from '../../db/client';
import type { Job } from './tables';

/** What a handler gets besides the job: the database and a way to end the job in its own transaction. */
export interface JobContext {
  db: Database;
  /**
   * Marks the job completed (or failed) inside `tx`, the handler's own final transaction, so the
   * job ends exactly when its result is written. Without it the worker ends the job after the
   * handler returns, a moment after the result is visible: a second job with the same singleton
   * key enqueued in that moment would be taken for a duplicate.
   */
  finish(tx: Database, outcome?: { failed: string }): Promise<void>;
}

/**
 * Runs one job. Returning (or calling `finish`) completes it; throwing retries it with backoff
 * until `maxAttempts`, then fails it with the error's message. Handlers may run more than once
 * (a retry, a worker that died mid-job), so they must be safe to repeat.
 */
export type JobHandler = ((job: Job, context: JobContext) => Promise<void>) & {
  /** Runs once the job has failed for good (withFailedStep). */
  failed?: FailedJobStep;
};

/**
 * What a job leaves right when it fails for good: its last try threw, or its worker died during
 * the last try (`error` is then a JobAbandonedError). A job that moved something into a passing
 * state (a machine `starting`) moves it back here, or nothing ever would. The step ends the job
 * with `finish(tx, { failed })` in its own transaction; the worker marks it failed otherwise (also
 * when the step throws). It may run twice (its worker can die too), so it must be safe to repeat.
 */
export type FailedJobStep = (job: Job, context: JobContext, error: unknown) => Promise<void>;

/** A handler with the step it runs once its job has failed for good. */
export function withFailedStep(
  run: (job: Job, context: JobContext) => Promise<void>,
  failed: FailedJobStep,
): JobHandler {
  return Object.assign(run, { failed });
}

/** The handlers a worker can run, by job name. A worker claims only jobs it has a handler for. */
export class JobRegistry {
  private readonly handlers = new Map<string, JobHandler>();

  register(name: string, handler: JobHandler): this {
    if (this.handlers.has(name)) throw new Error(`job handler already registered: ${name}`);
    this.handlers.set(name, handler);
    return this;
  }

  get(name: string): JobHandler | undefined {
    return this.handlers.get(name);
  }

  names(): string[] {
    return [...this.handlers.keys()];
  }
}
