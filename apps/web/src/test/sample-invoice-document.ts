import type { InvoiceDocument } from '@server/modules/billing/invoices/contracts';

/**
 * The parts of the official form every sample invoice shares (the demo seller, the form's eleven
 * columns and the signature boxes): page tests add their own title, buyer, rows and totals.
 */
export const OFFICIAL_FORM = {
  siteName: 'رندر فارم ابری',
  seller: [
    { label: 'فروشنده', value: 'شرکت پردازش ابری نوین‌رایان پارس (سهامی خاص)' },
    { label: 'کد اقتصادی', value: '14008123457', ltr: true },
    { label: 'شناسهٔ ملی', value: '14008123457', ltr: true },
    { label: 'شمارهٔ ثبت', value: '582416', ltr: true },
    { label: 'نشانی', value: 'استان تهران، شهر تهران، خیابان ولیعصر، کوچهٔ نگار، پلاک ۱۲، طبقهٔ ۳' },
    { label: 'کد پستی', value: '1969764513', ltr: true },
    { label: 'تلفن', value: '021-88745120', ltr: true },
  ],
  columns: [
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
  ],
  ltrColumns: [1],
  numericColumns: [0, 3, 5, 6, 7, 8, 9, 10],
  signatures: ['مهر و امضای فروشنده', 'مهر و امضای خریدار'],
} satisfies Partial<InvoiceDocument>;
