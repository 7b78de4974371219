import { createHash } from 'node:crypto';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerVerified, uniqueEmail } from '../support/accounts';
import {
  type AppPage,
  closeSignedIn,
  fieldError,
  lookAtBothWidths,
  openAppPage,
  openSignedIn,
  waitForTitle,
} from '../support/app-page';
import { launchChromium } from '../support/browser';
import { waitForSmsCode } from '../support/outbox';
import { makePng } from '../support/png';

/*
 * Identity checks (KYC) in Chromium (docs/screens.md §4–6): a new customer goes through the wizard
 * (a wrong national code refused under its field, the mobile proven with the code from the dev SMS
 * log, the papers uploaded) and sends it; care claims and rejects with a reason; the customer sends
 * again with a new selfie holding the new request's words; care approves and the customer's open
 * Verify, top-up and Make pages change without a reload; an admin revokes and the blocker comes
 * back. The names are the longest the form allows. A request whose paper is gone is shown to care
 * as missing it, with no approval offered.
 */
const baseUrl = () => inject('baseUrl');
const storage = () => inject('storageDir');
// The Make form's notice above the plans (the plans repeat the same words as their blockers).
const KYC_BLOCKER = 'رفتن به احراز هویت';

// The longest names the form takes (50 letters each), to see every screen hold them.
const FIRST = 'نگارالسادات مهرآفرین گلبهار ماه‌سیما آفرین‌دخت پری';
const LAST = 'صالحی دهکردی اصفهانی نژاد شیرازی کرمانشاهی‌زادگانی';

const SHOTS = join(import.meta.dirname, 'screenshots');
const DOCS = join(import.meta.dirname, '../../docs/screenshots');

/**
 * A screen checked and photographed at 1366 px (a common laptop) and at 390 px (a phone); with
 * `keep`, both pictures are also kept under docs/screenshots.
 */
async function lookAtAllWidths(page: Page, name: string, { keep = false } = {}) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.evaluate(() => document.fonts.ready);
  await lookAtBothWidths(page, `${name}-1366`);
  if (!keep) return;
  await mkdir(DOCS, { recursive: true });
  await copyFile(join(SHOTS, `${name}-1366-desktop.png`), join(DOCS, `${name}-1366.png`));
  await copyFile(join(SHOTS, `${name}-1366-mobile.png`), join(DOCS, `${name}-390.png`));
}

/** Marks the page's window: the mark survives anything but a reload (or another page load). */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { kycMark: 'still here' }));
const windowMark = (page: Page) => page.evaluate(() => (window as unknown as { kycMark?: string }).kycMark);

/** The selfie words the papers step shows the customer. */
const selfieWords = async (page: Page) =>
  (await page.locator('strong', { hasText: /^رندر فارم ابری — / }).textContent())!.trim();

const image = (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: makePng(64, 40, rgb),
});

describe('identity checks (KYC) in Chromium', () => {
  let browser: Browser;
  let customer: AppPage;
  let staff: { browser: Browser; app: AppPage } | undefined;
  let admin: { browser: Browser; app: AppPage } | undefined;
  let make: Page;
  let firstWords = '';
  let secondWords = '';
  const name = 'نگار صالحی';

  beforeAll(async () => {
    browser = await launchChromium();
    customer = await openAppPage(browser);
  });
  afterAll(async () => {
    await closeSignedIn(staff ?? {});
    await closeSignedIn(admin ?? {});
    await closeSignedIn({ browser, app: customer });
  });

  const openRequest = async (page: Page, area: 'care' | 'admin', query = '') => {
    await page.goto(`${baseUrl()}/${area}/verify${query}`);
    await page
      .getByRole('link', { name: new RegExp(FIRST.slice(0, 11)) })
      .first()
      .click();
    await waitForTitle(page, area === 'care' ? 'بررسی مدارک' : 'بررسی احراز هویت');
  };

  it('takes a new customer through the wizard to a request in the queue', async () => {
    const { page } = customer;
    await registerVerified(page, baseUrl(), storage(), {
      name,
      email: uniqueEmail('kyc'),
      password: 'Kuh-e Damavand 1404!',
    });
    await page.goto(`${baseUrl()}/panel`);
    await page.getByRole('link', { name: 'شروع احراز هویت' }).click();
    await waitForTitle(page, 'احراز هویت');
    await lookAtBothWidths(page, 'kyc-verify-start');

    expect([FIRST.length, LAST.length]).toEqual([50, 50]);
    await page.getByLabel('نام', { exact: true }).fill(FIRST);
    await page.getByLabel('نام خانوادگی').fill(LAST);
    await page.getByLabel('کد ملی').fill('۰۷۹۰۴۱۹۹۰۵');
    await page.getByRole('button', { name: /تاریخ تولد|انتخاب تاریخ/ }).click();
    const calendar = page.getByRole('dialog', { name: 'تقویم تاریخ تولد' });
    await calendar.getByLabel('سال').selectOption('1370');
    await calendar.getByRole('button', { name: /^۱۰ / }).click();
    await page.getByRole('button', { name: 'ذخیره و ادامه' }).click();
    await page.waitForFunction(() => document.querySelector('[aria-invalid="true"]') !== null);
    expect(await fieldError(page.getByLabel('کد ملی'))).toContain('رقم کنترل');
    await page.getByLabel('کد ملی').fill('۰۷۹۰۴۱۹۹۰۴');
    await page.getByRole('button', { name: 'ذخیره و ادامه' }).click();

    const mobileField = page.getByLabel('شمارهٔ موبایل (به نام خودتان)');
    await mobileField.waitFor();
    const mobile = await mobileField.inputValue();
    expect(mobile).toMatch(/^09\d{9}$/);
    const started = Date.now();
    await page.getByRole('button', { name: 'ارسال کد تأیید' }).click();
    const code = await waitForSmsCode(storage(), mobile, started - 1000);
    await page.getByLabel('کد شش‌رقمی پیامک‌شده').fill(code);
    await page.getByRole('button', { name: 'تأیید کد' }).click();

    await page.getByText('روی یک کاغذ این متن را بنویسید').waitFor();
    firstWords = await selfieWords(page);
    // Checked before anything is sent: a file over 5 MB, and a program, each refused under its field.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') sent.push(r.url());
    });
    await page.locator('input[name="id_front"]').setInputFiles({
      name: 'front.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([makePng(8, 8, [1, 2, 3]), Buffer.alloc(5 * 1024 * 1024)]),
    });
    await page.locator('input[name="id_back"]').setInputFiles({
      name: 'back.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from('MZ'),
    });
    await page.locator('input[name="id_front"][aria-invalid="true"]').waitFor({ state: 'attached' });
    await page.locator('input[name="id_back"][aria-invalid="true"]').waitFor({ state: 'attached' });
    expect(await fieldError(page.locator('input[name="id_front"]'))).toContain('۵ مگابایت');
    expect(await fieldError(page.locator('input[name="id_back"]'))).toContain('JPEG، PNG یا WebP');
    await lookAtAllWidths(page, 'kyc-verify-documents-refused');
    expect(sent).toEqual([]);
    await page.locator('input[name="id_front"]').setInputFiles(image('front.png', [30, 90, 200]));
    await page.locator('input[name="id_back"]').setInputFiles(image('back.png', [200, 90, 30]));
    await page.locator('input[name="selfie"]').setInputFiles(image('selfie.png', [40, 160, 80]));
    await page.locator('input[name="id_front"]:not([aria-invalid])').waitFor({ state: 'attached' });
    await lookAtAllWidths(page, 'kyc-verify-documents');
    await page.getByRole('button', { name: 'ذخیرهٔ مدارک و ادامه' }).click();

    await page.getByRole('button', { name: 'ارسال برای بررسی' }).waitFor();
    await page.getByText('موبایل با کد پیامکی تأیید شده است.').waitFor();
    await lookAtAllWidths(page, 'kyc-verify-review');
    await page.getByRole('button', { name: 'ارسال برای بررسی' }).click();
    await page.getByText('درخواست شما در صف بررسی است').waitFor();
    await lookAtBothWidths(page, 'kyc-verify-submitted');

    // The Make form stays open in another tab while care decides.
    make = await page.context().newPage();
    await make.setViewportSize({ width: 1280, height: 900 });
    await make.goto(`${baseUrl()}/panel/instances/create`);
    await make.getByRole('link', { name: KYC_BLOCKER }).waitFor();
    expect(customer.failures).toEqual([]);
  });

  it('lets care claim and reject with a reason; the customer sees why and sends again', async () => {
    staff = await openSignedIn(baseUrl(), 'care@renderfarm.test');
    const page = staff.app.page;
    await page.goto(`${baseUrl()}/care/verify`);
    await waitForTitle(page, 'درخواست‌های احراز هویت');
    await lookAtBothWidths(page, 'care-verify-list');
    await openRequest(page, 'care');
    await page.getByRole('button', { name: 'برداشتن برای بررسی' }).click();
    await page.getByText('درخواست برای بررسی به نام شما برداشته شد').waitFor();
    await page.getByRole('img', { name: 'روی کارت ملی' }).waitFor();
    await page.getByRole('button', { name: 'بزرگ‌نمایی' }).click();
    await page.getByRole('button', { name: 'چرخش ساعت‌گرد' }).click();
    expect(await page.getByRole('img', { name: 'روی کارت ملی' }).getAttribute('data-rotation')).toBe('1');
    await page.getByText('رقم کنترل کد ملی درست است.').waitFor();
    await page.getByText('موبایل با کد پیامکی تأیید شده و همان موبایل تأییدشدهٔ حساب است.').waitFor();
    await lookAtBothWidths(page, 'care-verify-edit');

    // The customer watches their request while care decides.
    const { page: mine } = customer;
    await mine.getByText('درخواست شما در صف بررسی است').waitFor();
    await markWindow(mine);

    await page.getByRole('button', { name: 'رد درخواست' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'رد درخواست' }).click();
    await dialog.getByText('دلیل رد را بنویسید').waitFor();
    await dialog.getByLabel('دلیل رد').fill('عکس سلفی تار است؛ لطفاً در نور روز دوباره بگیرید.');
    await dialog.getByRole('button', { name: 'رد درخواست' }).click();
    await page.getByText('درخواست رد شد').waitFor();

    // The decision reaches the open page without a reload; the next request has words of its own.
    await mine.getByText('عکس سلفی تار است؛ لطفاً در نور روز دوباره بگیرید.').waitFor();
    expect(await windowMark(mine)).toBe('still here');
    await lookAtAllWidths(mine, 'kyc-verify-rejected');
    await mine.getByRole('button', { name: 'اصلاح و ارسال دوباره' }).click();
    await mine.getByText('روی یک کاغذ این متن را بنویسید').waitFor();
    secondWords = await selfieWords(mine);
    expect(secondWords).not.toBe(firstWords);
    await mine.getByText('عکس سلفی تار است؛ لطفاً در نور روز دوباره بگیرید.').waitFor();
    await lookAtAllWidths(mine, 'kyc-verify-renewed', { keep: true });
    await mine.locator('input[name="selfie"]').setInputFiles(image('selfie-2.png', [240, 200, 60]));
    await mine.getByRole('button', { name: 'ذخیرهٔ مدارک و ادامه' }).click();
    await mine.getByRole('button', { name: 'ارسال برای بررسی' }).click();
    await mine.getByText('درخواست شما در صف بررسی است').waitFor();
    await make.getByRole('link', { name: KYC_BLOCKER }).waitFor();
  });

  it('approves: the open Verify, top-up and Make pages change without a reload', async () => {
    // The customer's own pages, open while care decides: Verify, and top-up in another tab.
    const { page: mine } = customer;
    await markWindow(mine);
    const topUp = await mine.context().newPage();
    await topUp.setViewportSize({ width: 1280, height: 900 });
    await topUp.goto(`${baseUrl()}/panel/payments/create`);
    await topUp.getByText('درخواست احراز هویت شما در حال بررسی است').waitFor();
    expect(await topUp.getByText('هنوز احراز هویت نشده').count()).toBe(0);
    await lookAtAllWidths(topUp, 'panel-topup-kyc-pending', { keep: true });
    await markWindow(topUp);

    const page = staff!.app.page;
    await openRequest(page, 'care');
    await page.getByText('درخواست‌های پیشین این حساب').waitFor();
    // Care checks the words the customer was shown for this request.
    await page.getByText(`متن دست‌نوشتهٔ سلفی باید این باشد: ${secondWords}`).waitFor();
    await page.getByRole('button', { name: 'برداشتن برای بررسی' }).click();
    await page.getByRole('button', { name: 'تأیید هویت' }).click();
    await page.getByText('هویت مشتری تأیید شد').waitFor();

    await mine.getByText('هویت شما تأیید شده است.').waitFor({ timeout: 15_000 });
    expect(await windowMark(mine)).toBe('still here');
    await topUp
      .getByText('درخواست احراز هویت شما در حال بررسی است')
      .waitFor({ state: 'detached', timeout: 15_000 });
    expect(await windowMark(topUp)).toBe('still here');
    await make.getByRole('link', { name: KYC_BLOCKER }).waitFor({ state: 'detached', timeout: 15_000 });
    await topUp.close();
    await lookAtAllWidths(mine, 'kyc-verify-approved');
    await mine.goto(`${baseUrl()}/panel/account`);
    await waitForTitle(mine, 'حساب کاربری');
    await lookAtBothWidths(mine, 'panel-account-show');
    await mine.getByRole('link', { name: 'ویرایش حساب' }).click();
    await waitForTitle(mine, 'ویرایش حساب');
    await lookAtBothWidths(mine, 'panel-account-edit');
  });

  it('shows care a request whose paper is gone as missing it, with no approval offered', async () => {
    const page = staff!.app.page;
    await page.goto(`${baseUrl()}/care/verify`);
    await page
      .getByRole('link', { name: /زهرا احمدی/ })
      .first()
      .click();
    await waitForTitle(page, 'بررسی مدارک');
    await page.getByText('همهٔ مدارک لازم این نوع درخواست فرستاده شده است.').waitFor();
    // The demo papers are stored under their bytes' hash: the selfie's file is removed from the store.
    await page.getByRole('tab', { name: 'عکس سلفی با دست‌نوشته' }).click();
    const source = await page.getByRole('img', { name: 'عکس سلفی با دست‌نوشته' }).getAttribute('src');
    const bytes = await (await page.request.get(new URL(source!, baseUrl()).toString())).body();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await rm(join(storage(), 'objects', 'kyc', 'demo', sha256));

    await page.reload();
    await page.getByRole('button', { name: 'برداشتن برای بررسی' }).click();
    await page.getByText('تا همهٔ مدارک لازم در دست نباشد، تأیید ممکن نیست. کم است:').waitFor();
    expect(await page.getByRole('button', { name: 'تأیید هویت' }).count()).toBe(0);
    await page.getByRole('button', { name: 'رد درخواست' }).waitFor();
    await lookAtAllWidths(page, 'care-verify-missing-papers', { keep: true });
  });

  it('lets an admin revoke: the blocker comes back live', async () => {
    admin = await openSignedIn(baseUrl(), 'admin@renderfarm.test');
    const page = admin.app.page;
    await page.goto(`${baseUrl()}/admin/verify`);
    await waitForTitle(page, 'احراز هویت کاربران');
    await lookAtBothWidths(page, 'admin-verify-list');
    await openRequest(page, 'admin', '?status=approved');
    await lookAtBothWidths(page, 'admin-verify-edit');
    await page.getByRole('button', { name: 'لغو تأیید' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('دلیل لغو').fill('کارت ملی با سامانهٔ ثبت احوال نخواند.');
    await dialog.getByRole('button', { name: 'لغو تأیید' }).click();
    await page.getByText('تأیید هویت لغو شد').waitFor();
    await make.getByRole('link', { name: KYC_BLOCKER }).waitFor({ timeout: 15_000 });
    expect(staff!.app.failures).toEqual([]);
    expect(admin.app.failures).toEqual([]);
  });
});
