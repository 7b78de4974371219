/**
 * The billing module's public face: what other modules, the app and the worker may use of it.
 * Everything else in this folder is the module's own (module-boundaries.test.ts).
 */

export type { MachineCharge } from './contracts';
export { WalletError } from './errors';
export type { BillTo, BillToValues } from './invoices/contracts';
export { listLedger, WALLET_TRANSACTION_TYPES } from './ledger-list';
export type { latestMachineCharge } from './machine-charges';
export {
  type DayMoney,
  dailyMoney,
  dailyUsage,
  latestPayments,
  paymentsInReview,
  usageMinutesByMachine,
} from './revenue';
export { DEFAULT_RENDER_PRICES, type RenderPrices, readRenderPrices } from './settings';
export { postLedgerEntry } from './wallet';
