import type { DeleteBlockerCheck } from '../app-module';

/** Money left in the wallet belongs to the customer: it is refunded before the account goes. */
export const balanceBlocker: DeleteBlockerCheck = async (user) =>
  user.balance > 0
    ? {
        code: 'balance',
        message: 'کیف پول شما هنوز موجودی دارد؛ پیش از حذف حساب، درخواست بازگشت وجه بدهید.',
      }
    : null;
