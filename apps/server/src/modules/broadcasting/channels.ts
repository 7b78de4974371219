import { createChannelRegistry } from '@renderfarm/realtime/server';
import type { User } from '../users/tables';

/**
 * Who may listen where (docs/realtime.md). Modules add their channels here as they gain events;
 * a channel that is not defined is refused.
 */
export function defineChannels() {
  return createChannelRegistry<User>().define('users.{id}', (user, id) => user.id === Number(id));
}
