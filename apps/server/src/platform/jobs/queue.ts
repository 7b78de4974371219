import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { notifyJobsEnqueued } from './signal';
import { type Job, jobs } from './tables';

export type { Job };

export interface EnqueueOptions {
  /**
   * At most one job with this key is queued or running; enqueueing another meanwhile returns the
   * existing one (e.g. `instance:12:power`: one power action per machine at a time).
   */
  singletonKey?: string | undefined;
  /** Not before this time (a delayed job); now when omitted. */
  runAt?: Date | undefined;
  /** Tries before the job is marked failed (the table's default, 5, when omitted). */
  maxAttempts?: number | undefined;
}

export interface EnqueueResult {
  job: Job;
  /** False when a job with the same singleton key was already queued or running. */
  created: boolean;
}

/**
 * Queues a job. Pass the caller's transaction as `db` to write the job together with the change
 * that needs it: the job then exists exactly when the change does. Inside a transaction, call
 * `notifyJobsEnqueued()` after the commit so this process's worker claims it without waiting for
 * its next poll (before the commit, no worker could see it).
 */
export async function enqueue(
  db: Database,
  name: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<EnqueueResult> {
  if (
    options.maxAttempts !== undefined &&
    (!Number.isInteger(options.maxAttempts) || options.maxAttempts < 1)
  ) {
    throw new RangeError(`maxAttempts must be a positive integer: ${options.maxAttempts}`);
  }
  const values = {
    name,
    payload,
    singletonKey: options.singletonKey ?? null,
    ...(options.runAt ? { runAt: options.runAt } : {}),
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
  };
  // The existing singleton may finish between the refused insert and the read: then insert again.
  for (let attempt = 0; attempt < 3; attempt++) {
    // The partial unique index on singleton_key is the only unique key a new row can collide
    // with; DO NOTHING waits for a concurrent inserter's commit instead of failing the transaction.
    const [inserted] = await db.insert(jobs).values(values).onConflictDoNothing().returning();
    if (inserted) {
      if (!(db instanceof PgTransaction)) notifyJobsEnqueued();
      return { job: inserted, created: true };
    }
    if (!options.singletonKey) break;
    const [existing] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.singletonKey, options.singletonKey), inArray(jobs.state, ['queued', 'running'])));
    if (existing) return { job: existing, created: false };
  }
  throw new Error(`could not enqueue ${name} (singleton ${options.singletonKey ?? 'none'})`);
}

/**
 * Removes jobs that are still queued, unclaimed: for work that got done another way before its
 * turn (an outbox entry whose event was published right after the commit). A job a worker has
 * already claimed is left alone.
 */
export async function discardQueued(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(jobs).where(and(inArray(jobs.id, ids), eq(jobs.state, 'queued')));
}

/** Which of these singleton keys have a job queued or running (work still under way). */
export async function liveSingletonKeys(db: Database, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: jobs.singletonKey })
    .from(jobs)
    .where(and(inArray(jobs.singletonKey, keys), inArray(jobs.state, ['queued', 'running'])));
  return new Set(rows.map((row) => row.key!));
}

/** Completed and failed jobs are history; this keeps the table from growing without end. */
export async function pruneFinished(db: Database, olderThan: Date): Promise<number> {
  const removed = await db
    .delete(jobs)
    .where(and(inArray(jobs.state, ['completed', 'failed']), lt(jobs.createdAt, olderThan)))
    .returning({ id: jobs.id });
  return removed.length;
}

/** The jobs that name this machine in their payload, newest first (Admin/Instances/View). */
export async function jobsForInstance(db: Database, instanceId: number, limit = 20): Promise<Job[]> {
  return db
    .select()
    .from(jobs)
    .where(sql`${jobs.payload}->>'instanceId' = ${String(instanceId)}`)
    .orderBy(desc(jobs.id))
    .limit(limit);
}
