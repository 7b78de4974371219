import type { AppModule } from '../app-module';
import { seedDemoUsers } from './seed';

/** People and their roles: the account rows every other module points at. */
export const usersModule: AppModule = {
  name: 'users',
  // Each signed-in browser listens on its own user's channel (balance, machines, notices).
  channels: [
    // A suspended account still hears about its own account.
    { pattern: 'users.{id}', allowSuspended: true, authorize: (_db, user, id) => user.id === Number(id) },
  ],
  seed: seedDemoUsers,
};
