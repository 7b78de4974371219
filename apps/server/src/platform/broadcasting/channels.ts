import { createChannelRegistry } from '@renderfarm/realtime/server';
import type { Database } from '../../db/client';
import type { ChannelRule } from '../../modules/app-module';

/**
 * Who may listen where (docs/realtime.md): every module's channel rules in one registry; a
 * channel that no module defines is refused, and so is a suspended account on any channel whose
 * rule does not allow it.
 */
// The signed-in person as the module shape hands them to a rule: platform names no module's types.
type ChannelUser = Parameters<ChannelRule['authorize']>[1];

export function defineChannels(db: Database, rules: ChannelRule[]) {
  const registry = createChannelRegistry<ChannelUser>();
  for (const rule of rules) {
    registry.define(rule.pattern, (user, ...params: string[]) =>
      user.status === 'suspended' && !rule.allowSuspended ? false : rule.authorize(db, user, ...params),
    );
  }
  return registry;
}
