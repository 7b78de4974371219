import type { AppModule } from '../app-module';
import { supportApiRoutes } from './api-routes';
import { supportRoutes } from './routes';
import { seedDemoTickets } from './seed';
import { createSupportService, type SupportService } from './service';

declare module '../../service-types' {
  interface Services {
    support: SupportService;
  }
}

/** Help: tickets from the panel, the API and the public contact form, and staff mail. */
export const supportModule: AppModule = {
  name: 'support',
  routes: [supportApiRoutes, supportRoutes],
  services: ({ db, broadcaster, services, log }) => ({
    support: createSupportService({
      db,
      broadcaster,
      mailer: services.mailer,
      onDeliveryError: (error, what) => log.error({ err: error }, `support: ${what} failed`),
    }),
  }),
  seed: seedDemoTickets,
};
