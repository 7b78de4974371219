import { createChannelRegistry } from '@renderfarm/realtime/server';
import type { Database } from '../../db/client';
import { ownsInstance } from '../instances/service';
import type { User } from '../users/tables';

/**
 * Who may listen where (docs/realtime.md). Modules add their channels here as they gain events;
 * a channel that is not defined is refused.
 */
export function defineChannels(db: Database) {
  return (
    createChannelRegistry<User>()
      .define('users.{id}', (user, id) => user.id === Number(id))
      // SCREENS.md §7: the machine's owner, and staff (care and admin) who look after it.
      .define('instances.{uuid}', (user, uuid) =>
        user.role === 'care' || user.role === 'admin' ? true : ownsInstance(db, user.id, uuid),
      )
  );
}
