import { platformModules } from '../platform/modules';
import { accountsModule } from './accounts/module';
import { activityModule } from './activity/module';
import { adminModule } from './admin/module';
import { apiModule } from './api/module';
import type { AppModule } from './app-module';
import { authModule } from './auth/module';
import { billingModule } from './billing/module';
import { botCheckModule } from './botcheck/module';
import { catalogModule } from './catalog/module';
import { contentModule } from './content/module';
import { dashboardModule } from './dashboard/module';
import { drivesModule } from './drives/module';
import { instancesModule } from './instances/module';
import { notificationsModule } from './notifications/module';
import { renderModule } from './render/module';
import { sessionsModule } from './sessions/module';
import { supportModule } from './support/module';
import { usersModule } from './users/module';
import { verificationModule } from './verification/module';

/**
 * The platform pieces that contribute routes or jobs (src/platform/modules.ts), then every domain
 * module of the app: the one list the app, the worker, the channel authoriser, account deletion
 * and the demo seed loop over. The order is the layering: a module may import only modules listed
 * above it (module-boundaries.test.ts), its services may use those of the modules above it, and
 * its demo seed may point at their records. Where a lower module needs something of a higher one
 * (a customer's log naming their machines, account deletion waiting on a machine or an invoice,
 * machine pages showing what the ledger charged), the higher module contributes it through its
 * module object or a service, and the lower one asks at run time.
 */
export const modules: readonly AppModule[] = [
  // Infrastructure every module uses (src/platform, knowing no business): the outbox's publish
  // job and the channel authorisation routes. It imports no module, so it sits above them all.
  ...platformModules,
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
  // Render jobs on the farm's nodes: the wallet, the drives and the jobs queue above.
  renderModule,
  // The staff's screens over all of the above, then the homes that gather it.
  adminModule,
  dashboardModule,
];
