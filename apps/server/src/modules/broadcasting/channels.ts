import { createChannelRegistry } from '@renderfarm/realtime/server';
import type { Database } from '../../db/client';
import type { ChannelRule } from '../app-module';
import type { User } from '../users';

/**
 * Who may listen where (docs/realtime.md): every module's channel rules in one registry; a
 * channel that no module defines is refused, and so is a suspended account on any channel whose
 * rule does not allow it.
 */
export function defineChannels(db: Database, rules: ChannelRule[]) {
  const registry = createChannelRegistry<User>();
  for (const rule of rules) {
    registry.define(rule.pattern, (user, ...params: string[]) =>
      user.status === 'suspended' && !rule.allowSuspended ? false : rule.authorize(db, user, ...params),
    );
  }
  return registry;
}
