import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * How a node's claim picks and takes its next task, in the order docs/render-jobs.md gives: scene
 * checks first, then express, then fair share (the customer served least recently), then age.
 *
 * It works job by job rather than over every queued task: the open jobs are few (one or a few a
 * customer) while their tasks may be 10,000s, so the first statement ranks the open jobs (no sort
 * over tasks), and for each job in that order one statement takes the job's oldest queued task
 * with `FOR UPDATE SKIP LOCKED` (the task index finds it; a task another claim holds is skipped,
 * so many nodes can take tasks of one big job at once, and no task is handed out twice).
 *
 * Fair share under concurrency: a claim first takes the customer's turn (their `render_turns` row,
 * `SKIP LOCKED`), so claims running at the same moment spread over different customers instead of
 * all reading the same "least recently served" customer. When every customer with work is taken by
 * claims in flight (fewer customers than nodes, or one customer's big job), a second pass takes a
 * task without the turn, so one customer's job still feeds every idle node.
 *
 * Only the task row is locked, never the job's: writers lock the job then its tasks, and a claim
 * that held a task while waiting for its job could deadlock with them. The job's own moves that a
 * claim causes (queued → active, paused for balance) happen after the claim, in the caller.
 */
export interface PickedTask {
  taskId: number;
  jobId: number;
  userId: number;
}

interface RankedJob {
  job_id: number;
  user_id: number;
  kind: 'check' | 'render';
}

/** How many ranked jobs one claim looks at before it gives up (each costs one statement). */
const JOBS_PER_CLAIM = 20;

export async function pickTask(
  tx: Database,
  input: { nodeId: number; now: Date; leaseUntil: Date },
): Promise<PickedTask | null> {
  const ranked = (
    await tx.execute<RankedJob & Record<string, unknown>>(sql`
      select j.id as job_id, j.user_id, case when j.status = 'checking' then 'check' else 'render' end as kind
      from render_jobs j
      left join render_turns r on r.user_id = j.user_id
      where j.status in ('checking', 'queued', 'active')
        and exists (select 1 from render_tasks t where t.job_id = j.id and t.status = 'queued')
        and not exists (select 1 from render_node_blocklist b where b.job_id = j.id and b.node_id = ${input.nodeId})
      order by (j.status = 'checking') desc, (j.priority = 'express') desc, r.served_at asc nulls first, j.id asc
      limit ${JOBS_PER_CLAIM}`)
  ).rows;
  for (const withTurn of [true, false]) {
    for (const job of ranked) {
      if (withTurn && !(await takeTurn(tx, Number(job.user_id), input.now))) continue;
      const taken = await takeTask(tx, Number(job.job_id), job.kind, input);
      if (taken !== null) {
        if (!withTurn) await markServed(tx, Number(job.user_id), input.now);
        return { taskId: taken, jobId: Number(job.job_id), userId: Number(job.user_id) };
      }
    }
  }
  return null;
}

/** The customer's turn, unless a claim in flight holds it: their turns row, locked and stamped. */
async function takeTurn(tx: Database, userId: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  // One statement in the common case (the customer has been served before and nobody holds it).
  const stamped = await tx.execute(sql`
    update render_turns set served_at = ${at}::timestamptz
    where user_id = (select user_id from render_turns where user_id = ${userId} for update skip locked)
    returning user_id`);
  if (stamped.rows.length > 0) return true;
  // No row yet (a first job), or another claim holds it: an insert tells which.
  const inserted = await tx.execute(
    sql`insert into render_turns (user_id, served_at) values (${userId}, ${at}::timestamptz)
        on conflict (user_id) do nothing returning user_id`,
  );
  return inserted.rows.length > 0;
}

/** Stamps the customer served when the turn was not free to take (never waits for it). */
async function markServed(tx: Database, userId: number, now: Date): Promise<void> {
  await tx.execute(sql`
    update render_turns set served_at = ${now.toISOString()}::timestamptz
    where user_id = (select user_id from render_turns where user_id = ${userId} for update skip locked)`);
}

/** The job's oldest queued task of that kind, taken for the node; null when every one is held. */
async function takeTask(
  tx: Database,
  jobId: number,
  kind: 'check' | 'render',
  input: { nodeId: number; now: Date; leaseUntil: Date },
): Promise<number | null> {
  const at = input.now.toISOString();
  const taken = await tx.execute<{ id: number }>(sql`
    update render_tasks t
    set status = 'active', node_id = ${input.nodeId}, lease_until = ${input.leaseUntil.toISOString()}::timestamptz,
      claimed_at = ${at}::timestamptz, started_at = coalesce(t.started_at, ${at}::timestamptz),
      attempts = t.attempts + 1, outputs = '[]'::jsonb, last_frame = null
    where t.id = (
      select id from render_tasks
      where job_id = ${jobId} and status = 'queued' and kind = ${kind}
      order by id
      limit 1
      for update skip locked)
    returning t.id`);
  const id = taken.rows[0]?.id;
  return id === undefined ? null : Number(id);
}
