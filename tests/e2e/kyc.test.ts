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
 * again; care approves and the customer's open Make form loses its KYC blocker without a reload; an
 * admin revokes and the blocker comes back.
 */
const baseUrl = () => inject('baseUrl');
const storage = () => inject('storageDir');
// The Make form's notice above the plans (the plans repeat the same words as their blockers).
const KYC_BLOCKER = 'رفتن به احراز هویت';

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
      .getByRole('link', { name: new RegExp(name) })
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

    await page.getByLabel('نام', { exact: true }).fill('نگار');
    await page.getByLabel('نام خانوادگی').fill('صالحی');
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
    await page.locator('input[name="id_front"]').setInputFiles(image('front.png', [30, 90, 200]));
    await page.locator('input[name="id_back"]').setInputFiles(image('back.png', [200, 90, 30]));
    await page.locator('input[name="selfie"]').setInputFiles(image('selfie.png', [40, 160, 80]));
    await lookAtBothWidths(page, 'kyc-verify-documents');
    await page.getByRole('button', { name: 'ذخیرهٔ مدارک و ادامه' }).click();

    await page.getByRole('button', { name: 'ارسال برای بررسی' }).waitFor();
    await page.getByText('موبایل با کد پیامکی تأیید شده است.').waitFor();
    await lookAtBothWidths(page, 'kyc-verify-review');
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

    await page.getByRole('button', { name: 'رد درخواست' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'رد درخواست' }).click();
    await dialog.getByText('دلیل رد را بنویسید').waitFor();
    await dialog.getByLabel('دلیل رد').fill('عکس سلفی تار است؛ لطفاً در نور روز دوباره بگیرید.');
    await dialog.getByRole('button', { name: 'رد درخواست' }).click();
    await page.getByText('درخواست رد شد').waitFor();

    const { page: mine } = customer;
    await mine.goto(`${baseUrl()}/panel/account/verify`);
    await mine.getByText('عکس سلفی تار است؛ لطفاً در نور روز دوباره بگیرید.').waitFor();
    await mine.getByRole('button', { name: /مدارک/ }).click();
    await mine.locator('input[name="selfie"]').setInputFiles(image('selfie-2.png', [240, 200, 60]));
    await mine.getByRole('button', { name: 'ذخیرهٔ مدارک و ادامه' }).click();
    await mine.getByRole('button', { name: 'ارسال برای بررسی' }).click();
    await mine.getByText('درخواست شما در صف بررسی است').waitFor();
    await make.getByRole('link', { name: KYC_BLOCKER }).waitFor();
  });

  it('approves: the open Make form loses its KYC blocker live', async () => {
    const page = staff!.app.page;
    await openRequest(page, 'care');
    await page.getByText('درخواست‌های پیشین این حساب').waitFor();
    await page.getByRole('button', { name: 'برداشتن برای بررسی' }).click();
    await page.getByRole('button', { name: 'تأیید هویت' }).click();
    await page.getByText('هویت مشتری تأیید شد').waitFor();

    await make.getByRole('link', { name: KYC_BLOCKER }).waitFor({ state: 'detached', timeout: 15_000 });
    const { page: mine } = customer;
    await mine.goto(`${baseUrl()}/panel/account/verify`);
    await mine.getByText('هویت شما تأیید شده است.').waitFor();
    await lookAtBothWidths(mine, 'kyc-verify-approved');
    await mine.goto(`${baseUrl()}/panel/account`);
    await waitForTitle(mine, 'حساب کاربری');
    await lookAtBothWidths(mine, 'panel-account-show');
    await mine.getByRole('link', { name: 'ویرایش حساب' }).click();
    await waitForTitle(mine, 'ویرایش حساب');
    await lookAtBothWidths(mine, 'panel-account-edit');
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
