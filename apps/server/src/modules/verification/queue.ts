import { count, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { verificationRequests } from './tables';

/** Identity checks a reviewer has to look at. */
export async function pendingVerificationCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(verificationRequests)
    .where(inArray(verificationRequests.status, ['submitted', 'under_review']));
  return row?.n ?? 0;
}
