import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerVerified, uniqueEmail } from '../support/accounts';
import {
  type AppPage,
  closeSignedIn,
  fieldError,
  lookAtBothWidths,
  openAppPage,
  openSignedIn,
  screenshot,
  waitForTitle,
} from '../support/app-page';

/*
 * Invoices in Chromium (docs/screens.md §4 and §6). The customer opens «صورت‌حساب‌ها» from the menu,
 * opens the seed's paid top-up, downloads its PDF (read back with pdftotext: the number, the total
 * and the name), looks at its print view, and asks for a pro-forma: a bad postal code is refused
 * under its field, a good one makes the invoice. An admin lists invoices, issues a manual one to a
 * new customer, records its bank transfer and refunds part of it to the wallet.
 */
const baseUrl = () => inject('baseUrl');

/** Text as pdftotext reads it back, without its bidi controls, folded and on one line. */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .replace(/[\u202a-\u202e]/g, '')
    .normalize('NFKC')
    .replace(/\s+/g, ' ');
}

describe('invoices, as a customer has them in Chromium', () => {
  let browser: Browser;
  let app: AppPage;
  const downloads = mkdtempSync(join(tmpdir(), 'rf-invoices-'));
  beforeAll(async () => {
    ({ browser, app } = await openSignedIn(baseUrl(), 'customer@renderfarm.test'));
  });
  afterAll(async () => {
    await closeSignedIn({ browser, app });
    rmSync(downloads, { recursive: true, force: true });
  });

  it('opens a paid invoice from the menu, downloads its PDF and looks at its print view', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/panel`);
    await page.getByRole('navigation').getByRole('link', { name: 'صورت‌حساب‌ها' }).first().click();
    await waitForTitle(page, 'صورت‌حساب‌ها');
    const table = page.getByRole('table', { name: 'صورت‌حساب‌ها' });
    await table.getByRole('link', { name: /کارکرد/ }).waitFor();
    await lookAtBothWidths(page, 'panel-invoices-list');

    await table.getByRole('link', { name: /افزایش اعتبار.*شمارهٔ/ }).click();
    await waitForTitle(page, 'جزئیات صورت‌حساب');
    const heading = await page.getByText(/^صورت‌حساب · شمارهٔ [۰-۹]+$/).textContent();
    const number = heading!.split('شمارهٔ ')[1]!;
    // The seed's 5,000,000-Toman top-up with 10% VAT.
    await page.getByText('۵٬۵۰۰٬۰۰۰').first().waitFor();
    await lookAtBothWidths(page, 'panel-invoices-edit');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'دریافت PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`صورتحساب-${number}.pdf`);
    const file = join(downloads, 'invoice.pdf');
    await download.saveAs(file);
    const text = pdfText(file);
    expect(text).toContain(number);
    expect(text).toContain('۵٬۵۰۰٬۰۰۰');
    expect(text).toContain('علی رضایی');
    // The official form: its title, the seller's codes from the settings, the buyer's national code.
    expect(text).toContain('صورتحساب فروش کالا و خدمات');
    for (const code of ['14008123457', '582416', '1969764513', '021-88745120', '0499370899']) {
      expect(text).toContain(code);
    }

    // The print view: the same document, and nothing else on the paper.
    await page.emulateMedia({ media: 'print' });
    const sheet = page.getByRole('article', { name: `صورت‌حساب شمارهٔ ${number}` });
    expect(await sheet.isVisible()).toBe(true);
    expect(await page.getByRole('navigation').first().isVisible()).toBe(false);
    // The paper is the PDF's form: the seller's box with its codes left to right, the form's columns.
    const seller = sheet.getByRole('region', { name: 'مشخصات فروشنده' });
    expect(await seller.getByText('14008123457').first().getAttribute('dir')).toBe('ltr');
    expect(await sheet.getByRole('columnheader').count()).toBe(11);
    await screenshot(page, 'panel-invoices-print');
    await page.emulateMedia({ media: 'screen' });
    expect(await sheet.isVisible()).toBe(false);
    expect(failures).toEqual([]);
  });

  it('asks for a pro-forma: a bad postal code is refused under its field, a good one makes it', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/panel/invoices`);
    await waitForTitle(page, 'صورت‌حساب‌ها');
    await page.getByRole('link', { name: 'درخواست صورت‌حساب' }).first().click();
    await waitForTitle(page, 'درخواست صورت‌حساب');
    await page.getByLabel('مبلغ (تومان)').fill('۲۰۰۰۰۰۰');
    await page.getByRole('radio', { name: /شخص حقیقی/ }).check();
    await page.getByLabel('نام و نام خانوادگی', { exact: true }).fill('علی رضایی');
    await page.getByLabel('کد ملی', { exact: true }).fill('۰۴۹۹۳۷۰۸۹۹');
    await page.getByLabel('نشانی', { exact: true }).fill('تهران، خیابان شریعتی، کوچهٔ یاس، پلاک ۸');
    const postalCode = page.getByLabel('کد پستی', { exact: true });
    await postalCode.fill('۱۲۳۴۵');
    // 2,000,000 Toman and 10% VAT.
    await page.getByText('۲٬۲۰۰٬۰۰۰').first().waitFor();
    await page.getByRole('button', { name: 'صدور پیش‌فاکتور' }).click();
    await expect.poll(() => fieldError(postalCode)).toBe('کد پستی باید ۱۰ رقم باشد، بدون خط تیره.');
    await lookAtBothWidths(page, 'panel-invoices-make');

    await postalCode.fill('۱۹۱۵۶۷۳۱۱۱');
    await page.getByRole('button', { name: 'صدور پیش‌فاکتور' }).click();
    await page.waitForURL(/\/panel\/invoices\/[0-9a-f-]{36}$/);
    await waitForTitle(page, 'جزئیات صورت‌حساب');
    await page.getByText(/پیش‌فاکتور صادر شد/).waitFor();
    await page.getByRole('button', { name: 'پرداخت با درگاه بانکی' }).waitFor();
    expect(await page.getByLabel('کد پستی', { exact: true }).inputValue()).toBe('1915673111');
    await lookAtBothWidths(page, 'panel-invoices-edit-pending');
    expect(failures).toEqual([]);
  });
});

describe('invoices, as an admin keeps them in Chromium', () => {
  let browser: Browser;
  let app: AppPage;
  // A customer of this file's own: the refund lands in their wallet, not in the demo customer's
  // (whose statement other files read).
  const customer = { name: 'مهسا کاظمی', email: uniqueEmail('invoiced'), password: 'Kuh-e Damavand 1404!' };
  beforeAll(async () => {
    ({ browser, app } = await openSignedIn(baseUrl(), 'admin@renderfarm.test'));
    const signup = await openAppPage(browser);
    await registerVerified(signup.page, baseUrl(), inject('storageDir'), customer);
    await signup.close();
  });
  afterAll(() => closeSignedIn({ browser, app }));

  it('lists invoices, issues a manual one, records its transfer and refunds part to the wallet', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/admin`);
    await page.getByRole('navigation').getByRole('link', { name: 'صورت‌حساب‌ها' }).first().click();
    await waitForTitle(page, 'صورت‌حساب‌ها');
    await page.getByRole('searchbox').fill('رضایی');
    await page.getByRole('button', { name: 'جست‌وجو' }).click();
    await page.waitForURL(/q=/);
    await page.getByRole('table', { name: 'صورت‌حساب‌ها' }).getByRole('link').first().waitFor();
    await lookAtBothWidths(page, 'admin-invoices-list');

    await page.getByRole('link', { name: 'صدور صورت‌حساب' }).click();
    await waitForTitle(page, 'صدور صورت‌حساب');
    await page.getByLabel('مشتری').fill(customer.email);
    await page.getByLabel('شرح ردیف ۱').fill('راه‌اندازی اختصاصی Revit');
    await page.getByLabel('تعداد').fill('۲');
    await page.getByLabel('مبلغ واحد (تومان)').fill('۱۵۰۰۰۰');
    // 300,000 Toman and 10% VAT.
    await page.getByText('۳۳۰٬۰۰۰').first().waitFor();
    await lookAtBothWidths(page, 'admin-invoices-make');
    await page.getByRole('button', { name: 'صدور صورت‌حساب' }).click();
    await waitForTitle(page, 'ویرایش صورت‌حساب');
    await page.getByText(/صورت‌حساب ۳۳۰٬۰۰۰ تومان صادر شد/).waitFor();
    await lookAtBothWidths(page, 'admin-invoices-edit-pending');

    await page.getByLabel('شمارهٔ پیگیری واریز').fill('پایا ۱۴۰۵۰۹۰۵۱۲');
    await page.getByRole('button', { name: 'ثبت پرداخت' }).click();
    await page.getByText(/پرداخت ثبت شد و صورت‌حساب شمارهٔ/).waitFor();

    const refund = page.getByRole('region', { name: 'بازپرداخت' });
    await refund.getByLabel('مبلغ (تومان)').fill('۵۰۰۰۰');
    await refund.getByLabel('دلیل').fill('یک ساعت از راه‌اندازی انجام نشد');
    await refund.getByRole('button', { name: 'بازپرداخت' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('۵۰٬۰۰۰ تومان به کیف پول مشتری برمی‌گردد').waitFor();
    await dialog.getByRole('button', { name: 'بله، بازپرداخت شود' }).click();
    await page.getByText('۵۰٬۰۰۰ تومان به کیف پول مشتری برگشت.').waitFor();
    const refunds = page.getByRole('table', { name: 'بازپرداخت‌ها' });
    await refunds.getByText('یک ساعت از راه‌اندازی انجام نشد').waitFor();
    await lookAtBothWidths(page, 'admin-invoices-edit');
    expect(failures).toEqual([]);
  });
});
