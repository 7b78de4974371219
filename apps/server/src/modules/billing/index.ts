import type { AppModule } from '../app-module';
import { createPaymentGateway } from './gateway';
import { itemRoutes } from './items-routes';
import { paymentRoutes } from './payment-routes';
import { createPayments, type Payments } from './payments';
import { createReconcileJobHandler, ensurePaymentReconciler, RECONCILE_JOB } from './reconcile-job';
import { seedDemoWallet } from './seed';
import { testGatewayRoutes } from './test-gateway-routes';
import { unpaidInvoicesBlocker } from './unpaid-invoices-blocker';
import { createUsageTickJobHandler, ensureUsageTick, USAGE_TICK_JOB } from './usage-tick-job';

declare module '../../service-types' {
  interface Services {
    payments: Payments;
  }
}

/** Money: the wallet ledger, per-minute usage, invoices and payments. */
export const billingModule: AppModule = {
  name: 'billing',
  routes: [itemRoutes, paymentRoutes, testGatewayRoutes],
  services: ({ config, db, broadcaster, log }) => ({
    payments: createPayments({
      db,
      broadcaster,
      gateway: createPaymentGateway(config, db),
      appUrl: config.APP_URL,
      log,
    }),
  }),
  jobs: ({ db, broadcaster, services, log }) => ({
    [USAGE_TICK_JOB]: createUsageTickJobHandler({
      db,
      broadcaster,
      requestPower: services.instances.requestPower,
      log,
    }),
    [RECONCILE_JOB]: createReconcileJobHandler(db, services.payments),
  }),
  // Running machines are charged and open payments reconciled every minute, by jobs that queue themselves.
  onWorkerStart: async (db) => {
    await ensureUsageTick(db);
    await ensurePaymentReconciler(db);
  },
  deleteBlockers: [unpaidInvoicesBlocker],
  seed: seedDemoWallet,
};
export type {
  PanelItemsProps,
  PanelPaymentsMakeProps,
  PanelPaymentsShowProps,
  PanelPaymentsVerifyProps,
  PaymentView,
} from './contracts';
