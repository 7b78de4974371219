import type { AppModule } from '../app-module';
import { adminPlanRoutes } from './admin-plan-routes';
import { createPlanAdmin, type PlanAdmin } from './admin-plans';
import { seedDemoCatalog } from './seed';

declare module '../../service-types' {
  interface Services {
    planAdmin: PlanAdmin;
  }
}

/** What can be rented and where: plans, locations, hosts, ports, images, limits and settings. */
export const catalogModule: AppModule = {
  name: 'catalog',
  routes: [adminPlanRoutes],
  services: ({ db }) => ({ planAdmin: createPlanAdmin(db) }),
  seed: seedDemoCatalog,
};
