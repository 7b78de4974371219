import { createHash, randomBytes } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { faNumber } from '../../lib/persian';
import type { ObjectStorage } from '../../lib/storage';
import { type Broadcaster, transactionWithBroadcasts } from '../../platform/broadcasting';
import { postLedgerEntry } from '../billing';
import { DriveError, type DriveService } from '../drives';
import { findUser } from '../users';
import { pickTask } from './claim';
import { notifyTasksQueued, waitForTasks } from './claim-signal';
import { NodeProtocolError, notHeld } from './errors';
import { taskUpdated } from './events';
import { createFileUrls, type FileUrls } from './file-urls';
import { type FrameChunk, framesOf, outputName } from './frames';
import {
  completeIfDone,
  failJob,
  logTail,
  moveJob,
  type Publish,
  pauseForBalance,
  publishJob,
} from './job-ops';
import { bearerToken, ENROLMENT_TTL_MS, newEnrolmentToken, newNodeToken, tokenHash } from './node-tokens';
import { startupSecondsOf, taskCost } from './pricing';
import {
  type RenderFindings,
  type RenderJob,
  type RenderNode,
  type RenderTask,
  renderEnrolmentTokens,
  renderJobs,
  renderNodeBlocklist,
  renderNodes,
  renderTaskAttempts,
  renderTasks,
} from './tables';

/** A node failing one job this many times is kept off it; a task failing on this many nodes fails its job. */
export const FAILURES_TO_BLOCK = 3;
export const NODES_TO_FAIL = 3;
/** A node unseen this long counts as offline (docs/decisions/0014-render-node-protocol.md). */
export const OFFLINE_AFTER_MS = 2 * 60 * 1000;
/** The longest a claim may wait for work. */
export const MAX_CLAIM_WAIT_SECONDS = 30;
/** How often a waiting claim looks again when no nudge came (work queued by another process). */
const CLAIM_POLL_MS = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A task as a node gets it from a claim (the decision record's shape). */
export interface NodeTask {
  uuid: string;
  kind: 'render' | 'check';
  lease_seconds: number;
  job: { uuid: string; name: string };
  scene: { url: string; sha256: string; size: number; filename: string };
  frames?: { start: number; end: number; step: number };
  settings: {
    format: 'PNG' | 'JPEG' | 'OPEN_EXR';
    resolution_percentage: number;
    samples: number | null;
    denoise: boolean;
    /** Stop before the first frame when the scene needs a file that is not there (else Blender renders it pink). */
    fail_on_missing: boolean;
  };
  outputs?: { frame: number; name: string; upload_url: string }[];
}

export interface RenderManagerOptions {
  db: Database;
  broadcaster: Broadcaster;
  storage: ObjectStorage;
  drives: DriveService;
  appKey: string;
  leaseSeconds: number;
  clock?: () => Date;
  onPublishError?: (error: unknown) => void;
}

const chunkOf = (task: RenderTask): FrameChunk => ({
  start: task.frameStart ?? 0,
  end: task.frameEnd ?? -1,
  step: task.frameStep,
});

/** The file names a render task must upload before it may complete. */
export const expectedOutputs = (task: RenderTask, job: RenderJob) =>
  task.kind === 'render' && job.format ? framesOf(chunkOf(task)).map((f) => outputName(f, job.format!)) : [];

/** Rial the owner must have before a node is handed this task: its frames at the measured time. */
export const taskEstimate = (task: RenderTask, job: RenderJob) =>
  taskCost(
    framesOf(chunkOf(task)).length * (job.frameSeconds ?? 0) + startupSecondsOf(job.findings),
    job.pricePerMinute ?? 0,
  );

/** Failed attempts that still count: those since the job's failed tasks were last requeued. */
/** Whether `node` holds `task` now (claimed, under its lease or not yet swept). */
const holds = (task: RenderTask | undefined, node: RenderNode): task is RenderTask =>
  task?.status === 'active' && task.nodeId === node.id;

const attemptFailures = (job: RenderJob) =>
  job.requeuedAt
    ? sql`${renderTaskAttempts.outcome} in ('failed', 'expired') and ${renderTaskAttempts.finishedAt} > ${job.requeuedAt.toISOString()}::timestamptz`
    : sql`${renderTaskAttempts.outcome} in ('failed', 'expired')`;

/**
 * The manager's side of the node protocol (docs/decisions/0014-render-node-protocol.md): a node
 * enrols with an admin's one-time token, claims one task at a time (one SKIP LOCKED statement),
 * reports progress under a lease, downloads its scene and uploads its frames by signed URLs into
 * the owner's drive, and says how the task ended. Every write that touches a job and its tasks
 * locks the job first, then the task, so two of them never wait on each other in a circle; the
 * claim, which finds the task before the job, skips locked rows of both instead of waiting.
 */
export function createRenderManager(options: RenderManagerOptions) {
  const { db, broadcaster, storage, drives } = options;
  const clock = options.clock ?? (() => new Date());
  const fileUrls: FileUrls = createFileUrls({ appKey: options.appKey });
  const leaseMs = options.leaseSeconds * 1000;
  const inTransaction = <T>(work: (tx: Database, publish: Publish) => Promise<T>) =>
    transactionWithBroadcasts(db, broadcaster, work, options.onPublishError);

  /** The job (locked) and the task (locked), in that order, for a task uuid; null when there is none. */
  const lockTask = async (tx: Database, taskUuid: string) => {
    if (!UUID.test(taskUuid)) return null;
    const [peek] = await tx
      .select({ id: renderTasks.id, jobId: renderTasks.jobId })
      .from(renderTasks)
      .where(eq(renderTasks.uuid, taskUuid));
    if (!peek) return null;
    const [job] = await tx.select().from(renderJobs).where(eq(renderJobs.id, peek.jobId)).for('update');
    const [task] = await tx.select().from(renderTasks).where(eq(renderTasks.id, peek.id)).for('update');
    return job && task ? { job, task } : null;
  };

  const lockHeld = async (tx: Database, node: RenderNode, taskUuid: string) => {
    const found = await lockTask(tx, taskUuid);
    if (!found || !holds(found.task, node)) throw notHeld();
    return found;
  };

  const setNodeStatus = (tx: Database, node: RenderNode, status: 'idle' | 'busy') =>
    tx.update(renderNodes).set({ status, lastSeenAt: clock() }).where(eq(renderNodes.id, node.id));

  /** Another enabled node, seen lately and not kept off the job, that could still take its tasks. */
  const anotherNodeFor = async (tx: Database, job: RenderJob, now: Date) => {
    const [row] = await tx
      .select({ id: renderNodes.id })
      .from(renderNodes)
      .where(
        and(
          eq(renderNodes.enabled, true),
          sql`${renderNodes.lastSeenAt} > ${new Date(now.getTime() - OFFLINE_AFTER_MS).toISOString()}::timestamptz`,
          sql`not exists (select 1 from ${renderNodeBlocklist} b where b.job_id = ${job.id} and b.node_id = ${renderNodes.id})`,
        ),
      )
      .limit(1);
    return Boolean(row);
  };

  /**
   * A failed attempt (the node's own word, or its lease ran out): counted against the node on
   * this job (3 → blocklisted) and against the task (3 different nodes → the job fails, the rest
   * cancelled, the owner told with the log). Otherwise the task goes back to the queue. Nothing
   * is charged for any of it.
   */
  const recordFailure = async (
    tx: Database,
    publish: Publish,
    found: { job: RenderJob; task: RenderTask },
    nodeId: number,
    outcome: 'failed' | 'expired',
    reason: string,
    log: string | null,
    now: Date,
  ) => {
    const { job, task } = found;
    await tx.insert(renderTaskAttempts).values({
      taskId: task.id,
      jobId: job.id,
      nodeId,
      outcome,
      reason,
      log,
      startedAt: task.claimedAt,
      finishedAt: now,
    });
    const [onJob] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(renderTaskAttempts)
      .where(
        and(
          eq(renderTaskAttempts.jobId, job.id),
          eq(renderTaskAttempts.nodeId, nodeId),
          attemptFailures(job),
        ),
      );
    let blocked = false;
    if ((onJob?.n ?? 0) >= FAILURES_TO_BLOCK) {
      await tx
        .insert(renderNodeBlocklist)
        .values({ jobId: job.id, nodeId, createdAt: now })
        .onConflictDoNothing();
      blocked = true;
    }
    const [onTask] = await tx
      .select({ n: sql<number>`count(distinct ${renderTaskAttempts.nodeId})::int` })
      .from(renderTaskAttempts)
      .where(and(eq(renderTaskAttempts.taskId, task.id), attemptFailures(job)));
    const tail = logTail([reason, ...(log ? [log] : [])].join('\n'));
    const frames =
      task.kind === 'check'
        ? 'بررسی صحنه'
        : `فریم‌های ${faNumber(task.frameStart ?? 0)} تا ${faNumber(task.frameEnd ?? 0)}`;
    let why: string | null = null;
    if ((onTask?.n ?? 0) >= NODES_TO_FAIL) {
      why = `${frames} روی ${faNumber(NODES_TO_FAIL)} نود رندر جداگانه ناموفق ماند؛ گزارش Blender را ببینید، صحنه را درست کنید و دوباره بفرستید.`;
    } else if (blocked && !(await anotherNodeFor(tx, job, now))) {
      why = `${frames} بارها ناموفق ماند و نود دیگری برای امتحان دوباره نمانده است؛ گزارش Blender را ببینید، صحنه را درست کنید و دوباره بفرستید.`;
    }
    const [moved] = await tx
      .update(renderTasks)
      .set({
        status: why ? 'failed' : 'queued',
        nodeId: why ? nodeId : null,
        leaseUntil: null,
        outputs: [],
        logTail: tail,
        ...(why ? { finishedAt: now } : {}),
      })
      .where(eq(renderTasks.id, task.id))
      .returning();
    publish(taskUpdated(job, moved!));
    if (why) await failJob(tx, publish, job, why, tail, now);
    return { failedJob: why !== null };
  };

  const payloadOf = (task: RenderTask, job: RenderJob, now: Date): NodeTask => {
    const filename = job.scenePath.slice(job.scenePath.lastIndexOf('/') + 1);
    const base: NodeTask = {
      uuid: task.uuid,
      kind: task.kind,
      lease_seconds: options.leaseSeconds,
      job: { uuid: job.uuid, name: job.name },
      scene: { url: fileUrls.scene(task.uuid, now), sha256: job.sceneSha256, size: job.sceneSize, filename },
      settings: {
        format: job.format ?? 'PNG',
        resolution_percentage: job.resolutionPercent ?? 100,
        samples: job.samples,
        denoise: job.denoise,
        fail_on_missing: true,
      },
    };
    if (task.kind === 'check') return base;
    return {
      ...base,
      frames: { start: task.frameStart!, end: task.frameEnd!, step: task.frameStep },
      outputs: framesOf(chunkOf(task)).map((frame) => {
        const name = outputName(frame, job.format!);
        return { frame, name, upload_url: fileUrls.output(task.uuid, name, now) };
      }),
    };
  };

  /**
   * One claim: picks and takes the next task for this node (claim.ts: scene checks first, then
   * express, then the customer served least recently, then age), skipping tasks other claims hold,
   * blocklisted jobs and jobs that cannot run. A render task the owner's balance cannot cover is
   * handed back, and its job paused after the claim ('again': the next job gets the turn). A job's
   * first claimed task makes it active, also after the claim: the claim locks no job row.
   */
  const claimOnce = async (node: RenderNode): Promise<NodeTask | null | 'again'> => {
    const now = clock();
    let claimedTask: NodeTask | null = null;
    const after: { job: RenderJob; move: 'active' | { pauseFor: number } } | null = await inTransaction(
      async (tx) => {
        const picked = await pickTask(tx, {
          nodeId: node.id,
          now,
          leaseUntil: new Date(now.getTime() + leaseMs),
        });
        if (!picked) return null;
        const [task] = await tx.select().from(renderTasks).where(eq(renderTasks.id, picked.taskId));
        const [job] = await tx.select().from(renderJobs).where(eq(renderJobs.id, picked.jobId));
        if (task!.kind === 'render') {
          const need = taskEstimate(task!, job!);
          const owner = await findUser(tx, job!.userId);
          if (!owner || owner.balance < need) {
            await tx
              .update(renderTasks)
              .set({ status: 'queued', nodeId: null, leaseUntil: null, attempts: task!.attempts - 1 })
              .where(eq(renderTasks.id, task!.id));
            return { job: job!, move: { pauseFor: need } };
          }
        }
        if (node.status !== 'busy') await setNodeStatus(tx, node, 'busy');
        // No TaskUpdated here: the node's first progress report, seconds later, announces the task
        // as active, and a claim (the hot path of many nodes) stays free of an outbox row.
        claimedTask = payloadOf(task!, job!, now);
        return job!.status === 'queued' && task!.kind === 'render'
          ? { job: job!, move: 'active' as const }
          : null;
      },
    );
    if (after) {
      await inTransaction(async (tx, publish) => {
        const [job] = await tx.select().from(renderJobs).where(eq(renderJobs.id, after.job.id)).for('update');
        if (!job) return;
        if (after.move === 'active') {
          if (job.status === 'queued')
            await moveJob(tx, publish, job, 'active', { startedAt: job.startedAt ?? now }, now);
        } else if (job.status === 'queued' || job.status === 'active') {
          await pauseForBalance(tx, publish, job, after.move.pauseFor, now);
        }
      });
      if (after.move !== 'active') return 'again';
    }
    return claimedTask;
  };

  let lastSweep = 0;

  const manager = {
    fileUrls,

    /** The node behind `Authorization: Bearer …`; 401 without a known token, 403 when disabled. */
    async authenticate(header: string | undefined): Promise<RenderNode> {
      const token = bearerToken(header);
      const [node] = token
        ? await db
            .select()
            .from(renderNodes)
            .where(eq(renderNodes.tokenHash, tokenHash(token)))
        : [];
      if (!node) throw new NodeProtocolError(401, { error: 'unauthenticated' });
      if (!node.enabled) throw new NodeProtocolError(403, { error: 'disabled' });
      const [seen] = await db
        .update(renderNodes)
        .set({ lastSeenAt: clock() })
        .where(eq(renderNodes.id, node.id))
        .returning();
      return seen ?? node;
    },

    /** An admin's one-time token for a new node (24 h); only its hash is kept. */
    async issueEnrolmentToken(createdBy: number | null = null): Promise<{ token: string; expiresAt: Date }> {
      const token = newEnrolmentToken();
      const expiresAt = new Date(clock().getTime() + ENROLMENT_TTL_MS);
      await db.insert(renderEnrolmentTokens).values({ tokenHash: tokenHash(token), expiresAt, createdBy });
      return { token, expiresAt };
    },

    /** Trades an enrolment token, once, for a node and its own token. */
    async enrol(input: {
      enrolmentToken: string;
      name: string;
      blenderVersion?: string | null | undefined;
      cores?: number | null | undefined;
    }): Promise<{ node: RenderNode; token: string }> {
      const now = clock();
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(renderEnrolmentTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(renderEnrolmentTokens.tokenHash, tokenHash(input.enrolmentToken)),
              isNull(renderEnrolmentTokens.usedAt),
              sql`${renderEnrolmentTokens.expiresAt} > ${now.toISOString()}::timestamptz`,
            ),
          )
          .returning();
        if (!used) throw new NodeProtocolError(401, { error: 'invalid_enrolment_token' });
        const token = newNodeToken();
        const [node] = await tx
          .insert(renderNodes)
          .values({
            name: input.name,
            tokenHash: tokenHash(token),
            blenderVersion: input.blenderVersion ?? null,
            cores: input.cores ?? null,
            lastSeenAt: now,
          })
          .returning();
        await tx
          .update(renderEnrolmentTokens)
          .set({ nodeId: node!.id })
          .where(eq(renderEnrolmentTokens.id, used.id));
        return { node: node!, token };
      });
    },

    /**
     * The app's own render node (RENDER_NODE_IN_PROCESS), enrolled by the app itself: found again
     * by the uuid an earlier start kept (else made), with a new token on every start, which lives
     * only in the process's memory. A task the node held when the app last stopped without a word
     * (a crash) goes back to the queue unfailed: that run of the node is gone, and its Blender was
     * the app's child. An admin's disable stays as it is.
     */
    async inProcessNode(input: {
      uuid: string | null;
      name: string;
      cores?: number | null | undefined;
    }): Promise<{ node: RenderNode; token: string }> {
      const token = newNodeToken();
      const now = clock();
      const [known] =
        input.uuid && UUID.test(input.uuid)
          ? await db
              .update(renderNodes)
              .set({ tokenHash: tokenHash(token), cores: input.cores ?? null, lastSeenAt: now })
              .where(eq(renderNodes.uuid, input.uuid))
              .returning()
          : [];
      if (known) {
        const held = await db
          .select({ uuid: renderTasks.uuid })
          .from(renderTasks)
          .where(and(eq(renderTasks.nodeId, known.id), eq(renderTasks.status, 'active')));
        for (const task of held) await manager.release(known, task.uuid).catch(() => {});
        return { node: known, token };
      }
      const [node] = await db
        .insert(renderNodes)
        .values({
          name: input.name,
          tokenHash: tokenHash(token),
          cores: input.cores ?? null,
          lastSeenAt: now,
        })
        .returning();
      return { node: node!, token };
    },

    /**
     * Long poll: the next task for this node, or null when none came within `waitSeconds` (≤ 30).
     * Leases that ran out are swept first (at most once a second per process), so their tasks are
     * claimable again.
     */
    async claim(
      node: RenderNode,
      input: { waitSeconds?: number; blenderVersion?: string | null | undefined; signal?: AbortSignal },
    ): Promise<NodeTask | null> {
      const wait = Math.min(MAX_CLAIM_WAIT_SECONDS, Math.max(0, input.waitSeconds ?? 0));
      const deadline = Date.now() + wait * 1000;
      if (input.blenderVersion && input.blenderVersion !== node.blenderVersion) {
        await db
          .update(renderNodes)
          .set({ blenderVersion: input.blenderVersion })
          .where(eq(renderNodes.id, node.id));
      }
      for (;;) {
        if (Date.now() - lastSweep >= 1000) {
          lastSweep = Date.now();
          await manager.expireLeases();
        }
        let answer = await claimOnce(node);
        // A job paused for balance gives its turn to the next one at once.
        for (let i = 0; answer === 'again' && i < 20; i++) answer = await claimOnce(node);
        if (answer && answer !== 'again') {
          // Claims of this process that skipped the job's row while this one held it look again now.
          notifyTasksQueued();
          return answer;
        }
        const left = deadline - Date.now();
        if (left <= 0 || input.signal?.aborted) return null;
        await waitForTasks(Math.min(left, CLAIM_POLL_MS), input.signal);
        if (input.signal?.aborted) return null;
      }
    },

    /** Between claims: the node says it is alive (and idle or asleep). */
    async heartbeat(
      node: RenderNode,
      input: { status?: 'idle' | 'busy' | 'asleep' | undefined; blenderVersion?: string | null | undefined },
    ): Promise<RenderNode> {
      const [updated] = await db
        .update(renderNodes)
        .set({
          lastSeenAt: clock(),
          ...(input.status ? { status: input.status } : {}),
          ...(input.blenderVersion ? { blenderVersion: input.blenderVersion } : {}),
        })
        .where(eq(renderNodes.id, node.id))
        .returning();
      return updated!;
    },

    /** Progress of a held task: extends its lease, keeps the log's tail; `cancel` when it is no longer wanted. */
    async progress(
      node: RenderNode,
      taskUuid: string,
      input: {
        log?: string[] | undefined;
        frame?: number | undefined;
        sample?: [number, number] | undefined;
      },
    ): Promise<{ lease_until: string; cancel: boolean }> {
      return inTransaction(async (tx, publish) => {
        const { job, task } = await lockHeld(tx, node, taskUuid);
        const now = clock();
        const leaseUntil = new Date(now.getTime() + leaseMs);
        const lines = input.log ?? [];
        const frame =
          input.frame !== undefined &&
          input.frame >= (task.frameStart ?? 0) &&
          input.frame <= (task.frameEnd ?? 0)
            ? input.frame
            : null;
        await tx
          .update(renderTasks)
          .set({
            leaseUntil,
            ...(lines.length > 0 ? { logTail: logTail(lines) } : {}),
            ...(frame !== null ? { lastFrame: frame } : {}),
          })
          .where(eq(renderTasks.id, task.id));
        await tx
          .update(renderNodes)
          .set({ status: 'busy', lastSeenAt: now })
          .where(eq(renderNodes.id, node.id));
        if (frame !== null && frame !== task.lastFrame) publish(taskUpdated(job, task, frame));
        return { lease_until: leaseUntil.toISOString(), cancel: false };
      });
    },

    /** Where a held task's scene is (after its signed URL was checked): the bytes the check saw. */
    async scene(node: RenderNode, taskUuid: string, query: Record<string, unknown>) {
      if (!UUID.test(taskUuid) || !fileUrls.verify(taskUuid, 'scene', query, clock())) {
        throw new NodeProtocolError(403, { error: 'bad_signature' });
      }
      const held = await heldNow(node, taskUuid);
      const { job } = held;
      try {
        const drive = await drives.findDriveById(job.userId, job.driveId);
        const { entry } = await drives.findFile(job.userId, drive.uuid, job.scenePath);
        if (entry.sha256 !== job.sceneSha256 || !entry.objectKey) {
          throw new NodeProtocolError(409, { error: 'scene_changed' });
        }
        return { objectKey: entry.objectKey, size: entry.size, sha256: entry.sha256, filename: entry.name };
      } catch (error) {
        if (error instanceof DriveError) throw new NodeProtocolError(410, { error: 'scene_gone' });
        throw error;
      }
    },

    /**
     * One output of a held task, streamed into the owner's drive at `renders/<job>/<name>`: the
     * signature names this task and this file, the name is one the task expects, and
     * `Content-Length` must fit the drive's free space before a byte is read.
     */
    async upload(
      node: RenderNode,
      taskUuid: string,
      name: string,
      query: Record<string, unknown>,
      contentLength: number | null,
      body: Readable,
    ): Promise<{ name: string; size: number; sha256: string }> {
      if (!UUID.test(taskUuid) || !fileUrls.verify(taskUuid, `output:${name}`, query, clock())) {
        throw new NodeProtocolError(403, { error: 'bad_signature' });
      }
      const { job, task } = await heldNow(node, taskUuid);
      if (!expectedOutputs(task, job).includes(name)) {
        throw new NodeProtocolError(422, { error: 'unexpected_output' });
      }
      if (contentLength === null || !Number.isSafeInteger(contentLength) || contentLength < 0) {
        throw new NodeProtocolError(411, { error: 'length_required' });
      }
      const id = randomBytes(16).toString('hex');
      let reserved: { drive: { uuid: string }; objectKey: string };
      try {
        const drive = await drives.findDriveById(job.userId, job.driveId);
        await drives.ensureFolders(job.userId, drive.uuid, job.outputPath);
        reserved = await drives.reserveUpload(job.userId, drive.uuid, {
          id,
          parent: job.outputPath,
          name,
          length: contentLength,
          replace: true,
        });
      } catch (error) {
        if (error instanceof DriveError) {
          const status = error.code === 'RF_DRIVE_QUOTA' ? 413 : 409;
          throw new NodeProtocolError(status, {
            error: error.code === 'RF_DRIVE_QUOTA' ? 'quota' : 'drive',
            message: error.message,
          });
        }
        throw error;
      }
      const hash = createHash('sha256');
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > contentLength) return done(new Error('more bytes than Content-Length'));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await Promise.all([pipeline(body, counter), storage.put(reserved.objectKey, counter)]);
        if (size !== contentLength) throw new Error('fewer bytes than Content-Length');
      } catch {
        await drives.cancelUpload(job.userId, id);
        await storage.delete(reserved.objectKey).catch(() => {});
        throw new NodeProtocolError(400, { error: 'length_mismatch' });
      }
      const sha256 = hash.digest('hex');
      const entry = await drives.finishUpload(id, { size, sha256, objectKey: reserved.objectKey });
      if (!entry) throw new NodeProtocolError(409, { error: 'drive' });
      await inTransaction(async (tx, publish) => {
        const found = await lockTask(tx, taskUuid);
        if (!found || !holds(found.task, node)) throw notHeld();
        const outputs = [...new Set([...found.task.outputs, name])];
        await tx.update(renderTasks).set({ outputs }).where(eq(renderTasks.id, found.task.id));
        const frame = Number(/(\d+)\.\w+$/.exec(name)?.[1]);
        publish(taskUpdated(found.job, found.task, frame));
      });
      return { name, size, sha256 };
    },

    /**
     * The task is done: every expected output is in. Charges its render seconds once (ledger key
     * `render:{task}`), adds it to the job's cost, and completes the job after its last task. A
     * replay of a completed task's `complete` answers the same and posts nothing. A check stores
     * the scene's findings and the sample frame's time on the job.
     */
    async complete(
      node: RenderNode,
      taskUuid: string,
      input: {
        renderSeconds: number;
        log?: string[] | string | undefined;
        findings?: RenderFindings | undefined;
      },
    ): Promise<{ ok: true; cost: number; duplicate: boolean }> {
      return inTransaction(async (tx, publish) => {
        const found = await lockTask(tx, taskUuid);
        if (found?.task.status === 'completed' && found.task.nodeId === node.id) {
          return { ok: true as const, cost: found.task.cost ?? 0, duplicate: true };
        }
        if (!found || !holds(found.task, node)) throw notHeld();
        const { job, task } = found;
        const missing = expectedOutputs(task, job).filter((name) => !task.outputs.includes(name));
        if (missing.length > 0) throw new NodeProtocolError(409, { error: 'missing_outputs', missing });
        const now = clock();
        const seconds = Math.max(0, input.renderSeconds);
        const cost = task.kind === 'render' ? taskCost(seconds, job.pricePerMinute ?? 0) : 0;
        const [done] = await tx
          .update(renderTasks)
          .set({
            status: 'completed',
            finishedAt: now,
            renderSeconds: seconds,
            cost,
            leaseUntil: null,
            ...(input.log ? { logTail: logTail(input.log) } : {}),
          })
          .where(eq(renderTasks.id, task.id))
          .returning();
        await tx.insert(renderTaskAttempts).values({
          taskId: task.id,
          jobId: job.id,
          nodeId: node.id,
          outcome: 'completed',
          log: input.log ? logTail(input.log) : null,
          startedAt: task.claimedAt,
          finishedAt: now,
        });
        let current = job;
        if (cost > 0) {
          const posted = await postLedgerEntry(
            tx,
            {
              userId: job.userId,
              type: 'render',
              amount: -cost,
              idempotencyKey: `render:${task.uuid}`,
              reference: job.uuid,
              description: `رندر «${job.name}»، فریم‌های ${faNumber(task.frameStart ?? 0)} تا ${faNumber(task.frameEnd ?? 0)}`,
              // Like a machine's minutes: the node's time is spent; the balance check is before a task.
              allowNegative: true,
            },
            publish,
          );
          if (!posted.duplicate) {
            const [withCost] = await tx
              .update(renderJobs)
              .set({ cost: sql`${renderJobs.cost} + ${cost}`, updatedAt: now })
              .where(eq(renderJobs.id, job.id))
              .returning();
            current = withCost!;
          }
        }
        if (task.kind === 'check') {
          const measured = Number(input.findings?.sample_seconds);
          const [checked] = await tx
            .update(renderJobs)
            .set({
              // The check's whole run less its sample frame: what every task spends before its frames.
              findings: {
                ...(input.findings ?? {}),
                startup_seconds:
                  Number.isFinite(measured) && measured > 0 ? Math.max(0, seconds - measured) : 0,
              },
              frameSeconds: Number.isFinite(measured) && measured > 0 ? measured : seconds,
              updatedAt: now,
            })
            .where(eq(renderJobs.id, job.id))
            .returning();
          current = checked!;
        }
        await setNodeStatus(tx, node, 'idle');
        publish(taskUpdated(job, done!));
        if (task.kind === 'render' && !(await completeIfDone(tx, publish, current, now))) {
          await publishJob(tx, publish, current);
        } else if (task.kind === 'check') {
          await publishJob(tx, publish, current);
        }
        return { ok: true as const, cost, duplicate: false };
      });
    },

    /** The node says the task failed (Blender's exit, a missing file): the failure rules decide what next. */
    async fail(
      node: RenderNode,
      taskUuid: string,
      input: { reason: string; log?: string[] | string | undefined },
    ): Promise<{ ok: true }> {
      await inTransaction(async (tx, publish) => {
        const found = await lockHeld(tx, node, taskUuid);
        await recordFailure(
          tx,
          publish,
          found,
          node.id,
          'failed',
          input.reason,
          input.log ? logTail(input.log) : null,
          clock(),
        );
        await setNodeStatus(tx, node, 'idle');
      });
      notifyTasksQueued();
      return { ok: true };
    },

    /** The node hands the task back unfailed (it is shutting down): back to the queue, nothing counted. */
    async release(node: RenderNode, taskUuid: string): Promise<{ ok: true }> {
      await inTransaction(async (tx, publish) => {
        const { job, task } = await lockHeld(tx, node, taskUuid);
        const now = clock();
        await tx.insert(renderTaskAttempts).values({
          taskId: task.id,
          jobId: job.id,
          nodeId: node.id,
          outcome: 'released',
          startedAt: task.claimedAt,
          finishedAt: now,
        });
        const [back] = await tx
          .update(renderTasks)
          .set({ status: 'queued', nodeId: null, leaseUntil: null, outputs: [] })
          .where(eq(renderTasks.id, task.id))
          .returning();
        await setNodeStatus(tx, node, 'idle');
        publish(taskUpdated(job, back!));
      });
      notifyTasksQueued();
      return { ok: true };
    },

    /**
     * Tasks whose lease ran out go back to the queue, each a failed attempt of the node that held
     * it (its 3rd on the job blocklists it; a 3rd node fails the job). Returns how many.
     */
    async expireLeases(): Promise<number> {
      const now = clock();
      const expired = await db
        .select({ uuid: renderTasks.uuid })
        .from(renderTasks)
        .where(and(eq(renderTasks.status, 'active'), lt(renderTasks.leaseUntil, now)))
        .limit(100);
      let count = 0;
      for (const { uuid } of expired) {
        const done = await inTransaction(async (tx, publish) => {
          const found = await lockTask(tx, uuid);
          const { task } = found ?? {};
          if (
            !found ||
            !task ||
            task.status !== 'active' ||
            !task.leaseUntil ||
            task.leaseUntil >= now ||
            !task.nodeId
          ) {
            return false;
          }
          await recordFailure(
            tx,
            publish,
            found,
            task.nodeId,
            'expired',
            'lease expired: the node stopped reporting',
            task.logTail,
            now,
          );
          return true;
        });
        if (done) count++;
      }
      if (count > 0) notifyTasksQueued();
      return count;
    },
  };

  /** The held task and its job, read without locks (file transfers must not hold a transaction). */
  const heldNow = async (node: RenderNode, taskUuid: string) => {
    const [task] = await db.select().from(renderTasks).where(eq(renderTasks.uuid, taskUuid));
    if (!holds(task, node)) throw notHeld();
    const [job] = await db.select().from(renderJobs).where(eq(renderJobs.id, task.jobId));
    if (!job) throw notHeld();
    return { job, task };
  };

  return manager;
}

export type RenderManager = ReturnType<typeof createRenderManager>;
