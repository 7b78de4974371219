import type { AppModule } from '../app-module';
import { apiRoutes } from './routes';

/** The customer JSON API's own routes (`/api/v1/me`, ledger); other modules add theirs. */
export const apiModule: AppModule = {
  name: 'api',
  routes: [apiRoutes],
};
