import type { AppModule } from '../app-module';
import { apiTokenRoutes } from './api-token-routes';
import { balanceBlocker } from './delete-blockers';
import { accountRoutes } from './routes';

/** The signed-in person's own account: profile, photo, password, 2FA, sessions, API tokens, deletion. */
export const accountsModule: AppModule = {
  name: 'accounts',
  routes: [accountRoutes, apiTokenRoutes],
  deleteBlockers: [balanceBlocker],
};
