import type { AppModule } from '../app-module';
import { apiTokenRoutes } from './api-token-routes';
import { CONTACT_CHANGED_JOB, createContactChangedJobHandler } from './contact-change-notice';
import { balanceBlocker } from './delete-blockers';
import { accountRoutes } from './routes';

/** The signed-in person's own account: profile, photo, password, 2FA, sessions, API tokens, deletion. */
export const accountsModule: AppModule = {
  name: 'accounts',
  routes: [accountRoutes, apiTokenRoutes],
  deleteBlockers: [balanceBlocker],
  jobs: ({ config, services }) => ({
    [CONTACT_CHANGED_JOB]: createContactChangedJobHandler({
      mailer: services.mailer,
      sms: services.sms,
      appUrl: config.APP_URL,
      siteName: 'رندر فارم ابری',
    }),
  }),
};
