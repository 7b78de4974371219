import type { SellerProfile } from './seller';
import type { BillTo, InvoiceKind, InvoiceStatus } from './tables';

/**
 * The one invoice template: turns an invoice into display-ready Persian strings, so the printable
 * page and the PDF (invoice-pdf.ts) say exactly the same thing. Pure: no database, no clock.
 *
 * Amounts are in Rial, as the official form has them (the total is given in Toman too), with Persian
 * digits and the Persian thousands separator; codes keep Latin digits; dates are Jalali, Tehran time
 * (the same ICU formats as apps/web/src/lib/jalali-date.ts and money.ts, not imported from there: the
 * server does not depend on web code).
 */

export interface InvoiceDocumentItem {
  /** The line's code in our records (Latin digits), the form's «کد کالا یا خدمت». */
  code: string;
  description: string;
  quantity: number;
  /** The unit of measure («خدمت», «عدد»). */
  unit: string;
  /** Rial. */
  unitPrice: number;
  /** Rial: quantity × unit price, before any discount. */
  amount: number;
  /** Rial; none is given today, so 0. */
  discount?: number;
}

export interface InvoiceDocumentInput {
  seller: SellerProfile;
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

/**
 * A labelled line («کد ملی: 0012345678»); the label carries no colon. `ltr`: the value is a code
 * (Latin digits) that reads left to right, in its own isolate on the page.
 */
export interface InvoiceLine {
  label: string;
  value: string;
  ltr?: boolean;
}

/**
 * The official «صورتحساب فروش کالا و خدمات» (docs/decisions/0013-official-invoice.md): the seller's
 * box, the buyer's box, the lines with the form's eleven columns in Rial, the sums, the signatures.
 */
export interface InvoiceDocument {
  siteName: string;
  /** «صورت‌حساب» once paid (or refunded after payment), «پیش‌فاکتور» before (page headings). */
  title: string;
  /** The form's own title: «صورتحساب فروش کالا و خدمات», or «پیش‌فاکتور فروش کالا و خدمات». */
  formTitle: string;
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
  /** Every field of the form's seller box, «—» where a setting is empty. */
  seller: InvoiceLine[];
  /** Only the fields the invoice holds; empty when it has no bill-to. */
  buyer: InvoiceLine[];
  /** In reading order: the first column is the right-most one on the page. */
  columns: string[];
  /** The columns whose cells are codes, read left to right. */
  ltrColumns: number[];
  /** The columns that hold numbers (centred or end-aligned). */
  numericColumns: number[];
  /** One string per column, in the order of `columns`. */
  rows: string[][];
  /** The «جمع کل» row: its label spans the columns before `from`; `values` fill the rest. */
  sums: { label: string; from: number; values: string[] };
  /** Subtotal after discount, tax, total (Rial) and the total in Toman, in that order. */
  totals: InvoiceLine[];
  /** The boxes left for stamps and signatures, seller first. */
  signatures: string[];
  footer: string;
}

export const INVOICE_COLUMNS = [
  'ردیف',
  'کد کالا یا خدمت',
  'شرح کالا یا خدمت',
  'تعداد / مقدار',
  'واحد',
  'مبلغ واحد (ریال)',
  'مبلغ کل (ریال)',
  'مبلغ تخفیف (ریال)',
  'مبلغ کل پس از تخفیف (ریال)',
  'جمع مالیات و عوارض ارزش افزوده (ریال)',
  'جمع کل پس از تخفیف و مالیات و عوارض (ریال)',
];

/** Where the «جمع کل» row's sums start: «مبلغ کل (ریال)». */
const FIRST_SUM_COLUMN = 6;

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

const NONE = '—';

/** The seller's box: every field, in the form's order, «—» for an empty setting. */
function sellerLines(seller: SellerProfile): InvoiceLine[] {
  const code = (label: string, value: string): InvoiceLine =>
    value ? { label, value, ltr: true } : { label, value: NONE };
  return [
    { label: 'فروشنده', value: seller.legalName || seller.siteName },
    code('کد اقتصادی', seller.economicCode),
    code('شناسهٔ ملی', seller.nationalId),
    code('شمارهٔ ثبت', seller.registrationNo),
    { label: 'نشانی', value: seller.address ? toPersianDigits(seller.address) : NONE },
    code('کد پستی', seller.postalCode),
    code('تلفن', seller.phone),
  ];
}

function buyerLines(billTo: BillTo | null): InvoiceLine[] {
  if (!billTo) return [];
  const fields: [label: string, value: string | undefined, code: boolean][] = [
    ['خریدار', billTo.name, false],
    ['کد ملی', billTo.national_code, true],
    ['شناسهٔ ملی', billTo.company_id, true],
    ['کد اقتصادی', billTo.economic_code, true],
    ['نشانی', billTo.address, false],
    ['کد پستی', billTo.postal_code, true],
  ];
  return fields.flatMap(([label, value, code]): InvoiceLine[] => {
    const text = value?.trim();
    if (!text) return [];
    return [code ? { label, value: text, ltr: true } : { label, value: toPersianDigits(text) }];
  });
}

/**
 * Splits `total` Rial over lines in proportion to `weights`, in whole Rial that add up to `total`
 * exactly (largest remainder; ties to the earlier line). The invoice's VAT is one sum, frozen when
 * issued; the form wants it per line.
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map((x) => Math.floor(x));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, fraction: x - Math.floor(x) }))
    .sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares;
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
  const title = settled ? 'صورت‌حساب' : 'پیش‌فاکتور';

  const afterDiscount = input.items.map((item) => item.amount - (item.discount ?? 0));
  const taxes = allocate(input.tax, afterDiscount);
  const lines = input.items.map((item, index) => {
    const net = afterDiscount[index] ?? 0;
    const tax = taxes[index] ?? 0;
    return { item, net, tax, gross: net + tax };
  });
  const sum = (pick: (line: (typeof lines)[number]) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);

  return {
    siteName: input.seller.siteName,
    title,
    formTitle: `${settled ? 'صورتحساب' : 'پیش‌فاکتور'} فروش کالا و خدمات`,
    numberLabel:
      input.number === null ? 'بدون شماره (پرداخت نشده)' : `شمارهٔ ${toPersianDigits(String(input.number))}`,
    statusLabel,
    kindLabel,
    dateLabel,
    paidAtLabel,
    details,
    seller: sellerLines(input.seller),
    buyer: buyerLines(input.billTo),
    columns: [...INVOICE_COLUMNS],
    ltrColumns: [1],
    numericColumns: [0, 3, 5, 6, 7, 8, 9, 10],
    rows: lines.map(({ item, net, tax, gross }, index) => [
      formatInteger(index + 1),
      item.code,
      item.description,
      formatInteger(item.quantity),
      item.unit,
      formatInteger(item.unitPrice),
      formatInteger(item.amount),
      formatInteger(item.discount ?? 0),
      formatInteger(net),
      formatInteger(tax),
      formatInteger(gross),
    ]),
    sums: {
      label: 'جمع کل',
      from: FIRST_SUM_COLUMN,
      values: [
        formatInteger(sum((l) => l.item.amount)),
        formatInteger(sum((l) => l.item.discount ?? 0)),
        formatInteger(sum((l) => l.net)),
        formatInteger(sum((l) => l.tax)),
        formatInteger(sum((l) => l.gross)),
      ],
    },
    totals: [
      { label: 'جمع پس از تخفیف (ریال)', value: formatInteger(input.subtotal) },
      {
        label: `مالیات و عوارض ارزش افزوده (${rateFormat.format(input.taxRate)}٪) (ریال)`,
        value: formatInteger(input.tax),
      },
      { label: 'مبلغ کل (ریال)', value: formatInteger(input.total) },
      { label: 'مبلغ کل به تومان', value: formatTomanAmount(input.total) },
    ],
    signatures: ['مهر و امضای فروشنده', 'مهر و امضای خریدار'],
    footer: `این ${title} در ${input.seller.siteName} صادر شده است. مبالغ به ریال است، همان‌طور که در صورتحساب رسمی آمده است.`,
  };
}
