import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { savedBillTo } from '../verification/queries';
import { billToOf } from './invoices';
import type { BillToValues } from './invoices/contracts';
import { type BillTo, invoices } from './tables';

/**
 * What a new invoice of this customer is made out to: the bill-to profile saved on
 * Panel/Account/Edit, else the bill-to of their latest invoice that carried official details (an
 * address and postal code), else just their name. Frozen on the invoice when it is issued.
 */
export async function currentBillTo(db: Database, user: { id: number; name: string }): Promise<BillTo> {
  // The profile the customer keeps on Panel/Account/Edit comes first.
  const saved = await savedBillTo(db, user.id);
  if (saved) return saved as unknown as BillTo;
  const [row] = await db
    .select({ billTo: invoices.billTo })
    .from(invoices)
    .where(and(eq(invoices.userId, user.id), sql`${invoices.billTo} ->> 'postal_code' is not null`))
    .orderBy(desc(invoices.id))
    .limit(1);
  return row?.billTo ?? billToOf(user);
}

/** A bill-to as the form fields show it (every field a string). */
export function billToValues(billTo: BillTo | null, fallbackName: string): BillToValues {
  return {
    kind: billTo?.kind ?? 'person',
    name: billTo?.name ?? fallbackName,
    national_code: billTo?.national_code ?? '',
    company_id: billTo?.company_id ?? '',
    economic_code: billTo?.economic_code ?? '',
    address: billTo?.address ?? '',
    postal_code: billTo?.postal_code ?? '',
  };
}
