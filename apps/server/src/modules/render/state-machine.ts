import type { RenderJobStatus, RenderPauseReason, RenderTaskStatus } from './tables';

/**
 * The two state machines of render jobs (docs/render-jobs.md), as pure functions beside the
 * machines' (instances/state-machine.ts): which changes are legal, and which customer actions a
 * job's state allows, with the Persian reason when it does not. The service and the node
 * protocol ask here before they write.
 */

export const JOB_TRANSITIONS: Record<RenderJobStatus, readonly RenderJobStatus[]> = {
  // Submitted, or the check found the scene unusable, or the customer walked away.
  checking: ['queued', 'failed', 'canceled'],
  queued: ['active', 'paused', 'canceled'],
  active: ['paused', 'completed', 'failed', 'canceled'],
  // Resumed: back to the queue, or straight to active when frames are already done.
  paused: ['queued', 'active', 'canceled'],
  // Requeueing the failed tasks puts the job back in the queue.
  failed: ['queued'],
  completed: [],
  canceled: [],
};

export const TASK_TRANSITIONS: Record<RenderTaskStatus, readonly RenderTaskStatus[]> = {
  queued: ['active', 'canceled'],
  // active → queued: a failure with nodes left to try, a lease that ran out, a release, a pause.
  active: ['completed', 'queued', 'failed', 'canceled'],
  // Requeued by the customer or staff (a failed job's tasks, failed and cancelled by the failure).
  failed: ['queued'],
  canceled: ['queued'],
  completed: [],
};

export function canChangeJob(from: RenderJobStatus, to: RenderJobStatus): boolean {
  return JOB_TRANSITIONS[from].includes(to);
}

export function canChangeTask(from: RenderTaskStatus, to: RenderTaskStatus): boolean {
  return TASK_TRANSITIONS[from].includes(to);
}

/** Job statuses whose tasks a node may be handed (a check runs while `checking`). */
export const CLAIMABLE_JOB_STATUSES: readonly RenderJobStatus[] = ['checking', 'queued', 'active'];

export const JOB_ACTIONS = ['pause', 'resume', 'cancel', 'requeue'] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

/** The state an action moves a job to, given what its tasks have done so far. */
export type JobActionCheck = { allowed: true; next: RenderJobStatus } | { allowed: false; reason: string };

const FINISHED: Partial<Record<RenderJobStatus, string>> = {
  completed: 'این رندر تمام شده است و کاری روی آن نمی‌توان کرد.',
  canceled: 'این رندر لغو شده است و کاری روی آن نمی‌توان کرد.',
};

/**
 * Whether the customer (or staff) may `action` a job in `status`; `started` says whether any of
 * its frames were rendered (a resumed job goes back to `active` then, else to `queued`).
 */
export function checkJobAction(
  status: RenderJobStatus,
  action: JobAction,
  options: { started?: boolean; pauseReason?: RenderPauseReason | null } = {},
): JobActionCheck {
  const finished = FINISHED[status];
  if (finished) return { allowed: false, reason: finished };
  switch (action) {
    case 'pause':
      if (status === 'queued' || status === 'active') return { allowed: true, next: 'paused' };
      if (status === 'paused') return { allowed: false, reason: 'این رندر همین حالا متوقف است.' };
      if (status === 'checking')
        return { allowed: false, reason: 'این رندر هنوز ثبت نشده است؛ بررسی صحنه را لغو کنید.' };
      return {
        allowed: false,
        reason: 'رندر ناموفق را نمی‌توان متوقف کرد؛ کارهای ناموفق را دوباره در صف بگذارید.',
      };
    case 'resume':
      if (status === 'paused') return { allowed: true, next: options.started ? 'active' : 'queued' };
      return { allowed: false, reason: 'فقط رندر متوقف‌شده را می‌توان ادامه داد.' };
    case 'cancel':
      if (canChangeJob(status, 'canceled')) return { allowed: true, next: 'canceled' };
      return {
        allowed: false,
        reason: 'رندر ناموفق را نمی‌توان لغو کرد؛ هزینه‌ای هم برای ادامه‌اش گرفته نمی‌شود.',
      };
    case 'requeue':
      if (status === 'failed') return { allowed: true, next: 'queued' };
      return { allowed: false, reason: 'فقط کارهای رندر ناموفق را می‌توان دوباره در صف گذاشت.' };
  }
}

/** The actions a job's page offers (its buttons). */
export function allowedJobActions(status: RenderJobStatus): JobAction[] {
  return JOB_ACTIONS.filter((action) => checkJobAction(status, action).allowed);
}
