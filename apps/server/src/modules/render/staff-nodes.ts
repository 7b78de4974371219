import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { RenderNodeTaskRow, RenderNodeView } from './contracts';
import { renderJobs, renderNodes, renderTaskAttempts, renderTasks } from './tables';
import { listNodes } from './views';

/** Admin/Nodes/Edit's reads: one node as the list shows it, and the tasks it ran last. */

export async function findNodeView(db: Database, uuid: string): Promise<RenderNodeView | null> {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return null;
  return (await listNodes(db)).find((node) => node.uuid === uuid) ?? null;
}

export async function recentNodeTasks(db: Database, uuid: string, limit = 20): Promise<RenderNodeTaskRow[]> {
  const rows = await db
    .select({
      attempt: renderTaskAttempts,
      task: renderTasks,
      job: { id: renderJobs.id, uuid: renderJobs.uuid, name: renderJobs.name },
    })
    .from(renderTaskAttempts)
    .innerJoin(renderNodes, eq(renderNodes.id, renderTaskAttempts.nodeId))
    .innerJoin(renderTasks, eq(renderTasks.id, renderTaskAttempts.taskId))
    .innerJoin(renderJobs, eq(renderJobs.id, renderTaskAttempts.jobId))
    .where(eq(renderNodes.uuid, uuid))
    .orderBy(desc(renderTaskAttempts.id))
    .limit(limit);
  return rows.map(({ attempt, task, job }) => ({
    uuid: task.uuid,
    job,
    kind: task.kind,
    frames:
      task.frameStart === null || task.frameEnd === null
        ? null
        : { start: task.frameStart, end: task.frameEnd, step: task.frameStep },
    outcome: attempt.outcome,
    reason: attempt.reason,
    finished_at: attempt.finishedAt.toISOString(),
  }));
}
