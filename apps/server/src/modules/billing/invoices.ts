import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { withTax } from '../../lib/vat';
import type { User } from '../users';
import { currentBillTo } from './bill-to';
import type { BillingSettings } from './settings';
import { billingCounters, type Invoice, invoiceItems, invoices } from './tables';

/**
 * A pending top-up invoice for `amount` Rial of wallet credit (the net; VAT by the settings of
 * the moment, frozen on the invoice). Paying it credits the wallet with its subtotal, once.
 */
export async function issueTopUpInvoice(
  tx: Database,
  user: Pick<User, 'id' | 'name'>,
  amount: number,
  settings: Pick<BillingSettings, 'vatRate' | 'taxInclusive'>,
): Promise<Invoice> {
  const money = withTax(amount, settings.vatRate, settings.taxInclusive);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      userId: user.id,
      kind: 'topup',
      status: 'pending',
      taxRate: settings.vatRate,
      ...money,
      // Made out as the customer's next invoice would be (bill-to.ts), frozen on it.
      billTo: await currentBillTo(tx, user),
    })
    .returning();
  await tx.insert(invoiceItems).values({
    invoiceId: invoice!.id,
    description: 'افزایش اعتبار کیف پول',
    quantity: 1,
    unitPrice: money.subtotal,
    amount: money.subtotal,
  });
  return invoice!;
}

/**
 * Marks a pending invoice paid and gives it the next number. The counter row is taken with
 * UPDATE … RETURNING in the caller's transaction: concurrent payers queue on its lock, and a
 * rollback gives the number back, so paid invoices are numbered 1, 2, 3… without gaps.
 */
export async function markInvoicePaid(tx: Database, invoiceId: number, at: Date): Promise<Invoice> {
  const [counter] = await tx
    .update(billingCounters)
    .set({ value: sql`${billingCounters.value} + 1` })
    .where(eq(billingCounters.name, 'invoice_number'))
    .returning();
  const [invoice] = await tx
    .update(invoices)
    .set({ status: 'paid', number: counter!.value, paidAt: at, updatedAt: at })
    .where(eq(invoices.id, invoiceId))
    .returning();
  return invoice!;
}

export async function lockInvoice(tx: Database, invoiceId: number): Promise<Invoice | undefined> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  return invoice;
}
