/**
 * Wire shapes of render jobs: what the pages (Panel/Jobs/*, Care/Jobs/*, Admin/Jobs/*,
 * Admin/Nodes/*) and the API send, written once here and imported type-only by the web pages
 * (`@server/modules/render/contracts`). Rial on the wire; times ISO-8601 UTC.
 */

import type {} from '../../http/page-contracts';

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
  /** Added by the manager: the check's whole run less its sample frame, which every task spends again. */
  startup_seconds?: number;
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

// ---- pages (docs/screens.md §4b, care.jobs.*, admin.jobs.*, admin.nodes.*) ----

/** A page of a list: whether there is a next one (the lists count nothing). */
export interface RenderPageMeta {
  current_page: number;
  per_page: number;
  has_more: boolean;
}

/** `panel.jobs.list`: the customer's jobs, newest first. */
export interface PanelJobsListProps {
  jobs: { data: RenderJobView[]; meta: RenderPageMeta };
  filters: { status: string };
}

/** A drive the Make page offers, its `.blend` scenes, and where to upload one into it. */
export interface RenderSceneDrive {
  uuid: string;
  name: string;
  /** Uploads only while the drive is active. */
  can_write: boolean;
  /** The drive's tus endpoint (panel.drives.files.store). */
  upload_url: string;
  scenes: { path: string; name: string; size: number; created_at: string }[];
}

/** A submission's fields as text: the submit form's values, and a scene check's defaults on the API. */
export interface RenderSettingsText {
  frames: string;
  chunk: string;
  format: string;
  resolution: string;
  samples: string;
  priority: string;
}

/** `panel.jobs.make`: pick a scene, check it, then the settings, the estimate and the balance after it. */
export interface PanelJobsMakeProps {
  drives: RenderSceneDrive[];
  selected: { drive: string; path: string };
  /** The scene check this page is about (`?check=`): running, done (findings) or failed. */
  check: RenderJobView | null;
  /** The form's values: those in the query (`?frames=&chunk=…`), else the scene's own. */
  settings: RenderSettingsText;
  /** The estimate of `settings`, once the check is done. */
  quote: RenderQuote | null;
  /** Why the settings in the query cannot be quoted, by field. */
  quote_errors: Record<string, string>;
  /** Rial per node-minute for each priority. */
  prices: { standard: number; express: number };
  balance: number;
  kyc_status: string;
  limits: { max_frames: number; max_chunk: number; max_samples: number };
  /** Sent back with the submission: a double click queues one job. */
  idempotency_key: string;
}

/** `panel.jobs.view`: the job, its frame grid (one cell per task), and its last frame. */
export interface PanelJobsViewProps {
  job: RenderJobView;
  tasks: RenderTaskView[];
  /** The last rendered frame: its name and where its picture is served (PNG and JPEG only). */
  last_frame: { name: string; url: string | null } | null;
  /** The output folder in the drive (panel.drives.show), while the drive is there. */
  output_url: string | null;
  download_url: string | null;
}

/** A job in the staff lists: the owner and node-minutes beside it. */
export interface StaffJobRow extends RenderJobView {
  id: number;
  owner: { id: number; name: string };
  /** Node seconds charged so far (completed tasks). */
  render_seconds: number;
}

/** `care.jobs.list` / `admin.jobs.list`: stuck and failed first. */
export interface StaffJobsListProps {
  jobs: { data: StaffJobRow[]; meta: RenderPageMeta };
  filters: { q: string; status: string; priority: string; node: string; from: string; to: string };
  options: { nodes: { value: string; label: string }[] };
}

/** The owner card on staff job pages. */
export interface RenderOwnerCard {
  id: number;
  name: string;
  email: string | null;
  mobile: string | null;
  balance: number;
  kyc_status: string;
}

/** One ledger line of a job (admin.jobs.view): a completed task's charge. */
export interface RenderLedgerLine {
  id: number;
  amount: number;
  balance_after: number;
  description: string;
  created_at: string;
}

/** `care.jobs.view` / `admin.jobs.view`: the customer's view plus nodes, attempts and the owner. */
export interface StaffJobsViewProps {
  job: StaffJobRow;
  tasks: RenderTaskStaffView[];
  last_frame: { name: string; url: string | null } | null;
  owner: RenderOwnerCard;
  /** Admin only: the job's ledger lines. */
  ledger: RenderLedgerLine[] | null;
}

/** `admin.nodes.list`: every render node, live. */
export interface AdminNodesListProps {
  nodes: RenderNodeView[];
}

/** `admin.nodes.make`: the one-time enrolment token, shown once after it is issued. */
export interface AdminNodesMakeProps {
  /**
   * Null until «ساخت توکن» issues one: only its hash is kept, so it is shown on the page that
   * follows the issue and never again.
   */
  enrolment: { token: string; expires_at: string; command: string } | null;
  manager_url: string;
}

/** A task a node ran (admin.nodes.edit). */
export interface RenderNodeTaskRow {
  uuid: string;
  job: { id: number; uuid: string; name: string };
  frames: { start: number; end: number; step: number } | null;
  kind: 'render' | 'check';
  outcome: 'completed' | 'failed' | 'expired' | 'released' | 'canceled';
  reason: string | null;
  finished_at: string;
}

/** `admin.nodes.edit`: the node's settings, its blocklist and recent tasks. */
export interface AdminNodesEditProps {
  node: RenderNodeView;
  recent: RenderNodeTaskRow[];
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Panel/Jobs/List': PanelJobsListProps;
    'Panel/Jobs/Make': PanelJobsMakeProps;
    'Panel/Jobs/View': PanelJobsViewProps;
    'Care/Jobs/List': StaffJobsListProps;
    'Care/Jobs/View': StaffJobsViewProps;
    'Admin/Jobs/List': StaffJobsListProps;
    'Admin/Jobs/View': StaffJobsViewProps;
    'Admin/Nodes/List': AdminNodesListProps;
    'Admin/Nodes/Make': AdminNodesMakeProps;
    'Admin/Nodes/Edit': AdminNodesEditProps;
  }
}
