import type { AppModule } from '../app-module';
import { bearerGuard } from './bearer-guard';
import { apiRoutes } from './routes';

/** The customer JSON API's own routes (`/api/v1/me`, ledger); other modules add theirs. */
export const apiModule: AppModule = {
  name: 'api',
  routes: [apiRoutes],
  // Every `access: 'api'` route, whichever module declares it, is checked by this guard.
  routeGuards: [bearerGuard],
};
