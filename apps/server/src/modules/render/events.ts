import type { BroadcastEvent } from '../../platform/broadcasting';
import type { RenderJobStatus, RenderTaskStatus } from './tables';

export const JOB_UPDATED = 'JobUpdated';
export const TASK_UPDATED = 'TaskUpdated';

/** The job's own channel (owner, care and admin may listen: module.ts) and its owner's. */
export const jobChannels = (job: { uuid: string; userId: number }) => [
  `private-render-jobs.${job.uuid}`,
  `private-users.${job.userId}`,
];

/** How far a job has come, as its pages show it. */
export interface JobProgress {
  status: RenderJobStatus;
  /** Frames rendered and the frames asked for. */
  done: number;
  total: number;
  /** Tasks that failed for good. */
  failed: number;
  /** Rial charged so far. */
  cost: number;
}

/**
 * docs/screens.md §7: `JobUpdated {status, done, failed, cost}` on `render-jobs.{uuid}` (and the
 * owner's channel, for the lists). Ids and state only: pages reload their props through their routes.
 */
export function jobUpdated(job: { uuid: string; userId: number }, progress: JobProgress): BroadcastEvent {
  return { channels: jobChannels(job), event: JOB_UPDATED, data: { uuid: job.uuid, ...progress } };
}

/** `TaskUpdated {task, status, frame?}` on the job's channel: the frame grid repaints one cell. */
export function taskUpdated(
  job: { uuid: string },
  task: { uuid: string; status: RenderTaskStatus },
  frame?: number | null,
): BroadcastEvent {
  return {
    channels: `private-render-jobs.${job.uuid}`,
    event: TASK_UPDATED,
    data: { task: task.uuid, status: task.status, ...(frame ? { frame } : {}) },
  };
}
