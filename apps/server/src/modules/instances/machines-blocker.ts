import { and, count, eq, ne } from 'drizzle-orm';
import { countingBlocker, type DeleteBlockerCheck } from '../accounts';
import { instances } from './tables';

/**
 * An account with a machine that is not deleted cannot go: the machine still runs (and bills) on a
 * host and holds a public port, and deleting it is the customer's decision (its disk goes too).
 */
export const machinesBlocker: DeleteBlockerCheck = countingBlocker(
  'machines',
  async (user, db) => {
    const [row] = await db
      .select({ n: count() })
      .from(instances)
      .where(and(eq(instances.userId, user.id), ne(instances.status, 'deleted')));
    return row?.n ?? 0;
  },
  (n) => `${n} سرور دارید که هنوز حذف نشده است؛ پیش از حذف حساب، سرورهایتان را حذف کنید.`,
);
