import type { AppModule } from '../app-module';
import { userHomeRoutes } from './home-routes';
import { dashboardRoutes } from './routes';

/**
 * The homes, which gather what many modules know: the hub after sign-in (Users/Home), the
 * first-visit checklist, the customer's panel, the care desk and the admin dashboard.
 */
export const dashboardModule: AppModule = {
  name: 'dashboard',
  // The hub after any sign-in first: it sends staff on to their desks below.
  routes: [userHomeRoutes, dashboardRoutes],
};
