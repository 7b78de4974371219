import { and, count, eq, ne } from 'drizzle-orm';
import { countingBlocker, type DeleteBlockerCheck } from '../accounts';
import { drives } from './tables';

/**
 * An account with a drive that is not deleted cannot go: the drive holds the customer's files and
 * is renewed from the wallet every month; deleting it (or letting it lapse) comes first.
 */
export const drivesBlocker: DeleteBlockerCheck = countingBlocker(
  'drives',
  async (user, db) => {
    const [row] = await db
      .select({ n: count() })
      .from(drives)
      .where(and(eq(drives.userId, user.id), ne(drives.status, 'deleted')));
    return row?.n ?? 0;
  },
  (n) => `${n} فضای ذخیره‌سازی دارید؛ پیش از حذف حساب، فایل‌هایتان را بردارید و فضاها را حذف کنید.`,
);
