import { describe, expect, it } from 'vitest';
import {
  allowedPowerActions,
  canChangePower,
  canChangeStatus,
  checkPowerAction,
  POWER_ACTIONS,
  POWER_IN_PROGRESS,
  POWER_ON_REQUEST,
  type PowerAction,
} from './state-machine';
import { INSTANCE_POWER_STATES, INSTANCE_STATUSES, type InstancePower, type InstanceStatus } from './tables';

// Written from docs/domain.md independently of the module's tables: every pair not listed is refused.
const LEGAL_STATUS = new Set([
  'pending>provisioning',
  'provisioning>ready',
  'provisioning>provision_failed',
  'provision_failed>provisioning',
  'provision_failed>deleting',
  'ready>suspended',
  // Reinstall (docs/domain.md): the disk is made again from an image.
  'ready>provisioning',
  'suspended>ready',
  'ready>deleting',
  'suspended>deleting',
  'deleting>deleted',
  'deleting>deletion_failed',
  'deletion_failed>deleting',
]);
const LEGAL_POWER = new Set([
  'stopped>starting',
  'starting>running',
  'running>stopping',
  'stopping>stopped',
  // Failures fall back to the previous stable state; a restart turns around in stopping.
  'starting>stopped',
  'stopping>running',
  'stopping>starting',
]);
const ALLOWED: Record<InstancePower, PowerAction[]> = {
  stopped: ['start'],
  starting: [],
  running: ['stop', 'restart'],
  stopping: [],
};

describe('instance state machine', () => {
  it('allows exactly the status transitions of docs/domain.md', () => {
    for (const from of INSTANCE_STATUSES) {
      for (const to of INSTANCE_STATUSES) {
        expect(canChangeStatus(from, to), `${from} → ${to}`).toBe(LEGAL_STATUS.has(`${from}>${to}`));
      }
    }
  });

  it('allows exactly the power transitions of docs/domain.md', () => {
    for (const from of INSTANCE_POWER_STATES) {
      for (const to of INSTANCE_POWER_STATES) {
        expect(canChangePower(from, to), `${from} → ${to}`).toBe(LEGAL_POWER.has(`${from}>${to}`));
      }
    }
  });

  it('decides every action in every state, with a Persian reason when it refuses', () => {
    for (const status of INSTANCE_STATUSES) {
      for (const power of INSTANCE_POWER_STATES) {
        const allowed = status === 'ready' ? ALLOWED[power] : [];
        expect(allowedPowerActions(status, power), `${status}/${power}`).toEqual(allowed);
        for (const action of POWER_ACTIONS) {
          const check = checkPowerAction(status, power, action);
          if (allowed.includes(action)) {
            expect(check, `${action} in ${status}/${power}`).toEqual({
              allowed: true,
              next: action === 'start' ? 'starting' : 'stopping',
            });
          } else {
            expect(check.allowed, `${action} in ${status}/${power}`).toBe(false);
            if (!check.allowed) expect(check.reason).toMatch(/^[\u0600-\u06FF][\u0600-\u06FF\u200c\s،؛.]+$/);
          }
        }
      }
    }
  });

  it('explains refusals by what stands in the way', () => {
    const reason = (status: InstanceStatus, power: InstancePower, action: PowerAction) => {
      const check = checkPowerAction(status, power, action);
      return check.allowed ? null : check.reason;
    };
    expect(reason('ready', 'running', 'start')).toMatch(/روشن است/);
    expect(reason('ready', 'stopped', 'stop')).toMatch(/خاموش است/);
    expect(reason('ready', 'starting', 'stop')).toMatch(/در حال روشن شدن/);
    expect(reason('ready', 'stopping', 'start')).toMatch(/در حال خاموش شدن/);
    expect(reason('suspended', 'stopped', 'start')).toMatch(/معلق/);
    expect(reason('provision_failed', 'stopped', 'start')).toMatch(/آماده‌سازی/);
    expect(reason('deleted', 'stopped', 'start')).toMatch(/حذف شده/);
  });

  it('moves a request to a legal in-progress state that its job recognises', () => {
    for (const action of POWER_ACTIONS) {
      const next = POWER_ON_REQUEST[action];
      expect(POWER_IN_PROGRESS[action]).toContain(next);
      const from = action === 'start' ? 'stopped' : 'running';
      expect(canChangePower(from, next)).toBe(true);
    }
  });
});
