import type { AppModule } from '../app-module';
import { dashboardRoutes } from './routes';

/** The three area homes: the customer's panel, the care desk and the admin dashboard. */
export const dashboardModule: AppModule = {
  name: 'dashboard',
  routes: [dashboardRoutes],
};
