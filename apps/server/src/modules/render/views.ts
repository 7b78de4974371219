import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type {
  RenderJobView,
  RenderNodeView,
  RenderTaskStaffView,
  RenderTaskView,
  SceneFindings,
} from './contracts';
import { jobProgress } from './job-ops';
import { OFFLINE_AFTER_MS } from './manager';
import { allowedJobActions } from './state-machine';
import {
  type RenderJob,
  type RenderJobStatus,
  type RenderNode,
  type RenderPriority,
  type RenderTask,
  renderJobs,
  renderNodeBlocklist,
  renderNodes,
  renderTaskAttempts,
  renderTasks,
} from './tables';

/**
 * What the pages show of jobs, tasks and nodes (contracts.ts): read-only queries and the wire
 * shapes, for the customer's, care's and admin's pages and the API alike.
 */

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A job as its lists and View show it; `drive` names the drive the scene is in. */
export async function jobView(
  db: Database,
  job: RenderJob,
  drive: { uuid: string; name: string },
): Promise<RenderJobView> {
  const progress = await jobProgress(db, job);
  return {
    uuid: job.uuid,
    name: job.name,
    scene: { drive, path: job.scenePath },
    status: job.status,
    pause_reason: job.pauseReason,
    failure_reason: job.failureReason,
    check: (job.findings as SceneFindings | null) ?? null,
    frames: job.frames,
    chunk: job.chunk,
    format: job.format,
    resolution: job.resolutionPercent,
    samples: job.samples,
    priority: job.priority,
    progress: { done: progress.done, total: progress.total, failed: progress.failed },
    cost: job.cost,
    estimate:
      job.estimate === null
        ? null
        : {
            estimate: job.estimate,
            low: job.estimateLow ?? job.estimate,
            high: job.estimateHigh ?? job.estimate,
          },
    output_path: job.outputPath,
    actions: allowedJobActions(job.status),
    created_at: job.createdAt.toISOString(),
    started_at: iso(job.startedAt),
    finished_at: iso(job.finishedAt),
  };
}

export function taskView(task: RenderTask): RenderTaskView {
  return {
    uuid: task.uuid,
    kind: task.kind,
    frames:
      task.frameStart === null || task.frameEnd === null
        ? null
        : { start: task.frameStart, end: task.frameEnd, step: task.frameStep },
    status: task.status,
    attempts: task.attempts,
    render_seconds: task.renderSeconds,
    cost: task.cost,
    last_frame: task.lastFrame,
    outputs: task.outputs,
    log_tail: task.logTail,
    started_at: iso(task.startedAt),
    finished_at: iso(task.finishedAt),
  };
}

/** A job's tasks in frame order (the frame grid). */
export function tasksOf(db: Database, jobId: number): Promise<RenderTask[]> {
  return db.select().from(renderTasks).where(eq(renderTasks.jobId, jobId)).orderBy(asc(renderTasks.id));
}

/** The tasks as staff see them: with the node on each and every attempt's outcome and reason. */
export async function staffTaskViews(db: Database, jobId: number): Promise<RenderTaskStaffView[]> {
  const tasks = await tasksOf(db, jobId);
  const attempts = await db
    .select({ attempt: renderTaskAttempts, node: { uuid: renderNodes.uuid, name: renderNodes.name } })
    .from(renderTaskAttempts)
    .innerJoin(renderNodes, eq(renderNodes.id, renderTaskAttempts.nodeId))
    .where(eq(renderTaskAttempts.jobId, jobId))
    .orderBy(asc(renderTaskAttempts.id));
  const nodeIds = [...new Set(tasks.flatMap((t) => (t.nodeId === null ? [] : [t.nodeId])))];
  const nodes = nodeIds.length
    ? await db
        .select({ id: renderNodes.id, uuid: renderNodes.uuid, name: renderNodes.name })
        .from(renderNodes)
        .where(inArray(renderNodes.id, nodeIds))
    : [];
  const nodeOf = new Map(nodes.map((n) => [n.id, { uuid: n.uuid, name: n.name }]));
  return tasks.map((task) => ({
    ...taskView(task),
    node: task.nodeId === null ? null : (nodeOf.get(task.nodeId) ?? null),
    attempts_log: attempts
      .filter((a) => a.attempt.taskId === task.id)
      .map((a) => ({
        node: a.node,
        outcome: a.attempt.outcome,
        reason: a.attempt.reason,
        finished_at: a.attempt.finishedAt.toISOString(),
      })),
  }));
}

export interface JobFilter {
  /** The owner's jobs only (the customer's list). */
  userId?: number | undefined;
  status?: RenderJobStatus | undefined;
  priority?: RenderPriority | undefined;
  limit?: number;
  offset?: number;
}

/**
 * Jobs newest first; for staff (no `userId`) stuck and failed first: failed, then paused for
 * balance, then the rest, as care's list asks.
 */
export function listJobs(db: Database, filter: JobFilter = {}): Promise<RenderJob[]> {
  const where = and(
    filter.userId === undefined ? undefined : eq(renderJobs.userId, filter.userId),
    filter.status ? eq(renderJobs.status, filter.status) : undefined,
    filter.priority ? eq(renderJobs.priority, filter.priority) : undefined,
  );
  const attentionFirst =
    filter.userId === undefined
      ? [
          sql`case when ${renderJobs.status} = 'failed' then 0 when ${renderJobs.status} = 'paused' then 1 else 2 end`,
        ]
      : [];
  return db
    .select()
    .from(renderJobs)
    .where(where)
    .orderBy(...attentionFirst, desc(renderJobs.id))
    .limit(filter.limit ?? 50)
    .offset(filter.offset ?? 0);
}

/** A job by uuid for staff (any owner); null when there is none. */
export async function findJob(db: Database, uuid: string): Promise<RenderJob | null> {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return null;
  const [job] = await db.select().from(renderJobs).where(eq(renderJobs.uuid, uuid));
  return job ?? null;
}

/** Jobs the owner has open (checking, queued, active, paused): the panel home and the header. */
export async function openJobCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(renderJobs)
    .where(
      and(
        eq(renderJobs.userId, userId),
        inArray(renderJobs.status, ['checking', 'queued', 'active', 'paused']),
      ),
    );
  return row?.n ?? 0;
}

/** The status Admin/Nodes shows: disabled and offline are the manager's words, the rest the node's. */
export function nodeStatus(node: RenderNode, now = new Date()): RenderNodeView['status'] {
  if (!node.enabled) return 'disabled';
  if (!node.lastSeenAt || now.getTime() - node.lastSeenAt.getTime() > OFFLINE_AFTER_MS) return 'offline';
  return node.status === 'offline' || node.status === 'disabled' ? 'idle' : node.status;
}

/** Every node with its current task, failures and blocklist (Admin/Nodes). */
export async function listNodes(db: Database, now = new Date()): Promise<RenderNodeView[]> {
  const nodes = await db.select().from(renderNodes).orderBy(asc(renderNodes.name), asc(renderNodes.id));
  const current = await db
    .select({
      nodeId: renderTasks.nodeId,
      uuid: renderTasks.uuid,
      job: { uuid: renderJobs.uuid, name: renderJobs.name },
    })
    .from(renderTasks)
    .innerJoin(renderJobs, eq(renderJobs.id, renderTasks.jobId))
    .where(eq(renderTasks.status, 'active'));
  const failures = await db
    .select({ nodeId: renderTaskAttempts.nodeId, n: count() })
    .from(renderTaskAttempts)
    .where(inArray(renderTaskAttempts.outcome, ['failed', 'expired']))
    .groupBy(renderTaskAttempts.nodeId);
  const blocks = await db
    .select({
      nodeId: renderNodeBlocklist.nodeId,
      since: renderNodeBlocklist.createdAt,
      job: { uuid: renderJobs.uuid, name: renderJobs.name },
    })
    .from(renderNodeBlocklist)
    .innerJoin(renderJobs, eq(renderJobs.id, renderNodeBlocklist.jobId));
  const failed = new Map(failures.map((f) => [f.nodeId, f.n]));
  return nodes.map((node) => {
    const task = current.find((c) => c.nodeId === node.id);
    return {
      uuid: node.uuid,
      name: node.name,
      status: nodeStatus(node, now),
      enabled: node.enabled,
      blender_version: node.blenderVersion,
      cores: node.cores,
      location: node.location,
      notes: node.notes,
      last_seen_at: iso(node.lastSeenAt),
      current_task: task ? { uuid: task.uuid, job: task.job } : null,
      failures: failed.get(node.id) ?? 0,
      blocklist: blocks
        .filter((b) => b.nodeId === node.id)
        .map((b) => ({ job: b.job, since: b.since.toISOString() })),
    };
  });
}

/** How many of a job's render tasks are in each state (the API's `tasks` summary). */
export type TaskCounts = Record<RenderTask['status'], number>;

/** The task counts of these jobs, by job id, in one statement (a page of jobs, not one each). */
export async function taskCounts(db: Database, jobIds: number[]): Promise<Map<number, TaskCounts>> {
  const found = new Map<number, TaskCounts>(
    jobIds.map((id) => [id, { queued: 0, active: 0, completed: 0, failed: 0, canceled: 0 }]),
  );
  if (jobIds.length === 0) return found;
  const rows = await db
    .select({ jobId: renderTasks.jobId, status: renderTasks.status, n: count() })
    .from(renderTasks)
    .where(and(inArray(renderTasks.jobId, jobIds), eq(renderTasks.kind, 'render')))
    .groupBy(renderTasks.jobId, renderTasks.status);
  for (const row of rows) found.get(row.jobId)![row.status] = row.n;
  return found;
}
