import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sqlList } from '../../db/sql-list';
import { drives } from '../drives/tables';
import { ownerColumn } from '../users/tables';

/**
 * A render job's life (docs/render-jobs.md): `checking` while its scene check runs and until it is
 * submitted, then `queued` → `active` (a node took its first frames) → `completed`; `paused` by
 * its owner or for balance, `failed` when a task failed on 3 nodes (or the check did), `canceled`.
 */
export const RENDER_JOB_STATUSES = [
  'checking',
  'queued',
  'active',
  'paused',
  'completed',
  'failed',
  'canceled',
] as const;
export type RenderJobStatus = (typeof RENDER_JOB_STATUSES)[number];

export const RENDER_TASK_STATUSES = ['queued', 'active', 'completed', 'failed', 'canceled'] as const;
export type RenderTaskStatus = (typeof RENDER_TASK_STATUSES)[number];

/** `check` opens the scene and times one sample frame; `render` renders a chunk of frames. */
export const RENDER_TASK_KINDS = ['render', 'check'] as const;
export type RenderTaskKind = (typeof RENDER_TASK_KINDS)[number];

export const RENDER_PRIORITIES = ['standard', 'express'] as const;
export type RenderPriority = (typeof RENDER_PRIORITIES)[number];

/** Blender's names of the output formats offered (`-F`). */
export const RENDER_FORMATS = ['PNG', 'JPEG', 'OPEN_EXR'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];

export const RENDER_PAUSE_REASONS = ['customer', 'balance'] as const;
export type RenderPauseReason = (typeof RENDER_PAUSE_REASONS)[number];

/** How one attempt of a task on a node ended. `expired`: its lease ran out (the node went quiet). */
export const RENDER_ATTEMPT_OUTCOMES = ['completed', 'failed', 'expired', 'released', 'canceled'] as const;
export type RenderAttemptOutcome = (typeof RENDER_ATTEMPT_OUTCOMES)[number];

/** A node's own word for what it does; `offline` and `disabled` are the manager's (last seen, enabled). */
export const RENDER_NODE_STATUSES = ['idle', 'busy', 'offline', 'asleep', 'disabled'] as const;
export type RenderNodeStatus = (typeof RENDER_NODE_STATUSES)[number];

/** What the scene check found (the node's report, see docs/decisions/0014-render-node-protocol.md). */
export type RenderFindings = Record<string, unknown>;

/** A customer's render of one Blender scene from one of their drives. */
export const renderJobs = pgTable(
  'render_jobs',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    userId: ownerColumn(),
    driveId: integer('drive_id')
      .notNull()
      .references(() => drives.id),
    name: text('name').notNull(),
    /** The `.blend` file's path inside the drive. */
    scenePath: text('scene_path').notNull(),
    /** The scene as checked: a node's download must be these bytes (a changed file is refused). */
    sceneSha256: text('scene_sha256').notNull(),
    sceneSize: bigint('scene_size', { mode: 'number' }).notNull(),
    /** The scene check's findings, once a node reported them. */
    findings: jsonb('findings').$type<RenderFindings>(),
    /** Seconds one frame took in the check, at the scene's own settings (the estimate's base). */
    frameSeconds: doublePrecision('frame_seconds'),
    /** The frames as the customer typed them (`1-250`, `1,5,10-20`, `1-100x5`); null until submitted. */
    frames: text('frames'),
    framesTotal: integer('frames_total').notNull().default(0),
    chunk: integer('chunk'),
    format: text('format').$type<RenderFormat>(),
    resolutionPercent: integer('resolution_percent'),
    /** Cycles samples instead of the scene's own; null keeps the scene's. */
    samples: integer('samples'),
    denoise: boolean('denoise').notNull().default(false),
    priority: text('priority').$type<RenderPriority>().notNull().default('standard'),
    status: text('status').$type<RenderJobStatus>().notNull().default('checking'),
    pauseReason: text('pause_reason').$type<RenderPauseReason>(),
    /** Why it failed, in Persian for the customer (the log tail is on the failed task). */
    failureReason: text('failure_reason'),
    /** Rial: the estimate at submission, and its range. */
    estimate: bigint('estimate', { mode: 'number' }),
    estimateLow: bigint('estimate_low', { mode: 'number' }),
    estimateHigh: bigint('estimate_high', { mode: 'number' }),
    /** The tier's price per node-minute, frozen at submission (Rial). */
    pricePerMinute: bigint('price_per_minute', { mode: 'number' }),
    /** Rial charged so far: the sum of its tasks' ledger lines. */
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    /** The folder of its frames in the drive: `renders/<job uuid>`. */
    outputPath: text('output_path').notNull(),
    /** The submit form's key: a double submit finds the job the first one queued. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** When its failed tasks were last requeued: failures before it no longer count (3 nodes, blocklist). */
    requeuedAt: timestamp('requeued_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('render_jobs_status_check', sql`${t.status} in (${sqlList(RENDER_JOB_STATUSES)})`),
    check('render_jobs_priority_check', sql`${t.priority} in (${sqlList(RENDER_PRIORITIES)})`),
    check(
      'render_jobs_format_check',
      sql`${t.format} is null or ${t.format} in (${sqlList(RENDER_FORMATS)})`,
    ),
    check(
      'render_jobs_pause_check',
      sql`${t.pauseReason} is null or ${t.pauseReason} in (${sqlList(RENDER_PAUSE_REASONS)})`,
    ),
    check('render_jobs_cost_check', sql`${t.cost} >= 0`),
    index('render_jobs_user_idx').on(t.userId, t.id),
    index('render_jobs_status_idx').on(t.status),
    uniqueIndex('render_jobs_idempotency_unique').on(t.userId, t.idempotencyKey),
  ],
);

/** A render node: a machine that claims tasks over /render-node/v1. */
export const renderNodes = pgTable(
  'render_nodes',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    name: text('name').notNull(),
    /** SHA-256 (hex) of the node token; the token itself is shown once, at enrolment. */
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status').$type<RenderNodeStatus>().notNull().default('idle'),
    blenderVersion: text('blender_version'),
    cores: integer('cores'),
    location: text('location'),
    notes: text('notes'),
    enabled: boolean('enabled').notNull().default(true),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('render_nodes_status_check', sql`${t.status} in (${sqlList(RENDER_NODE_STATUSES)})`)],
);

/** A chunk of a job's frames (or its scene check), claimed by one node at a time under a lease. */
export const renderTasks = pgTable(
  'render_tasks',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    jobId: integer('job_id')
      .notNull()
      .references(() => renderJobs.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RenderTaskKind>().notNull(),
    /** Inclusive frame range (with the job's step); null for a check. */
    frameStart: integer('frame_start'),
    frameEnd: integer('frame_end'),
    /** Every `step`th frame of the range (the `x5` of `1-100x5`). */
    frameStep: integer('frame_step').notNull().default(1),
    status: text('status').$type<RenderTaskStatus>().notNull().default('queued'),
    /** Claims so far (an expired lease's claim counts). */
    attempts: integer('attempts').notNull().default(0),
    nodeId: integer('node_id').references(() => renderNodes.id),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    renderSeconds: doublePrecision('render_seconds'),
    /** Rial charged for it (its one ledger line). */
    cost: bigint('cost', { mode: 'number' }),
    /** File names uploaded in its current attempt (of the names it expects). */
    outputs: jsonb('outputs').$type<string[]>().notNull().default([]),
    /** The last frame a node reported rendering, for the live grid. */
    lastFrame: integer('last_frame'),
    /** The last lines of Blender's output (kept short). */
    logTail: text('log_tail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('render_tasks_status_check', sql`${t.status} in (${sqlList(RENDER_TASK_STATUSES)})`),
    check('render_tasks_kind_check', sql`${t.kind} in (${sqlList(RENDER_TASK_KINDS)})`),
    index('render_tasks_job_idx').on(t.jobId, t.id),
    // A claim takes a job's oldest queued task: found without walking the tasks already done.
    index('render_tasks_job_queued_idx').on(t.jobId, t.id).where(sql`${t.status} = 'queued'`),
    // The claim's scan: queued work, and leases that may have run out.
    index('render_tasks_queued_idx').on(t.status, t.id),
    index('render_tasks_node_idx').on(t.nodeId),
  ],
);

/** Each claim of a task by a node and how it ended: the blocklist and the 3-nodes rule count these. */
export const renderTaskAttempts = pgTable(
  'render_task_attempts',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => renderTasks.id, { onDelete: 'cascade' }),
    /** Denormalised from the task: «failed this job 3 times» is one indexed count. */
    jobId: integer('job_id')
      .notNull()
      .references(() => renderJobs.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => renderNodes.id),
    outcome: text('outcome').$type<RenderAttemptOutcome>().notNull(),
    reason: text('reason'),
    log: text('log'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('render_task_attempts_outcome_check', sql`${t.outcome} in (${sqlList(RENDER_ATTEMPT_OUTCOMES)})`),
    index('render_task_attempts_task_idx').on(t.taskId),
    index('render_task_attempts_job_node_idx').on(t.jobId, t.nodeId),
  ],
);

/** One-time tokens an admin issues for a new node (24 h, hashed at rest). */
export const renderEnrolmentTokens = pgTable('render_enrolment_tokens', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** The node it became. */
  nodeId: integer('node_id').references(() => renderNodes.id),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A node kept off a job (it failed it 3 times): the claim never offers it that job's tasks. */
export const renderNodeBlocklist = pgTable(
  'render_node_blocklist',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => renderJobs.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => renderNodes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.nodeId] })],
);

/**
 * When each customer's work was last handed to a node: the claim serves the customer waiting
 * longest first (fair share), so one customer's 10,000 frames do not hold up another's two.
 */
export const renderTurns = pgTable('render_turns', {
  userId: ownerColumn({ cascade: true }).primaryKey(),
  servedAt: timestamp('served_at', { withTimezone: true }).notNull(),
});

export type RenderJob = typeof renderJobs.$inferSelect;
export type RenderTask = typeof renderTasks.$inferSelect;
export type RenderNode = typeof renderNodes.$inferSelect;
export type RenderTaskAttempt = typeof renderTaskAttempts.$inferSelect;
