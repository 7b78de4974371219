import type { InstancePower, InstanceStatus } from './tables';

/**
 * The two state axes of a machine (docs/domain.md, Instances), as pure functions: which changes are
 * legal and which power actions a state allows. Services and job handlers ask here before they
 * write, so the rules live in one place.
 */

export const POWER_ACTIONS = ['start', 'stop', 'restart'] as const;
export type PowerAction = (typeof POWER_ACTIONS)[number];

/** `status`: the life of the machine from order to deletion. */
export const STATUS_TRANSITIONS: Record<InstanceStatus, readonly InstanceStatus[]> = {
  pending: ['provisioning'],
  provisioning: ['ready', 'provision_failed'],
  provision_failed: ['provisioning', 'deleting'],
  // ready → provisioning is a reinstall: the machine is made again from an image.
  ready: ['suspended', 'deleting', 'provisioning'],
  suspended: ['ready', 'deleting'],
  deleting: ['deleted', 'deletion_failed'],
  deletion_failed: ['deleting'],
  deleted: [],
};

/**
 * `power`, meaningful while `ready`: stopped → starting → running → stopping → stopped. A start
 * that fails falls back to stopped, a stop that fails back to running, and a restart goes from
 * stopping straight to starting.
 */
export const POWER_TRANSITIONS: Record<InstancePower, readonly InstancePower[]> = {
  stopped: ['starting'],
  starting: ['running', 'stopped'],
  running: ['stopping'],
  stopping: ['stopped', 'running', 'starting'],
};

export function canChangeStatus(from: InstanceStatus, to: InstanceStatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

export function canChangePower(from: InstancePower, to: InstancePower): boolean {
  return POWER_TRANSITIONS[from].includes(to);
}

/** The power state a request moves the machine to at once; the job then finishes the change. */
export const POWER_ON_REQUEST: Record<PowerAction, InstancePower> = {
  start: 'starting',
  stop: 'stopping',
  restart: 'stopping',
};

/** The power states in which a job of this action is still under way (restart passes through two). */
export const POWER_IN_PROGRESS: Record<PowerAction, readonly InstancePower[]> = {
  start: ['starting'],
  stop: ['stopping'],
  restart: ['stopping', 'starting'],
};

const NOT_READY: Partial<Record<InstanceStatus, string>> = {
  pending: 'این سرور هنوز در صف آماده‌سازی است؛ پس از آماده شدن می‌توانید روشنش کنید.',
  provisioning: 'این سرور در حال آماده‌سازی است؛ پس از آماده شدن می‌توانید روشنش کنید.',
  provision_failed: 'آماده‌سازی این سرور ناموفق بوده است؛ برای پیگیری با پشتیبانی تماس بگیرید.',
  suspended: 'این سرور معلق شده است و تا رفع تعلیق نمی‌توان روشن یا خاموشش کرد.',
  deleting: 'این سرور در حال حذف است.',
  deletion_failed: 'حذف این سرور ناتمام مانده است؛ پشتیبانی در حال پیگیری است.',
  deleted: 'این سرور حذف شده است.',
};

const BUSY: Partial<Record<InstancePower, string>> = {
  starting: 'سرور در حال روشن شدن است؛ چند لحظه صبر کنید.',
  stopping: 'سرور در حال خاموش شدن است؛ چند لحظه صبر کنید.',
};

/** The power actions a machine in this state allows (the panel's buttons, the API's `actions`). */
export function allowedPowerActions(status: InstanceStatus, power: InstancePower): PowerAction[] {
  if (status !== 'ready') return [];
  if (power === 'stopped') return ['start'];
  if (power === 'running') return ['stop', 'restart'];
  return [];
}

export type PowerCheck = { allowed: true; next: InstancePower } | { allowed: false; reason: string };

/** Whether `action` may be asked of a machine in this state, and if not, why (Persian). */
export function checkPowerAction(
  status: InstanceStatus,
  power: InstancePower,
  action: PowerAction,
): PowerCheck {
  if (status !== 'ready') return { allowed: false, reason: NOT_READY[status]! };
  const busy = BUSY[power];
  if (busy) return { allowed: false, reason: busy };
  if (allowedPowerActions(status, power).includes(action)) {
    return { allowed: true, next: POWER_ON_REQUEST[action] };
  }
  return {
    allowed: false,
    reason: power === 'running' ? 'سرور همین حالا روشن است.' : 'سرور خاموش است؛ نخست روشنش کنید.',
  };
}
