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
 * account deletion and the demo seed loop over. Order matters twice: a module's services may use
 * those of modules above it, and its demo seed may point at records of modules above it.
 */
export const modules: readonly AppModule[] = [
  jobsModule,
  sessionsModule,
  activityModule,
  broadcastingModule,
  botCheckModule,
  usersModule,
  authModule,
  accountsModule,
  verificationModule,
  catalogModule,
  instancesModule,
  contentModule,
  billingModule,
  supportModule,
  drivesModule,
  // After the modules whose records its demo notifications point at (users, machines, tickets).
  notificationsModule,
  apiModule,
  dashboardModule,
  // Last: its services use the instances and accounts services, its demo the users and the wallet.
  adminModule,
];
