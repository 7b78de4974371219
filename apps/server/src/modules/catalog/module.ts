import type { AppModule } from '../app-module';
import { adminConfigRoutes } from './admin-config-routes';
import { type ConfigAdmin, createConfigAdmin } from './admin-configs';
import { adminHostRoutes } from './admin-host-routes';
import { createHostAdmin, type HostAdmin } from './admin-hosts';
import { adminImageRoutes } from './admin-image-routes';
import { createImageAdmin, type ImageAdmin } from './admin-images';
import { adminLimitRoutes } from './admin-limit-routes';
import { createLimitAdmin, type LimitAdmin } from './admin-limits';
import { adminPlanRoutes } from './admin-plan-routes';
import { createPlanAdmin, type PlanAdmin } from './admin-plans';
import { publicCatalogRoutes } from './public-routes';
import { seedDemoCatalog } from './seed';

declare module '../../service-types' {
  interface Services {
    planAdmin: PlanAdmin;
    hostAdmin: HostAdmin;
    limitAdmin: LimitAdmin;
    configAdmin: ConfigAdmin;
    imageAdmin: ImageAdmin;
  }
}

/** What can be rented and where: plans, locations, hosts, ports, images, limits and settings. */
export const catalogModule: AppModule = {
  name: 'catalog',
  routes: [
    publicCatalogRoutes,
    adminPlanRoutes,
    adminHostRoutes,
    adminLimitRoutes,
    adminConfigRoutes,
    adminImageRoutes,
  ],
  services: ({ db, config, services }) => ({
    planAdmin: createPlanAdmin(db),
    hostAdmin: createHostAdmin(db, config.APP_KEY),
    limitAdmin: createLimitAdmin(db),
    configAdmin: createConfigAdmin(db, config.APP_KEY, services.cache),
    imageAdmin: createImageAdmin(db),
  }),
  seed: seedDemoCatalog,
};
