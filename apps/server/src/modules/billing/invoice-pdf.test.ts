import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bidiFactory from 'bidi-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InvoiceDocumentInput, invoiceDocument } from './invoice-document';
import { renderInvoicePdf, visualPieces } from './invoice-pdf';

const sample: InvoiceDocumentInput = {
  siteName: 'رندر فارم ابری',
  number: 1234,
  status: 'paid',
  kind: 'usage',
  // 1 Farvardin 1404 begins at 20:30 UTC on 20 March 2025 (Tehran is UTC+3:30).
  issuedAt: new Date('2025-03-20T20:30:00Z'),
  paidAt: new Date('2025-03-21T08:00:00Z'),
  billTo: {
    kind: 'company',
    // «لا» is a ligature: its extracted text is the fragile part (see invoice-pdf.ts).
    name: 'شرکت پویانمایی علاءالدین ملازاده',
    company_id: '10101234567',
    economic_code: '411111111111',
    address: 'تهران، خیابان ولیعصر، پلاک 12',
    postal_code: '1234567890',
  },
  items: [
    { description: 'سرور RTX 4090 — ۱۲ ساعت', quantity: 12, unitPrice: 850_000, amount: 10_200_000 },
    {
      description: 'فضای ذخیره‌سازی ۵۰۰ گیگابایت (ماهانه)، گزارش به ali@example.com',
      quantity: 1,
      unitPrice: 1_500_000,
      amount: 1_500_000,
    },
    { description: 'Render node A100 80GB', quantity: 3, unitPrice: 2_000_000, amount: 6_000_000 },
  ],
  subtotal: 17_700_000,
  taxRate: 10,
  tax: 1_770_000,
  total: 19_470_000,
};

describe('invoiceDocument', () => {
  const document = invoiceDocument(sample);

  it('titles a paid invoice صورت‌حساب with its number in Persian digits', () => {
    expect(document.title).toBe('صورت‌حساب');
    expect(document.numberLabel).toBe('شمارهٔ ۱۲۳۴');
    expect(document.statusLabel).toBe('پرداخت شده');
    expect(document.kindLabel).toBe('کارکرد');
  });

  it('calls an unpaid invoice a پیش‌فاکتور without a number', () => {
    const unpaid = invoiceDocument({ ...sample, number: null, status: 'pending', paidAt: null });
    expect(unpaid.title).toBe('پیش‌فاکتور');
    expect(unpaid.numberLabel).toBe('بدون شماره (پرداخت نشده)');
    expect(unpaid.statusLabel).toBe('در انتظار پرداخت');
    expect(unpaid.paidAtLabel).toBeNull();
    expect(unpaid.details.map((line) => line.label)).toEqual(['تاریخ صدور', 'وضعیت', 'نوع']);
  });

  it('keeps a refunded invoice a صورت‌حساب (it was paid)', () => {
    expect(invoiceDocument({ ...sample, status: 'refunded' }).title).toBe('صورت‌حساب');
  });

  it('dates in the Jalali calendar, Tehran time', () => {
    expect(document.dateLabel).toBe('۱ فروردین ۱۴۰۴');
    // One minute earlier it is still the last day of 1403 in Tehran.
    const before = invoiceDocument({ ...sample, issuedAt: new Date('2025-03-20T20:29:00Z') });
    expect(before.dateLabel).toBe('۳۰ اسفند ۱۴۰۳');
    expect(document.paidAtLabel).toBe('۱ فروردین ۱۴۰۴');
  });

  it('shows money in Toman with Persian digits and separators', () => {
    expect(document.columns).toEqual(['ردیف', 'شرح', 'تعداد', 'مبلغ واحد (تومان)', 'مبلغ (تومان)']);
    expect(document.rows[0]).toEqual(['۱', 'سرور RTX 4090 — ۱۲ ساعت', '۱۲', '۸۵٬۰۰۰', '۱٬۰۲۰٬۰۰۰']);
    expect(document.totals).toEqual([
      { label: 'جمع', value: '۱٬۷۷۰٬۰۰۰' },
      { label: 'مالیات بر ارزش افزوده (۱۰٪)', value: '۱۷۷٬۰۰۰' },
      { label: 'مبلغ کل', value: '۱٬۹۴۷٬۰۰۰' },
    ]);
    // Whole Toman, rounded half away from zero as on the web.
    const odd = invoiceDocument({ ...sample, subtotal: 15, tax: 14, total: 29 });
    expect(odd.totals.map((line) => line.value)).toEqual(['۲', '۱', '۳']);
  });

  it('lists only the buyer fields the invoice holds, digits in Persian', () => {
    expect(document.buyer).toEqual([
      { label: 'نام', value: 'شرکت پویانمایی علاءالدین ملازاده' },
      { label: 'شناسهٔ ملی', value: '۱۰۱۰۱۲۳۴۵۶۷' },
      { label: 'کد اقتصادی', value: '۴۱۱۱۱۱۱۱۱۱۱۱' },
      { label: 'نشانی', value: 'تهران، خیابان ولیعصر، پلاک ۱۲' },
      { label: 'کد پستی', value: '۱۲۳۴۵۶۷۸۹۰' },
    ]);
    const person = invoiceDocument({
      ...sample,
      billTo: { kind: 'person', name: 'سارا احمدی', national_code: '0012345678', address: '  ' },
    });
    expect(person.buyer).toEqual([
      { label: 'نام', value: 'سارا احمدی' },
      { label: 'کد ملی', value: '۰۰۱۲۳۴۵۶۷۸' },
    ]);
    expect(invoiceDocument({ ...sample, billTo: null }).buyer).toEqual([]);
    expect(document.seller).toEqual([{ label: 'فروشنده', value: 'رندر فارم ابری' }]);
  });
});

describe('visualPieces', () => {
  const bidi = bidiFactory();
  // What fontkit then draws: a piece with right-to-left letters reversed (it lays those out right
  // to left), any other as given. Put together, that must be the bidi algorithm's visual order.
  const drawn = (text: string) =>
    visualPieces(text)
      .map((piece) => (/\p{Script=Arabic}/u.test(piece) ? Array.from(piece).reverse().join('') : piece))
      .join('');

  it.each([
    'صورت‌حساب شمارهٔ ۱۲۳۴',
    'سرور RTX 4090 — ۱۲ ساعت',
    'مالیات بر ارزش افزوده (۱۰٪)',
    'ایمیل: ali@example.com',
    'رندر صحنهٔ (Blender) با کیفیت 4K',
    'پشتیبانی (تیکت #4521)',
    '۱٬۹۴۷٬۰۰۰',
    'Render node A100 80GB',
  ])('draws %s in the bidi algorithm’s visual order', (text) => {
    const levels = bidi.getEmbeddingLevels(text, 'rtl');
    expect(drawn(text)).toBe(bidi.getReorderedString(text, levels));
  });

  it('hands Persian words over in reading order, so fontkit can join the letters', () => {
    expect(visualPieces('مبلغ کل')).toEqual(['مبلغ کل']);
    // Left to right: «ساعت» (with the space on its right), the Latin run as typed, then «سرور».
    expect(visualPieces('سرور RTX 4090 ساعت')).toEqual([' ساعت', 'RTX 4090 ', 'سرور']);
  });
});

const poppler = spawnSync('pdftoppm', ['-v']).error === undefined;
if (!poppler && !process.env.CI) {
  console.warn(
    'invoice-pdf.test: pdftoppm/pdftotext (poppler-utils) not found, so the rendered PDF is not rasterised or read back; install poppler-utils to run those checks.',
  );
}

/** A binary PGM (P5, 8-bit), as `pdftoppm -gray` writes it. */
function readPgm(data: Buffer): { width: number; height: number; pixels: Buffer } {
  const fields: number[] = [];
  let offset = 2;
  if (data.toString('latin1', 0, 2) !== 'P5') throw new Error('not a binary PGM');
  while (fields.length < 3) {
    const char = String.fromCharCode(data[offset] ?? 0);
    if (char === '#') {
      while (data[offset] !== 0x0a) offset++;
    } else if (/\d/.test(char)) {
      let end = offset;
      while (/\d/.test(String.fromCharCode(data[end] ?? 0))) end++;
      fields.push(Number(data.toString('latin1', offset, end)));
      offset = end - 1;
    }
    offset++;
  }
  const [width = 0, height = 0, max = 0] = fields;
  if (max > 255) throw new Error('16-bit PGM');
  // `offset` is at the one whitespace character that ends the header.
  const start = offset + 1;
  return { width, height, pixels: data.subarray(start, start + width * height) };
}

describe.skipIf(!poppler && !process.env.CI)('the rendered PDF, read back with poppler', () => {
  let dir: string;
  let pdf: Buffer;
  let file: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
    pdf = await renderInvoicePdf(invoiceDocument(sample));
    file = join(dir, 'invoice.pdf');
    writeFileSync(file, pdf);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is a PDF (and poppler is installed: CI installs poppler-utils in .ci/run)', () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(poppler, 'pdftoppm (poppler-utils) is required in CI').toBe(true);
  });

  it('sets the header on the right, as a right-to-left page does', () => {
    execFileSync('pdftoppm', [
      '-gray',
      '-r',
      '50',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      join(dir, 'page'),
    ]);
    const { width, height, pixels } = readPgm(readFileSync(join(dir, 'page.pgm')));
    expect(width).toBeGreaterThan(300);
    expect(pixels.length).toBe(width * height);
    // The site name and the title: from the top margin (40pt) to just above the rule, of 842pt.
    const top = Math.floor((30 / 842) * height);
    const bottom = Math.floor((100 / 842) * height);
    const ink = (from: number, to: number) => {
      let count = 0;
      for (let y = top; y < bottom; y++) {
        for (let x = from; x < to; x++) if ((pixels[y * width + x] ?? 255) < 128) count++;
      }
      return count;
    };
    const right = ink(Math.floor((width * 2) / 3), width);
    const left = ink(0, Math.floor(width / 3));
    expect(right).toBeGreaterThan(100);
    expect(left).toBeLessThan(right / 20);
  });

  it('holds the number, the total and the customer name as text', () => {
    const raw = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    // pdftotext marks right-to-left lines with bidi embedding controls; shaped letters may come as
    // presentation forms in other readers, which NFKC folds back.
    const text = raw
      .replace(/[\u202a-\u202e]/g, '')
      .normalize('NFKC')
      .replace(/\s+/g, ' ');
    expect(text).toContain('۱۲۳۴');
    expect(text).toContain('۱٬۹۴۷٬۰۰۰');
    expect(text).toContain('شرکت پویانمایی علاءالدین ملازاده');
    expect(text).toContain('صورت');
  });
});
