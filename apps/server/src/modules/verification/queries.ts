import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accountProfiles } from './tables';

/**
 * The bill-to profile an account saved on Panel/Account/Edit (null before one is saved): new
 * invoices start from it. Typed loosely here so this file needs nothing of billing.
 */
export async function savedBillTo(db: Database, userId: number): Promise<Record<string, string> | null> {
  const [row] = await db
    .select({ billTo: accountProfiles.billTo })
    .from(accountProfiles)
    .where(eq(accountProfiles.userId, userId));
  return row?.billTo ?? null;
}
