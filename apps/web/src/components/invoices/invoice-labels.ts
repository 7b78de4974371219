import type { InvoiceRow } from '@server/modules/billing/invoices/contracts';
import { toPersianDigits } from '../../lib/digits';

/** «شمارهٔ ۱۲» once paid; before that an invoice has no number yet (numbers are given on payment). */
export function invoiceNumber(row: Pick<InvoiceRow, 'number'>): string {
  return row.number === null ? 'بدون شماره' : `شمارهٔ ${toPersianDigits(row.number)}`;
}

/** What the invoice is, in a few words: «افزایش اعتبار», «کارکرد آبان ۱۴۰۵». */
export function invoiceSubject(row: Pick<InvoiceRow, 'kind' | 'period'>, kindLabel: string): string {
  return row.period ? `${kindLabel} ${row.period}` : kindLabel;
}
