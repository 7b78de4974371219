import type { BroadcastEvent } from '../../platform/broadcasting';
import type { Instance } from './tables';

export const INSTANCE_UPDATED = 'InstanceUpdated';

/**
 * docs/screens.md §7: `InstanceUpdated {status, power, reason?}` on the machine's channel and its
 * owner's, so an open View and the owner's lists both refresh. Ids and state only: pages reload
 * their props through their own route and policy.
 */
export function instanceUpdated(
  instance: Pick<Instance, 'uuid' | 'userId' | 'status' | 'power'>,
  reason?: string | null,
): BroadcastEvent {
  return {
    channels: [`private-instances.${instance.uuid}`, `private-users.${instance.userId}`],
    event: INSTANCE_UPDATED,
    data: {
      uuid: instance.uuid,
      status: instance.status,
      power: instance.power,
      ...(reason ? { reason } : {}),
    },
  };
}

export const ALERT_RAISED = 'AlertRaised';

/**
 * `AlertRaised` on the admins' channel: something needs an operator (a machine that could not be
 * made or deleted). The Persian title is for the admin's screen; the driver's words stay in the job.
 */
export function alertRaised(alert: {
  kind: string;
  title: string;
  instanceId: number;
  uuid: string;
}): BroadcastEvent {
  return {
    channels: ['private-admin'],
    event: ALERT_RAISED,
    data: { kind: alert.kind, title: alert.title, instance_id: alert.instanceId, uuid: alert.uuid },
  };
}
