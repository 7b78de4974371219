import type { AppModule } from '../app-module';
import { seedDemoCatalog } from './seed';

/** What can be rented and where: plans, locations, hosts, ports, images, limits and settings. */
export const catalogModule: AppModule = {
  name: 'catalog',
  seed: seedDemoCatalog,
};
