import type { AppModule } from '../app-module';
import { adminInvoiceRoutes } from './admin-invoice-routes';
import { adminPaymentRoutes } from './admin-payment-routes';
import { createPaymentGateway } from './gateway';
import { invoiceRoutes } from './invoice-routes';
import { createInvoices, type Invoices } from './invoice-service';
import { itemRoutes } from './items-routes';
import { createLedgerDaysJobHandler, ensureLedgerDays, LEDGER_DAYS_JOB } from './ledger-days-job';
import { latestMachineCharge, machineCharges } from './machine-charges';
import {
  createMonthlyStatementJobHandler,
  ensureMonthlyStatements,
  MONTHLY_STATEMENTS_JOB,
} from './monthly-statement-job';
import { paymentRoutes } from './payment-routes';
import { createPayments, type Payments } from './payments';
import { createReconcileJobHandler, ensurePaymentReconciler, RECONCILE_JOB } from './reconcile-job';
import { seedDemoWallet } from './seed';
import { readBillingSettings } from './settings';
import { testGatewayRoutes } from './test-gateway-routes';
import { unpaidInvoicesBlocker } from './unpaid-invoices-blocker';
import { createUsageTickJobHandler, ensureUsageTick, USAGE_TICK_JOB } from './usage-tick-job';

declare module '../../service-types' {
  interface Services {
    payments: Payments;
    invoices: Invoices;
  }
}

/** Money: the wallet ledger, per-minute usage, invoices and payments. */
export const billingModule: AppModule = {
  name: 'billing',
  routes: [
    itemRoutes,
    paymentRoutes,
    adminPaymentRoutes,
    testGatewayRoutes,
    invoiceRoutes,
    adminInvoiceRoutes,
  ],
  services: ({ config, db, broadcaster, log }) => {
    const payments = createPayments({
      db,
      broadcaster,
      gateway: createPaymentGateway(config, db),
      appUrl: config.APP_URL,
      log,
    });
    const invoices = createInvoices({
      db,
      broadcaster,
      kycRoom: payments.kycRoom,
      onPublishError: (err) => log.warn({ err }, 'invoice event not published'),
    });
    return {
      payments,
      invoices,
      // What the machines' pages read of money (instances/machine-money.ts): from the ledger.
      machineMoney: {
        vatRate: async (db) => (await readBillingSettings(db)).vatRate,
        charges: machineCharges,
        latestCharge: latestMachineCharge,
      },
    };
  },
  jobs: ({ db, broadcaster, services, log }) => ({
    [USAGE_TICK_JOB]: createUsageTickJobHandler({
      db,
      broadcaster,
      requestPower: services.instances.requestPower,
      log,
    }),
    [RECONCILE_JOB]: createReconcileJobHandler(db, services.payments),
    [MONTHLY_STATEMENTS_JOB]: createMonthlyStatementJobHandler({ db, log }),
    [LEDGER_DAYS_JOB]: createLedgerDaysJobHandler({ db, log }),
  }),
  // Running machines are charged, open payments reconciled, ended months stated and ended days kept
  // for the admin's figures, by jobs that queue themselves.
  onWorkerStart: async (db) => {
    await ensureUsageTick(db);
    await ensurePaymentReconciler(db);
    await ensureMonthlyStatements(db);
    await ensureLedgerDays(db);
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
export type {
  AdminInvoicesEditProps,
  AdminInvoicesListProps,
  AdminInvoicesMakeProps,
  PanelInvoicesEditProps,
  PanelInvoicesListProps,
  PanelInvoicesMakeProps,
} from './invoices/contracts';
