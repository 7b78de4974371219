import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { User } from '../users';
import { type ApprovedIdentity, approvedIdentityOf, savedBillTo } from '../verification';
import type { BillToValues } from './invoices/contracts';
import { type BillTo, invoices } from './tables';

/** The bill-to of a customer who gave nothing more than their name. */
export function billToOf(user: Pick<User, 'name'>): BillTo {
  return { kind: 'person', name: user.name };
}

/** The bill-to an approved identity alone makes: a company's economic code is its national ID. */
function billToOfIdentity(identity: ApprovedIdentity): BillTo | null {
  if (identity.type === 'legal') {
    if (!identity.companyName || !identity.companyNationalId) return null;
    return {
      kind: 'company',
      name: identity.companyName,
      company_id: identity.companyNationalId,
      economic_code: identity.companyNationalId,
    };
  }
  if (!identity.personName || !identity.nationalCode) return null;
  return { kind: 'person', name: identity.personName, national_code: identity.nationalCode };
}

/**
 * A bill-to with the approved identity's name and codes over typed ones, when both are of one kind
 * (a person's check does not rename the company they buy for). What the check proved is what the
 * invoice names; the address and postal code stay the customer's.
 */
export function withIdentity(billTo: BillTo, identity: ApprovedIdentity | null): BillTo {
  if (!identity) return billTo;
  const proved = billToOfIdentity(identity);
  if (!proved || proved.kind !== billTo.kind) return billTo;
  if (proved.kind === 'person') return { ...billTo, name: proved.name, national_code: proved.national_code };
  return {
    ...billTo,
    name: proved.name,
    company_id: proved.company_id,
    economic_code: billTo.economic_code || proved.economic_code,
  };
}

/**
 * What a new invoice of this customer is made out to: the bill-to profile saved on
 * Panel/Account/Edit, else the bill-to of their latest invoice that carried official details (an
 * address and postal code), else their approved identity, else just their name; in each case with
 * the approved identity's name and codes (withIdentity). Frozen on the invoice when it is issued.
 */
export async function currentBillTo(db: Database, user: { id: number; name: string }): Promise<BillTo> {
  // One after another: `db` may be a transaction (one connection, one query at a time).
  const identity = await approvedIdentityOf(db, user.id);
  const saved = await savedBillTo(db, user.id);
  if (saved) return withIdentity(saved as unknown as BillTo, identity);
  const [row] = await db
    .select({ billTo: invoices.billTo })
    .from(invoices)
    .where(and(eq(invoices.userId, user.id), sql`${invoices.billTo} ->> 'postal_code' is not null`))
    .orderBy(desc(invoices.id))
    .limit(1);
  if (row?.billTo) return withIdentity(row.billTo, identity);
  return (identity && billToOfIdentity(identity)) ?? billToOf(user);
}
