import { and, count, eq } from 'drizzle-orm';
import { countingBlocker, type DeleteBlockerCheck } from '../accounts';
import { invoices } from './tables';

/**
 * An account with an invoice still waiting for payment cannot go: the invoice is a debt (usage,
 * manual) or a transfer the customer may already have made (top-up), and either needs settling.
 */
export const unpaidInvoicesBlocker: DeleteBlockerCheck = countingBlocker(
  'unpaid_invoices',
  async (user, db) => {
    const [row] = await db
      .select({ n: count() })
      .from(invoices)
      .where(and(eq(invoices.userId, user.id), eq(invoices.status, 'pending')));
    return row?.n ?? 0;
  },
  (n) => `${n} صورت‌حساب پرداخت‌نشده دارید؛ پیش از حذف حساب آن‌ها را بپردازید یا لغو کنید.`,
);
