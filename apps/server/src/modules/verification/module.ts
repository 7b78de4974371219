import type { AppModule } from '../app-module';
import { panelVerifyRoutes } from './panel-routes';
import { seedDemoVerification } from './seed';
import { createVerificationService, type VerificationService } from './service';
import { staffVerifyRoutes } from './staff-routes';

declare module '../../service-types' {
  interface Services {
    verification: VerificationService;
  }
}

/** Identity checks (KYC): the customer's wizard and account pages, care's review, admin's revoke. */
export const verificationModule: AppModule = {
  name: 'verification',
  routes: [panelVerifyRoutes, staffVerifyRoutes('care'), staffVerifyRoutes('admin')],
  services: ({ db, broadcaster, services, log }) => ({
    verification: createVerificationService({
      db,
      broadcaster,
      storage: services.storage,
      onPublishError: (error) => log.error({ err: error }, 'verification: broadcast failed'),
    }),
  }),
  seed: seedDemoVerification,
};
export type * from './contracts';
