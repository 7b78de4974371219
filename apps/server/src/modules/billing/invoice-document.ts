import type { BillTo, InvoiceKind, InvoiceStatus } from './tables';

/**
 * The one invoice template: turns an invoice into display-ready Persian strings, so the printable
 * page and the PDF (invoice-pdf.ts) say exactly the same thing. Pure: no database, no clock.
 *
 * Money is stored in Rial and shown in Toman (Rial ÷ 10, rounded half away from zero like the web's
 * `rialToToman`), with Persian digits and the Persian thousands separator; dates are Jalali, Tehran
 * time (the same ICU formats as apps/web/src/lib/jalali-date.ts and money.ts, not imported from there:
 * the server does not depend on web code).
 */

export interface InvoiceDocumentItem {
  description: string;
  quantity: number;
  /** Rial. */
  unitPrice: number;
  /** Rial. */
  amount: number;
}

export interface InvoiceDocumentInput {
  siteName: string;
  /** Assigned when the invoice is paid; null before. */
  number: number | null;
  status: InvoiceStatus;
  kind: InvoiceKind;
  issuedAt: Date;
  paidAt: Date | null;
  billTo: BillTo | null;
  items: InvoiceDocumentItem[];
  /** Rial. */
  subtotal: number;
  /** Percent, e.g. 10. */
  taxRate: number;
  /** Rial. */
  tax: number;
  /** Rial. */
  total: number;
}

/** A labelled line («کد ملی: ۰۰۱۲۳۴۵۶۷۸»); the label carries no colon. */
export interface InvoiceLine {
  label: string;
  value: string;
}

export interface InvoiceDocument {
  siteName: string;
  /** «صورت‌حساب» once paid (or refunded after payment), «پیش‌فاکتور» before. */
  title: string;
  /** «شمارهٔ ۱۲۳» (no thousands separator: it is a number, not an amount), or «بدون شماره (پرداخت نشده)» before payment. */
  numberLabel: string;
  statusLabel: string;
  kindLabel: string;
  /** Issue date, Jalali with Persian digits, Tehran time: «۱ فروردین ۱۴۰۴». */
  dateLabel: string;
  /** Payment date in the same format, or null when unpaid. */
  paidAtLabel: string | null;
  /** Issue date, payment date (when paid), status and kind, labelled. */
  details: InvoiceLine[];
  seller: InvoiceLine[];
  /** Only the fields the invoice holds; empty when it has no bill-to. */
  buyer: InvoiceLine[];
  /** In reading order: the first column is the right-most one on the page. */
  columns: string[];
  /** One string per column, in the order of `columns`. */
  rows: string[][];
  /** Subtotal, tax and total, in that order. */
  totals: InvoiceLine[];
  footer: string;
}

export const INVOICE_COLUMNS = ['ردیف', 'شرح', 'تعداد', 'مبلغ واحد (تومان)', 'مبلغ (تومان)'];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'پیش‌نویس',
  pending: 'در انتظار پرداخت',
  paid: 'پرداخت شده',
  cancelled: 'لغو شده',
  refunded: 'بازپرداخت شده',
};

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  topup: 'افزایش اعتبار',
  usage: 'کارکرد',
  manual: 'صورت‌حساب دستی',
};

const integerFormat = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 0 });
const rateFormat = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 2 });
const dateFormat = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  timeZone: 'Asia/Tehran',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

const PERSIAN_ZERO = 0x06f0;

/** Latin digits to Persian ones, everything else unchanged: "0012" → «۰۰۱۲». */
export function toPersianDigits(value: string): string {
  return value.replace(/[0-9]/g, (d) => String.fromCharCode(PERSIAN_ZERO + Number(d)));
}

/** A whole number with Persian digits and separators: 12500 → «۱۲٬۵۰۰». */
export function formatInteger(value: number): string {
  // Intl writes a negative as LRM + U+2212; a plain «-» keeps the sign on the reading side.
  return value < 0 ? `-${integerFormat.format(-value)}` : integerFormat.format(value);
}

/** Whole Toman for an amount in Rial, rounded half away from zero (as apps/web's money.ts). */
export function rialToToman(rial: number): number {
  return Math.sign(rial) * Math.round(Math.abs(rial) / 10);
}

/** The Toman amount of a Rial sum, without the unit: 1250000 → «۱۲۵٬۰۰۰». */
export function formatTomanAmount(rial: number): string {
  return formatInteger(rialToToman(rial));
}

export function formatJalaliDate(date: Date): string {
  return dateFormat.format(date);
}

function buyerLines(billTo: BillTo | null): InvoiceLine[] {
  if (!billTo) return [];
  const fields: [label: string, value: string | undefined, digits: boolean][] = [
    ['نام', billTo.name, false],
    ['کد ملی', billTo.national_code, true],
    ['شناسهٔ ملی', billTo.company_id, true],
    ['کد اقتصادی', billTo.economic_code, true],
    ['نشانی', billTo.address, true],
    ['کد پستی', billTo.postal_code, true],
  ];
  return fields.flatMap(([label, value, digits]) => {
    const text = value?.trim();
    if (!text) return [];
    return [{ label, value: digits ? toPersianDigits(text) : text }];
  });
}

export function invoiceDocument(input: InvoiceDocumentInput): InvoiceDocument {
  // A refunded invoice was paid first: it keeps its number and stays a صورت‌حساب.
  const settled = input.status === 'paid' || input.status === 'refunded';
  const statusLabel = INVOICE_STATUS_LABELS[input.status];
  const kindLabel = INVOICE_KIND_LABELS[input.kind];
  const dateLabel = formatJalaliDate(input.issuedAt);
  const paidAtLabel = input.paidAt ? formatJalaliDate(input.paidAt) : null;
  const details: InvoiceLine[] = [
    { label: 'تاریخ صدور', value: dateLabel },
    ...(paidAtLabel ? [{ label: 'تاریخ پرداخت', value: paidAtLabel }] : []),
    { label: 'وضعیت', value: statusLabel },
    { label: 'نوع', value: kindLabel },
  ];
  return {
    siteName: input.siteName,
    title: settled ? 'صورت‌حساب' : 'پیش‌فاکتور',
    numberLabel:
      input.number === null ? 'بدون شماره (پرداخت نشده)' : `شمارهٔ ${toPersianDigits(String(input.number))}`,
    statusLabel,
    kindLabel,
    dateLabel,
    paidAtLabel,
    details,
    seller: [{ label: 'فروشنده', value: input.siteName }],
    buyer: buyerLines(input.billTo),
    columns: [...INVOICE_COLUMNS],
    rows: input.items.map((item, index) => [
      formatInteger(index + 1),
      item.description,
      formatInteger(item.quantity),
      formatTomanAmount(item.unitPrice),
      formatTomanAmount(item.amount),
    ]),
    totals: [
      { label: 'جمع', value: formatTomanAmount(input.subtotal) },
      {
        label: `مالیات بر ارزش افزوده (${rateFormat.format(input.taxRate)}٪)`,
        value: formatTomanAmount(input.tax),
      },
      { label: 'مبلغ کل', value: formatTomanAmount(input.total) },
    ],
    footer: `این ${settled ? 'صورت‌حساب' : 'پیش‌فاکتور'} به‌صورت الکترونیکی در ${input.siteName} صادر شده است و به مهر و امضا نیاز ندارد. مبالغ به تومان است.`,
  };
}
