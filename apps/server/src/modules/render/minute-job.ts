import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type Broadcaster, transactionWithBroadcasts } from '../../platform/broadcasting';
import { everyMinute, type JobLog } from '../../platform/jobs';
import { findUser } from '../users';
import { notifyTasksQueued } from './claim-signal';
import { hasRenderedFrames, moveJob } from './job-ops';
import { type RenderManager, taskEstimate } from './manager';
import { renderJobs, renderTasks } from './tables';

export const RENDER_MINUTE_JOB = 'render.minute';

/**
 * Jobs paused for balance whose owner can now pay for the next task go on (the customer topped
 * up): back to active if frames were already rendered, else to the queue. Returns how many.
 */
export async function resumeFundedJobs(
  db: Database,
  broadcaster: Broadcaster,
  now = new Date(),
  onPublishError?: (error: unknown) => void,
): Promise<number> {
  const paused = await db
    .select({ id: renderJobs.id })
    .from(renderJobs)
    .where(and(eq(renderJobs.status, 'paused'), eq(renderJobs.pauseReason, 'balance')))
    .orderBy(asc(renderJobs.id))
    .limit(200);
  let resumed = 0;
  for (const { id } of paused) {
    const moved = await transactionWithBroadcasts(
      db,
      broadcaster,
      async (tx, publish) => {
        const [job] = await tx.select().from(renderJobs).where(eq(renderJobs.id, id)).for('update');
        if (job?.status !== 'paused' || job.pauseReason !== 'balance') return false;
        const [next] = await tx
          .select()
          .from(renderTasks)
          .where(and(eq(renderTasks.jobId, job.id), eq(renderTasks.status, 'queued')))
          .orderBy(asc(renderTasks.id))
          .limit(1);
        const owner = await findUser(tx, job.userId);
        if (!owner || (next && owner.balance < taskEstimate(next, job))) return false;
        return (
          (await moveJob(
            tx,
            publish,
            job,
            (await hasRenderedFrames(tx, job)) ? 'active' : 'queued',
            {},
            now,
          )) !== null
        );
      },
      onPublishError,
    );
    if (moved) resumed++;
  }
  if (resumed > 0) notifyTasksQueued();
  return resumed;
}

/** Queues the minute job if none is waiting (every worker's start). */
export const ensureRenderMinute = (db: Database) => everyMinute(RENDER_MINUTE_JOB, async () => {}).ensure(db);

/**
 * Once a minute, on whichever worker claims it: leases that ran out are swept (claims sweep too,
 * but a farm with no node asking would otherwise never notice), and jobs paused for balance
 * resume once their owner can pay.
 */
export function renderMinute(options: {
  db: Database;
  broadcaster: Broadcaster;
  manager: () => RenderManager;
  log: JobLog;
}) {
  return everyMinute(RENDER_MINUTE_JOB, async (now) => {
    const expired = await options.manager().expireLeases();
    const resumed = await resumeFundedJobs(options.db, options.broadcaster, now, (err) =>
      options.log.warn({ err }, 'render event not published'),
    );
    if (expired > 0 || resumed > 0) options.log.info({ expired, resumed }, 'render minute');
  });
}
