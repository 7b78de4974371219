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
export type JobHandler = (job: Job, context: JobContext) => Promise<void>;

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
