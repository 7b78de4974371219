import type { AppModule } from '../app-module';
import { itemRoutes } from './items-routes';
import { seedDemoWallet } from './seed';
import { unpaidInvoicesBlocker } from './unpaid-invoices-blocker';

/** Money: the wallet ledger, invoices and payments. */
export const billingModule: AppModule = {
  name: 'billing',
  routes: [itemRoutes],
  deleteBlockers: [unpaidInvoicesBlocker],
  seed: seedDemoWallet,
};
export type { PanelItemsProps } from './contracts';
