import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { faToman } from '../../lib/persian';
import type { BroadcastEvent } from '../../platform/broadcasting';
import { notify } from '../notifications';
import { type JobProgress, jobUpdated, taskUpdated } from './events';
import { canChangeJob } from './state-machine';
import { type RenderJob, type RenderJobStatus, renderJobs, renderTasks } from './tables';

/**
 * Writes shared by the node protocol (manager.ts), the customer's service and the minute job:
 * each runs in the caller's transaction and queues its events on the caller's after-commit
 * publisher, so a change and its word to the pages go together.
 */

export type Publish = (event: BroadcastEvent) => void;

/** The last lines of a log, short enough for a page and a notification. */
export function logTail(lines: string | readonly string[] | null | undefined, max = 40): string {
  const all = (Array.isArray(lines) ? lines.join('\n') : String(lines ?? '')).split(/\r?\n/);
  const tail = all.slice(-max).join('\n');
  return tail.length > 4000 ? tail.slice(-4000) : tail;
}

/** Frames done and tasks failed of a job, as its events and pages count them. */
export async function jobProgress(tx: Database, job: RenderJob): Promise<JobProgress> {
  const [row] = await tx
    .select({
      done: sql<number>`coalesce(sum(case when ${renderTasks.status} = 'completed' then (${renderTasks.frameEnd} - ${renderTasks.frameStart}) / ${renderTasks.frameStep} + 1 else 0 end), 0)::int`,
      failed: sql<number>`count(*) filter (where ${renderTasks.status} = 'failed')::int`,
    })
    .from(renderTasks)
    .where(and(eq(renderTasks.jobId, job.id), eq(renderTasks.kind, 'render')));
  return {
    status: job.status,
    done: row?.done ?? 0,
    total: job.framesTotal,
    failed: row?.failed ?? 0,
    cost: job.cost,
  };
}

export async function publishJob(tx: Database, publish: Publish, job: RenderJob): Promise<void> {
  publish(jobUpdated(job, await jobProgress(tx, job)));
}

/**
 * Moves a job to `to` if its state machine allows it (else returns null: someone else moved it
 * first, and the caller leaves it be), and tells its pages.
 */
export async function moveJob(
  tx: Database,
  publish: Publish,
  job: RenderJob,
  to: RenderJobStatus,
  set: Partial<typeof renderJobs.$inferInsert> = {},
  now = new Date(),
): Promise<RenderJob | null> {
  if (!canChangeJob(job.status, to)) return null;
  const finished = to === 'completed' || to === 'failed' || to === 'canceled';
  const [moved] = await tx
    .update(renderJobs)
    .set({
      status: to,
      updatedAt: now,
      ...(to === 'paused' ? {} : { pauseReason: null }),
      ...(finished ? { finishedAt: now } : {}),
      ...set,
    })
    .where(and(eq(renderJobs.id, job.id), eq(renderJobs.status, job.status)))
    .returning();
  if (!moved) return null;
  await publishJob(tx, publish, moved);
  return moved;
}

/** Cancels a job's tasks that have not finished (their nodes hear `cancel` on their next call). */
export async function cancelOpenTasks(tx: Database, publish: Publish, job: RenderJob, now = new Date()) {
  const canceled = await tx
    .update(renderTasks)
    .set({ status: 'canceled', nodeId: null, leaseUntil: null, finishedAt: now })
    .where(and(eq(renderTasks.jobId, job.id), inArray(renderTasks.status, ['queued', 'active'])))
    .returning({ uuid: renderTasks.uuid, status: renderTasks.status });
  for (const task of canceled) publish(taskUpdated(job, task));
  return canceled.length;
}

/** Active tasks go back to the queue unfailed (the job was paused); their nodes hear `cancel`. */
export async function requeueActiveTasks(tx: Database, publish: Publish, job: RenderJob) {
  const back = await tx
    .update(renderTasks)
    .set({ status: 'queued', nodeId: null, leaseUntil: null, outputs: [] })
    .where(and(eq(renderTasks.jobId, job.id), eq(renderTasks.status, 'active')))
    .returning({ uuid: renderTasks.uuid, status: renderTasks.status });
  for (const task of back) publish(taskUpdated(job, task));
}

const jobPath = (job: RenderJob) => `/panel/jobs/${job.uuid}`;

/** A word to the job's owner (bell, and mail by their choice): done, failed, paused for balance. */
export function noticeOwner(
  tx: Database,
  publish: Publish,
  job: RenderJob,
  notice: { title: string; body: string; key: string },
) {
  return notify(tx, publish, {
    userId: job.userId,
    event: 'render_job',
    path: jobPath(job),
    action: 'دیدن رندر',
    ...notice,
  });
}

/** Fails the job: the rest of its tasks are cancelled and its owner told why, with the log. */
export async function failJob(
  tx: Database,
  publish: Publish,
  job: RenderJob,
  reason: string,
  log: string | null,
  now = new Date(),
): Promise<RenderJob | null> {
  const failed = await moveJob(tx, publish, job, 'failed', { failureReason: reason }, now);
  if (!failed) return null;
  await cancelOpenTasks(tx, publish, failed, now);
  const tail = log ? `\n\nآخرین خطوط گزارش Blender:\n${logTail(log, 12)}` : '';
  await noticeOwner(tx, publish, failed, {
    title: `رندر «${job.name}» ناموفق ماند`,
    body: `${reason}${job.cost > 0 ? ` تا این‌جا ${faToman(job.cost)} برای فریم‌های ساخته‌شده پرداخت شده است.` : ' هزینه‌ای از شما کم نشد.'}${tail}`,
    key: `render:${job.uuid}:failed:${now.getTime()}`,
  });
  return failed;
}

/** Pauses a job whose next task the owner's balance cannot cover; resumed on top-up (balance-job.ts). */
export async function pauseForBalance(
  tx: Database,
  publish: Publish,
  job: RenderJob,
  needed: number,
  now = new Date(),
): Promise<RenderJob | null> {
  const paused = await moveJob(tx, publish, job, 'paused', { pauseReason: 'balance' }, now);
  if (!paused) return null;
  await requeueActiveTasks(tx, publish, paused);
  await noticeOwner(tx, publish, paused, {
    title: `رندر «${job.name}» برای موجودی متوقف شد`,
    body: `موجودی کیف پول برای فریم‌های بعدی (حدود ${faToman(needed)}) کافی نیست. پس از افزایش اعتبار، رندر خودش ادامه پیدا می‌کند.`,
    key: `render:${job.uuid}:balance:${now.getTime()}`,
  });
  return paused;
}

/** Completes the job once every one of its tasks has; tells the owner. */
export async function completeIfDone(
  tx: Database,
  publish: Publish,
  job: RenderJob,
  now = new Date(),
): Promise<RenderJob | null> {
  const [open] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(renderTasks)
    .where(and(eq(renderTasks.jobId, job.id), sql`${renderTasks.status} <> 'completed'`));
  if ((open?.n ?? 1) > 0) return null;
  const done = await moveJob(tx, publish, job, 'completed', {}, now);
  if (!done) return null;
  await noticeOwner(tx, publish, done, {
    title: `رندر «${job.name}» تمام شد`,
    body: `${done.framesTotal.toLocaleString('fa-IR')} فریم در پوشهٔ \u2066${done.outputPath}\u2069 فضای شما آماده است. هزینهٔ کل: ${faToman(done.cost)}.`,
    key: `render:${job.uuid}:completed`,
  });
  return done;
}

/** Whether any of the job's frames were rendered: a resumed job is then active again, else queued. */
export async function hasRenderedFrames(tx: Database, job: RenderJob): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(renderTasks)
    .where(
      and(eq(renderTasks.jobId, job.id), eq(renderTasks.kind, 'render'), eq(renderTasks.status, 'completed')),
    );
  return (row?.n ?? 0) > 0;
}
