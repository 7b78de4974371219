import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bidiFactory from 'bidi-js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocate, type InvoiceDocumentInput, invoiceDocument } from './invoice-document';
import { renderInvoicePdf, visualPieces } from './invoice-pdf';
import type { SellerProfile } from './seller';

const seller: SellerProfile = {
  siteName: 'رندر فارم ابری',
  legalName: 'شرکت پردازش ابری نوین‌رایان پارس (سهامی خاص)',
  economicCode: '14008123457',
  nationalId: '14008123457',
  registrationNo: '582416',
  address: 'استان تهران، شهر تهران، خیابان ولیعصر، کوچهٔ نگار، پلاک 12، طبقهٔ 3',
  postalCode: '1969764513',
  phone: '021-88745120',
};

const sample: InvoiceDocumentInput = {
  seller,
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
    company_id: '10101234565',
    economic_code: '411153698574',
    address: 'تهران، خیابان ولیعصر، پلاک 12',
    postal_code: '1234567890',
  },
  items: [
    {
      code: '101',
      description: 'سرور RTX 4090 — ۱۲ ساعت',
      unit: 'خدمت',
      quantity: 12,
      unitPrice: 850_000,
      amount: 10_200_000,
    },
    {
      code: '102',
      unit: 'خدمت',
      description: 'فضای ذخیره‌سازی ۵۰۰ گیگابایت (ماهانه)، گزارش به ali@example.com',
      quantity: 1,
      unitPrice: 1_500_000,
      amount: 1_500_000,
    },
    {
      code: '103',
      description: 'Render node A100 80GB',
      unit: 'خدمت',
      quantity: 3,
      unitPrice: 2_000_000,
      amount: 6_000_000,
    },
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

  it('has the official form’s eleven columns, amounts in Rial with Persian digits and separators', () => {
    expect(document.formTitle).toBe('صورتحساب فروش کالا و خدمات');
    expect(document.columns).toEqual([
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
    ]);
    expect(document.rows[0]).toEqual([
      '۱',
      '101',
      'سرور RTX 4090 — ۱۲ ساعت',
      '۱۲',
      'خدمت',
      '۸۵۰٬۰۰۰',
      '۱۰٬۲۰۰٬۰۰۰',
      '۰',
      '۱۰٬۲۰۰٬۰۰۰',
      '۱٬۰۲۰٬۰۰۰',
      '۱۱٬۲۲۰٬۰۰۰',
    ]);
    expect(document.sums).toEqual({
      label: 'جمع کل',
      from: 6,
      values: ['۱۷٬۷۰۰٬۰۰۰', '۰', '۱۷٬۷۰۰٬۰۰۰', '۱٬۷۷۰٬۰۰۰', '۱۹٬۴۷۰٬۰۰۰'],
    });
    expect(document.totals).toEqual([
      { label: 'جمع پس از تخفیف (ریال)', value: '۱۷٬۷۰۰٬۰۰۰' },
      { label: 'مالیات و عوارض ارزش افزوده (۱۰٪) (ریال)', value: '۱٬۷۷۰٬۰۰۰' },
      { label: 'مبلغ کل (ریال)', value: '۱۹٬۴۷۰٬۰۰۰' },
      { label: 'مبلغ کل به تومان', value: '۱٬۹۴۷٬۰۰۰' },
    ]);
    expect(document.signatures).toEqual(['مهر و امضای فروشنده', 'مهر و امضای خریدار']);
    // Whole Toman, rounded half away from zero as on the web.
    const odd = invoiceDocument({ ...sample, subtotal: 15, tax: 14, total: 29 });
    expect(odd.totals.at(-1)?.value).toBe('۳');
  });

  it('splits the VAT over the lines in whole Rial that add up to the invoice’s tax', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 100 }),
        (amounts, rate) => {
          const subtotal = amounts.reduce((a, b) => a + b, 0);
          const tax = Math.round((subtotal * rate) / 100);
          const shares = allocate(tax, amounts);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(tax);
          shares.forEach((share, i) => {
            expect(Number.isInteger(share)).toBe(true);
            // Each line's share is its exact part of the tax, give or take one Rial.
            if (subtotal > 0) expect(Math.abs(share - (tax * (amounts[i] ?? 0)) / subtotal)).toBeLessThan(1);
          });
        },
      ),
    );
    // The «جمع کل» row's tax is the invoice's tax, whatever the rounding of the lines.
    const three = invoiceDocument({
      ...sample,
      items: [1, 2, 3].map((n) => ({
        code: `${n}`,
        description: `ردیف ${n}`,
        unit: 'خدمت',
        quantity: 1,
        unitPrice: 333,
        amount: 333,
      })),
      subtotal: 999,
      tax: 100,
      total: 1099,
    });
    expect(three.rows.map((row) => row[9])).toEqual(['۳۴', '۳۳', '۳۳']);
    expect(three.sums.values).toEqual(['۹۹۹', '۰', '۹۹۹', '۱۰۰', '۱٬۰۹۹']);
  });

  it('lists only the buyer fields the invoice holds, codes in Latin digits read left to right', () => {
    expect(document.buyer).toEqual([
      { label: 'خریدار', value: 'شرکت پویانمایی علاءالدین ملازاده' },
      { label: 'شناسهٔ ملی', value: '10101234565', ltr: true },
      { label: 'کد اقتصادی', value: '411153698574', ltr: true },
      { label: 'نشانی', value: 'تهران، خیابان ولیعصر، پلاک ۱۲' },
      { label: 'کد پستی', value: '1234567890', ltr: true },
    ]);
    const person = invoiceDocument({
      ...sample,
      billTo: { kind: 'person', name: 'سارا احمدی', national_code: '0012345678', address: '  ' },
    });
    expect(person.buyer).toEqual([
      { label: 'خریدار', value: 'سارا احمدی' },
      { label: 'کد ملی', value: '0012345678', ltr: true },
    ]);
    expect(invoiceDocument({ ...sample, billTo: null }).buyer).toEqual([]);
  });

  it('names the seller with every field of the form, «—» where a setting is empty', () => {
    expect(document.seller).toEqual([
      { label: 'فروشنده', value: 'شرکت پردازش ابری نوین‌رایان پارس (سهامی خاص)' },
      { label: 'کد اقتصادی', value: '14008123457', ltr: true },
      { label: 'شناسهٔ ملی', value: '14008123457', ltr: true },
      { label: 'شمارهٔ ثبت', value: '582416', ltr: true },
      { label: 'نشانی', value: 'استان تهران، شهر تهران، خیابان ولیعصر، کوچهٔ نگار، پلاک ۱۲، طبقهٔ ۳' },
      { label: 'کد پستی', value: '1969764513', ltr: true },
      { label: 'تلفن', value: '021-88745120', ltr: true },
    ]);
    const bare = invoiceDocument({
      ...sample,
      seller: { ...seller, legalName: '', economicCode: '', address: '' },
    });
    expect(bare.seller[0]).toEqual({ label: 'فروشنده', value: 'رندر فارم ابری' });
    expect(bare.seller[1]).toEqual({ label: 'کد اقتصادی', value: '—' });
    expect(bare.seller[4]).toEqual({ label: 'نشانی', value: '—' });
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

  /** The words poppler finds, in reading order of their letters, with where they sit (points). */
  function words(): { text: string; x: number; right: number; y: number }[] {
    const xml = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return [
      ...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g),
    ].map((m) => {
      const raw = m[4] ?? '';
      // poppler gives a right-to-left word's letters in visual order.
      const text = /\p{Script=Arabic}/u.test(raw) ? Array.from(raw).reverse().join('') : raw;
      return { text, x: Number(m[1]), y: Number(m[2]), right: Number(m[3]) };
    });
  }

  it('lays the form out right to left on a landscape page: site on the right, number on the left', () => {
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
    expect(width).toBeGreaterThan(height);
    expect(pixels.length).toBe(width * height);
    // Glyphs are drawn: the site name's ink in the top right corner (28–56pt of 595pt).
    let ink = 0;
    for (let y = Math.floor((28 / 595) * height); y < Math.floor((56 / 595) * height); y++) {
      for (let x = Math.floor((width * 5) / 6); x < width; x++)
        if ((pixels[y * width + x] ?? 255) < 128) ink++;
    }
    expect(ink).toBeGreaterThan(40);

    const found = words();
    const page = 841.89;
    const at = (text: string) => found.filter((w) => w.text.includes(text));
    // The site name at the top right, the form's title in the middle, number and date at the left.
    expect(at('رندر')[0]?.x).toBeGreaterThan(page * 0.85);
    const title = at('صورتحساب')[0]!;
    expect(title.x).toBeGreaterThan(page * 0.35);
    expect(title.right).toBeLessThan(page * 0.65);
    expect(at('تاریخ')[0]?.right).toBeLessThan(page * 0.25);
    // Both party boxes have their title on the right, the seller's above the buyer's.
    const heads = at('مشخصات').filter((w) => w.x > page * 0.85);
    expect(heads.length).toBeGreaterThanOrEqual(2);
    // The row number column is the right-most column of the table, the total the left-most.
    expect(at('ردیف')[0]?.x).toBeGreaterThan(page * 0.9);
  });

  /**
   * The text as poppler reads it back, comparable with the document's strings: bidi controls as
   * spaces (poppler puts them where a space was), the zero-width non-joiner dropped (it draws
   * nothing), presentation forms folded (NFKC), and punctuation that a reader mirrors or moves
   * across a number (brackets, guillemets, colons, commas, full stops, dashes, «٪») dropped.
   */
  const comparable = (value: string) =>
    value
      .replace(/[\u202a-\u202e\u2066-\u2069\u200e\u200f]/g, ' ')
      .replace(/\u200c/g, '')
      .normalize('NFKC')
      .replace(/[()«»:،.,٪—/]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();

  it('holds every field of the form as text: seller, buyer, columns, lines, sums, totals, signatures', () => {
    const text = comparable(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
    const document = invoiceDocument(sample);
    const expected: string[] = [
      document.siteName,
      document.formTitle,
      document.numberLabel,
      document.dateLabel,
      ...document.details.flatMap((line) => [line.label, line.value]),
      ...document.seller.flatMap((line) => [line.label, line.value]),
      ...document.buyer.flatMap((line) => [line.label, line.value]),
      // A column's title or a line's description may wrap inside its cell: each word is there.
      ...document.columns.flatMap((column) => column.split(' ')),
      ...document.rows.flat().flatMap((cell) => cell.split(' ')),
      document.sums.label,
      ...document.sums.values,
      ...document.totals.flatMap((line) => [line.label, line.value]),
      ...document.signatures,
      document.footer,
    ];
    const missing = expected.filter((value) => !text.includes(comparable(value)));
    expect(missing).toEqual([]);
    // The codes the tax office reads, by name: the seller's and the buyer's.
    for (const code of [
      '14008123457',
      '582416',
      '1969764513',
      '021-88745120',
      '10101234565',
      '411153698574',
      '1234567890',
    ]) {
      expect(text).toContain(code);
    }
  });

  it('holds the number, the total and the customer name as text', () => {
    const text = comparable(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
    expect(text).toContain('۱۲۳۴');
    expect(text).toContain('۱۹٬۴۷۰٬۰۰۰');
    expect(text).toContain('۱٬۹۴۷٬۰۰۰');
    expect(text).toContain('شرکت پویانمایی علاءالدین ملازاده');
    expect(text).toContain('صورتحساب');
  });
});
