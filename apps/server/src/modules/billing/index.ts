import type { AppModule } from '../app-module';
import { seedDemoWallet } from './seed';
import { unpaidInvoicesBlocker } from './unpaid-invoices-blocker';

/** Money: the wallet ledger, invoices and payments. */
export const billingModule: AppModule = {
  name: 'billing',
  deleteBlockers: [unpaidInvoicesBlocker],
  seed: seedDemoWallet,
};
