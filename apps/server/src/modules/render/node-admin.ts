import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type Broadcaster, transactionWithBroadcasts } from '../../platform/broadcasting';
import { notifyTasksQueued } from './claim-signal';
import { taskUpdated } from './events';
import { type RenderNode, renderJobs, renderNodeBlocklist, renderNodes, renderTasks } from './tables';

export interface NodeChanges {
  name?: string | undefined;
  enabled?: boolean | undefined;
  location?: string | null | undefined;
  notes?: string | null | undefined;
}

/**
 * Admin/Nodes/Edit's write: name, location, notes, enabled. Disabling a node hands its task back
 * to the queue at once (not counted against it); the node's next call is refused. Returns the
 * node before and after (for the staff audit), or null when there is none.
 */
export async function updateNode(
  db: Database,
  broadcaster: Broadcaster,
  uuid: string,
  changes: NodeChanges,
): Promise<{ before: RenderNode; after: RenderNode } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return null;
  const result = await transactionWithBroadcasts(db, broadcaster, async (tx, publish) => {
    const [before] = await tx.select().from(renderNodes).where(eq(renderNodes.uuid, uuid)).for('update');
    if (!before) return null;
    const [after] = await tx
      .update(renderNodes)
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
        ...(changes.location !== undefined ? { location: changes.location } : {}),
        ...(changes.notes !== undefined ? { notes: changes.notes } : {}),
      })
      .where(eq(renderNodes.id, before.id))
      .returning();
    if (changes.enabled === false) {
      const back = await tx
        .update(renderTasks)
        .set({ status: 'queued', nodeId: null, leaseUntil: null, outputs: [] })
        .where(and(eq(renderTasks.nodeId, before.id), eq(renderTasks.status, 'active')))
        .returning();
      for (const task of back) {
        const [job] = await tx
          .select({ uuid: renderJobs.uuid })
          .from(renderJobs)
          .where(eq(renderJobs.id, task.jobId));
        if (job) publish(taskUpdated(job, task));
      }
    }
    return { before, after: after! };
  });
  if (changes.enabled === false) notifyTasksQueued();
  return result;
}

/** Lets a node back onto a job it was kept off (Admin/Nodes/Edit's blocklist). */
export async function removeBlock(db: Database, nodeUuid: string, jobUuid: string): Promise<boolean> {
  const [node] = await db
    .select({ id: renderNodes.id })
    .from(renderNodes)
    .where(eq(renderNodes.uuid, nodeUuid));
  const [job] = await db.select({ id: renderJobs.id }).from(renderJobs).where(eq(renderJobs.uuid, jobUuid));
  if (!node || !job) return false;
  const gone = await db
    .delete(renderNodeBlocklist)
    .where(and(eq(renderNodeBlocklist.nodeId, node.id), eq(renderNodeBlocklist.jobId, job.id)))
    .returning();
  if (gone.length > 0) notifyTasksQueued();
  return gone.length > 0;
}
