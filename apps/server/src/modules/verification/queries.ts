import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accountProfiles, verificationRequests } from './tables';

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

/**
 * The accounts that sent `nationalCode` (10 Latin digits) in an identity request past draft, as a
 * subquery of user ids for another module's list (Admin/Users/List searches by national code in
 * the same statement). A draft is typed, never sent, so it names nobody.
 */
export function accountsWithNationalCode(nationalCode: string): SQL {
  return sql`select ${verificationRequests.userId} from ${verificationRequests} where ${verificationRequests.nationalCode} = ${nationalCode} and ${verificationRequests.status} <> 'draft'`;
}

/** Who an approved identity check proved the account to be: what an official invoice names it by. */
export interface ApprovedIdentity {
  type: 'individual' | 'legal';
  /** The person's first and last name. */
  personName: string;
  nationalCode: string | null;
  companyName: string | null;
  /** شناسهٔ ملی (11 digits). */
  companyNationalId: string | null;
}

/**
 * The account's standing identity: its latest decided check (approved or later revoked), when that
 * is approved; null otherwise. A renewal waiting for review leaves the approved one standing.
 */
export async function approvedIdentityOf(db: Database, userId: number): Promise<ApprovedIdentity | null> {
  const [row] = await db
    .select()
    .from(verificationRequests)
    .where(
      sql`${verificationRequests.userId} = ${userId} and ${inArray(verificationRequests.status, ['approved', 'revoked'])}`,
    )
    .orderBy(desc(verificationRequests.id))
    .limit(1);
  if (row?.status !== 'approved') return null;
  return {
    type: row.type,
    personName: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
    nationalCode: row.nationalCode,
    companyName: row.companyName,
    companyNationalId: row.companyNationalId,
  };
}
