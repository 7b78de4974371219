import type { Database } from '../../db/client';
import { unpaidInvoicesBlocker } from '../billing/unpaid-invoices-blocker';
import { machinesBlocker } from '../instances/machines-blocker';
import type { User } from '../users/tables';

/** One reason an account cannot be deleted yet, in Persian, with a stable code for the client. */
export interface DeleteBlocker {
  code: string;
  message: string;
}

/**
 * A check that may block deleting an account. Each module that holds something a customer must
 * settle first contributes one: billing (balance, unpaid invoices), instances (machines).
 */
export type DeleteBlockerCheck = (user: User, db: Database) => Promise<DeleteBlocker | null>;

/** Money left in the wallet belongs to the customer: it is refunded before the account goes. */
export const balanceBlocker: DeleteBlockerCheck = async (user) =>
  user.balance > 0
    ? {
        code: 'balance',
        message: 'کیف پول شما هنوز موجودی دارد؛ پیش از حذف حساب، درخواست بازگشت وجه بدهید.',
      }
    : null;

/** The checks every deletion runs; each other module that holds something to settle adds its own. */
export const DEFAULT_DELETE_BLOCKERS: DeleteBlockerCheck[] = [
  balanceBlocker,
  unpaidInvoicesBlocker,
  machinesBlocker,
];
