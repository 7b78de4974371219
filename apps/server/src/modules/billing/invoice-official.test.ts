import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCompanyNationalId } from '../../lib/company-national-id';
import { isEconomicCode } from '../../lib/economic-code';
import { isNationalCode } from '../../lib/national-code';
import { createTestApp, type TestApp } from '../../testing/app';
import { formatInteger } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';
import { documentOf, itemsOf } from './invoice-views';
import { invoices } from './tables';

/** Which check a code on the form must pass, by its label. */
const CODE_CHECKS: Record<string, (code: string) => boolean> = {
  'کد ملی': isNationalCode,
  'شناسهٔ ملی': isCompanyNationalId,
  'کد اقتصادی': isEconomicCode,
  'شمارهٔ ثبت': (code) => /^\d{1,10}$/.test(code),
  'کد پستی': (code) => /^\d{10}$/.test(code),
  تلفن: (code) => /^0\d{2}-?\d{8}$/.test(code),
};

/**
 * Every invoice of the demo database as the official form (invoice-document.ts): the seller's box
 * complete with codes that pass their checks, the buyer's codes valid, and the form's «جمع کل» row
 * equal to the invoice's own subtotal, tax and total; the PDF of each holds the seller's codes.
 */
describe(`billing: every demo invoice as an official invoice (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  // The seed is the slow part; a loaded machine needs more than the default minute.
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t?.close());

  it('has a complete seller, valid codes and sums that agree with the invoice', async () => {
    const db = t.database.db;
    const rows = await db.select().from(invoices).where(ne(invoices.status, 'draft'));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const invoice of rows) {
      const document = await documentOf(db, invoice, await itemsOf(db, invoice.id));
      const where = `invoice ${invoice.id}`;
      for (const line of document.seller) {
        expect(line.value, `${where}: ${line.label}`).not.toBe('—');
        const check = CODE_CHECKS[line.label];
        if (check) expect(check(line.value), `${where}: seller ${line.label} ${line.value}`).toBe(true);
      }
      for (const line of document.buyer) {
        const check = CODE_CHECKS[line.label];
        if (check) expect(check(line.value), `${where}: buyer ${line.label} ${line.value}`).toBe(true);
      }
      expect(document.rows.length, where).toBeGreaterThan(0);
      const [, , afterDiscount, tax, total] = document.sums.values;
      expect([afterDiscount, tax, total], where).toEqual([
        formatInteger(invoice.subtotal),
        formatInteger(invoice.tax),
        formatInteger(invoice.total),
      ]);
    }
  });

  const poppler = spawnSync('pdftotext', ['-v']).error === undefined;
  it.skipIf(!poppler && !process.env.CI)('draws the seller’s and buyer’s codes into each PDF', async () => {
    const db = t.database.db;
    const dir = mkdtempSync(join(tmpdir(), 'invoice-official-'));
    try {
      for (const invoice of await db.select().from(invoices).where(ne(invoices.status, 'draft'))) {
        const document = await documentOf(db, invoice, await itemsOf(db, invoice.id));
        const file = join(dir, `${invoice.id}.pdf`);
        writeFileSync(file, await renderInvoicePdf(document));
        const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
        for (const line of [...document.seller, ...document.buyer].filter((l) => l.ltr)) {
          expect(text, `invoice ${invoice.id}: ${line.label}`).toContain(line.value);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
