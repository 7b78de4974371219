import type { Database } from '../../db/client';
import type { User } from '../users';

/** One reason an account cannot be deleted yet, in Persian, with a stable code for the client. */
export interface DeleteBlocker {
  code: string;
  message: string;
}

/** A check that may block deleting an account; null when this module has nothing to settle. */
export type DeleteBlockerCheck = (user: User, db: Database) => Promise<DeleteBlocker | null>;

/** Money left in the wallet belongs to the customer: it is refunded before the account goes. */
export const balanceBlocker: DeleteBlockerCheck = async (user) =>
  user.balance > 0
    ? {
        code: 'balance',
        message: 'کیف پول شما هنوز موجودی دارد؛ پیش از حذف حساب، درخواست بازگشت وجه بدهید.',
      }
    : null;

/**
 * A blocker that counts what the account still holds of something (machines, unpaid invoices):
 * none lets the deletion go; otherwise the count goes into the Persian reason.
 */
export function countingBlocker(
  code: string,
  count: (user: User, db: Database) => Promise<number>,
  reason: (countInPersian: string) => string,
): DeleteBlockerCheck {
  return async (user, db) => {
    const held = await count(user, db);
    return held === 0 ? null : { code, message: reason(new Intl.NumberFormat('fa-IR').format(held)) };
  };
}
