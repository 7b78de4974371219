import { accountsModule } from './accounts';
import { activityModule } from './activity';
import { adminModule } from './admin';
import { apiModule } from './api';
import type { AppModule } from './app-module';
import { authModule } from './auth';
import { billingModule } from './billing';
import { botCheckModule } from './botcheck';
import { broadcastingModule } from './broadcasting';
import { catalogModule } from './catalog';
import { contentModule } from './content';
import { dashboardModule } from './dashboard';
import { drivesModule } from './drives';
import { instancesModule } from './instances';
import { jobsModule } from './jobs';
import { notificationsModule } from './notifications';
import { sessionsModule } from './sessions';
import { supportModule } from './support';
import { usersModule } from './users';
import { verificationModule } from './verification';

/**
 * Every domain module of the app, the one list the app, the worker, the channel authoriser,
 * account deletion and the demo seed loop over. The order is the layering: a module may import
 * only modules listed above it (module-boundaries.test.ts), its services may use those of the
 * modules above it, and its demo seed may point at their records. Where a lower module needs
 * something of a higher one (a customer's log naming their machines, account deletion waiting on
 * a machine or an invoice, machine pages showing what the ledger charged), the higher module
 * contributes it through its module object or a service, and the lower one asks at run time.
 */
export const modules: readonly AppModule[] = [
  // Infrastructure every module uses: the jobs queue and the outbox to the realtime server.
  jobsModule,
  broadcastingModule,
  // People, their sessions and what they did: the rows every other module points at.
  usersModule,
  sessionsModule,
  activityModule,
  notificationsModule,
  // What can be rented, and the site's settings.
  catalogModule,
  // Signing in, the account itself, and who the person is.
  botCheckModule,
  authModule,
  accountsModule,
  verificationModule,
  // The business: machines, then the money that charges them.
  instancesModule,
  billingModule,
  apiModule,
  supportModule,
  contentModule,
  drivesModule,
  // The staff's screens over all of the above, then the homes that gather it.
  adminModule,
  dashboardModule,
];
