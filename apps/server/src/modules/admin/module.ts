import type { AppModule } from '../app-module';
import { auditRoutes } from './audit-routes';
import { chartRoutes } from './chart-routes';
import { impersonationGuard } from './impersonation-guard';
import { impersonationRoutes } from './impersonation-routes';
import { seedDemoAudit } from './seed';
import { adminUserRoutes } from './users-routes';
import { type AdminUsers, createAdminUsers } from './users-service';
import { createWelcomeSmsJobHandler, WELCOME_SMS_JOB } from './welcome-sms-job';

declare module '../../service-types' {
  interface Services {
    adminUsers: AdminUsers;
  }
}

/**
 * The admin console (docs/screens.md §6): accounts (Admin/Users: list, make, edit, balance,
 * suspension, 2FA reset), impersonation of customers, and the staff audit (Admin/Audit).
 */
export const adminModule: AppModule = {
  name: 'admin',
  routes: [adminUserRoutes, impersonationRoutes, auditRoutes, chartRoutes],
  routeGuards: [impersonationGuard],
  services: ({ db, broadcaster, services, log }) => {
    const adminUsers = createAdminUsers({
      db,
      broadcaster,
      instances: () => services.instances,
      twoFactorDisable: (userId) => services.twoFactor.disable(userId),
      onPublishError: (error) => log.warn({ err: error }, 'admin event not published'),
    });
    return { adminUsers };
  },
  jobs: ({ config, db, services }) => ({
    [WELCOME_SMS_JOB]: createWelcomeSmsJobHandler({
      db,
      sms: services.sms,
      appUrl: config.APP_URL,
      siteName: 'رندر فارم ابری',
    }),
  }),
  // The admins' channel: AlertRaised (payments in review, failed provisioning) for Admin/Dash.
  channels: [{ pattern: 'admin', authorize: (_db, user) => user.role === 'admin' }],
  seed: seedDemoAudit,
};
