import { describe, expect, it } from 'vitest';
import {
  allowedJobActions,
  canChangeJob,
  canChangeTask,
  checkJobAction,
  JOB_ACTIONS,
  type JobAction,
} from './state-machine';
import { RENDER_JOB_STATUSES, RENDER_TASK_STATUSES, type RenderJobStatus } from './tables';

// Written from docs/render-jobs.md independently of the module's tables: every pair not listed is refused.
const LEGAL_JOB = new Set([
  'checking>queued',
  'checking>failed',
  'checking>canceled',
  'queued>active',
  'queued>paused',
  'queued>canceled',
  'active>paused',
  'active>completed',
  'active>failed',
  'active>canceled',
  'paused>queued',
  'paused>active',
  'paused>canceled',
  'failed>queued',
]);
const LEGAL_TASK = new Set([
  'queued>active',
  'queued>canceled',
  'active>completed',
  'active>queued',
  'active>failed',
  'active>canceled',
  'failed>queued',
  'canceled>queued',
]);
const ALLOWED: Record<RenderJobStatus, JobAction[]> = {
  checking: ['cancel'],
  queued: ['pause', 'cancel'],
  active: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  failed: ['requeue'],
  completed: [],
  canceled: [],
};
const PERSIAN = /^[\u0600-\u06FF][\u0600-\u06FF\u200c\s،؛.]+$/;

describe('render job and task state machines', () => {
  it('allows exactly the job transitions of docs/render-jobs.md', () => {
    for (const from of RENDER_JOB_STATUSES) {
      for (const to of RENDER_JOB_STATUSES) {
        expect(canChangeJob(from, to), `${from} → ${to}`).toBe(LEGAL_JOB.has(`${from}>${to}`));
      }
    }
  });

  it('allows exactly the task transitions of docs/render-jobs.md', () => {
    for (const from of RENDER_TASK_STATUSES) {
      for (const to of RENDER_TASK_STATUSES) {
        expect(canChangeTask(from, to), `${from} → ${to}`).toBe(LEGAL_TASK.has(`${from}>${to}`));
      }
    }
  });

  it('decides every action in every job state, with a Persian reason when it refuses', () => {
    for (const status of RENDER_JOB_STATUSES) {
      expect(allowedJobActions(status), status).toEqual(ALLOWED[status]);
      for (const action of JOB_ACTIONS) {
        const check = checkJobAction(status, action);
        if (ALLOWED[status].includes(action)) {
          expect(check.allowed, `${action} in ${status}`).toBe(true);
          // An allowed action always lands on a legal transition.
          if (check.allowed) expect(canChangeJob(status, check.next), `${action} in ${status}`).toBe(true);
        } else {
          expect(check.allowed, `${action} in ${status}`).toBe(false);
          if (!check.allowed) expect(check.reason, `${action} in ${status}`).toMatch(PERSIAN);
        }
      }
    }
  });

  it('resumes a job to active once frames were rendered, else to the queue', () => {
    expect(checkJobAction('paused', 'resume', { started: true })).toEqual({ allowed: true, next: 'active' });
    expect(checkJobAction('paused', 'resume', { started: false })).toEqual({ allowed: true, next: 'queued' });
    expect(checkJobAction('failed', 'requeue')).toEqual({ allowed: true, next: 'queued' });
    expect(checkJobAction('active', 'cancel')).toEqual({ allowed: true, next: 'canceled' });
  });

  it('refuses every action of a cancelled job in Persian', () => {
    for (const action of JOB_ACTIONS) {
      const check = checkJobAction('canceled', action);
      expect(check).toEqual({ allowed: false, reason: 'این رندر لغو شده است و کاری روی آن نمی‌توان کرد.' });
    }
  });
});
