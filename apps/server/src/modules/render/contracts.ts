/**
 * Wire shapes of render jobs: what the pages (Panel/Jobs/*, Care/Jobs/*, Admin/Jobs/*,
 * Admin/Nodes/*) and the API send, written once here and imported type-only by the web pages
 * (`@server/modules/render/contracts`). Rial on the wire; times ISO-8601 UTC.
 */

export type RenderJobStatusName =
  | 'checking'
  | 'queued'
  | 'active'
  | 'paused'
  | 'completed'
  | 'failed'
  | 'canceled';
export type RenderTaskStatusName = 'queued' | 'active' | 'completed' | 'failed' | 'canceled';
export type RenderJobActionName = 'pause' | 'resume' | 'cancel' | 'requeue';

/**
 * What the scene check found, as a node reports it (docs/decisions/0014-render-node-protocol.md).
 * Every field may be missing: a node reports what it could read.
 */
export interface SceneFindings {
  blender_version?: string;
  scene?: string;
  engine?: string;
  frame_start?: number;
  frame_end?: number;
  frame_step?: number;
  resolution_x?: number;
  resolution_y?: number;
  resolution_percentage?: number;
  cameras?: string[];
  active_camera?: string | null;
  output_format?: string;
  samples?: number | null;
  /** Whether the scene asks for denoising, with which denoiser, and whether the node's Blender has it. */
  denoise?: { enabled: boolean; kind: string | null; available: boolean };
  /** External files the scene needs and the node could not find (images, libraries, caches, …). */
  missing_files?: { type: string; name: string; path: string }[];
  sample_frame?: number;
  /** Seconds the sample frame took at the scene's own settings (rendering alone, no start-up). */
  sample_seconds?: number;
  /** Blender's error when the sample frame could not be rendered. */
  sample_error?: string | null;
  [key: string]: unknown;
}

/** A job as its pages list and show it. */
export interface RenderJobView {
  uuid: string;
  name: string;
  /** The scene: its drive and its path in it. */
  scene: { drive: { uuid: string; name: string }; path: string };
  status: RenderJobStatusName;
  /** `customer` or `balance` while paused. */
  pause_reason: 'customer' | 'balance' | null;
  failure_reason: string | null;
  /** The check's findings (null while it runs). */
  check: SceneFindings | null;
  /** The frames spec as typed; null until submitted. */
  frames: string | null;
  chunk: number | null;
  format: 'PNG' | 'JPEG' | 'OPEN_EXR' | null;
  resolution: number | null;
  samples: number | null;
  priority: 'standard' | 'express';
  progress: { done: number; total: number; failed: number };
  /** Rial charged so far, and the estimate at submission with its range. */
  cost: number;
  estimate: { estimate: number; low: number; high: number } | null;
  /** The folder of its frames in the drive: `renders/<job uuid>`. */
  output_path: string;
  actions: RenderJobActionName[];
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** One task of a job's frame grid. */
export interface RenderTaskView {
  uuid: string;
  kind: 'render' | 'check';
  frames: { start: number; end: number; step: number } | null;
  status: RenderTaskStatusName;
  attempts: number;
  /** Seconds Blender took, once completed. */
  render_seconds: number | null;
  cost: number | null;
  last_frame: number | null;
  outputs: string[];
  log_tail: string | null;
  started_at: string | null;
  finished_at: string | null;
}

/** What staff also see of a task: the node on it and each attempt with its reason. */
export interface RenderTaskStaffView extends RenderTaskView {
  node: { uuid: string; name: string } | null;
  attempts_log: {
    node: { uuid: string; name: string };
    outcome: 'completed' | 'failed' | 'expired' | 'released' | 'canceled';
    reason: string | null;
    finished_at: string;
  }[];
}

/** The Make page's estimate for settings not yet submitted. */
export interface RenderQuote {
  frames: number;
  tasks: number;
  /** Seconds per frame at the chosen settings (the check's measurement, scaled). */
  frame_seconds: number;
  price_per_minute: number;
  estimate: number;
  low: number;
  high: number;
  balance: number;
  balance_after: number;
}

/** A render node on Admin/Nodes. `offline` when unseen for 2 minutes; `disabled` when switched off. */
export interface RenderNodeView {
  uuid: string;
  name: string;
  status: 'idle' | 'busy' | 'offline' | 'asleep' | 'disabled';
  enabled: boolean;
  blender_version: string | null;
  cores: number | null;
  location: string | null;
  notes: string | null;
  last_seen_at: string | null;
  current_task: { uuid: string; job: { uuid: string; name: string } } | null;
  /** Failed attempts (own failures and leases that ran out), all time. */
  failures: number;
  blocklist: { job: { uuid: string; name: string }; since: string }[];
}
