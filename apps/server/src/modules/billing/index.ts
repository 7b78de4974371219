import type { AppModule } from '../app-module';
import { itemRoutes } from './items-routes';
import { seedDemoWallet } from './seed';
import { unpaidInvoicesBlocker } from './unpaid-invoices-blocker';
import { createUsageTickJobHandler, ensureUsageTick, USAGE_TICK_JOB } from './usage-tick-job';

/** Money: the wallet ledger, per-minute usage, invoices and payments. */
export const billingModule: AppModule = {
  name: 'billing',
  routes: [itemRoutes],
  jobs: ({ db, broadcaster, services, log }) => ({
    [USAGE_TICK_JOB]: createUsageTickJobHandler({
      db,
      broadcaster,
      requestPower: services.instances.requestPower,
      log,
    }),
  }),
  // Running machines are charged every minute by the usage tick, which queues itself from then on.
  onWorkerStart: (db) => ensureUsageTick(db),
  deleteBlockers: [unpaidInvoicesBlocker],
  seed: seedDemoWallet,
};
export type { PanelItemsProps } from './contracts';
