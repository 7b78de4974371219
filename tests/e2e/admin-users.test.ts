import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueMobile } from '../support/accounts';
import {
  type AppPage,
  closeSignedIn,
  lookAtBothWidths,
  openAppPage,
  openSignedIn,
  screenshot,
  signIn,
  waitForTitle,
} from '../support/app-page';
import { expectReadableAudit } from '../support/audit';

/*
 * The admin console's users in Chromium (docs/screens.md §6): the list and its search, a new
 * account (a taken mobile refused beside its field), a balance adjustment sent twice with one form
 * key (one ledger line), impersonation of a customer (the banner, a top-up refused, the way back),
 * the staff audit with both impersonation entries and their IP, and a care user refused.
 */
const baseUrl = () => inject('baseUrl');
const REASON = 'جبران قطعی آزمایشی مرورگر';

describe('admin users, impersonation and audit in Chromium', () => {
  let browser: Browser;
  let app: AppPage;
  let editPath = '';
  beforeAll(async () => {
    ({ browser, app } = await openSignedIn(baseUrl(), 'admin@renderfarm.test'));
  });
  afterAll(() => closeSignedIn({ browser, app }));

  it('lists, searches and makes accounts; a taken mobile is refused beside its field', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/admin`);
    await page.getByRole('navigation').getByRole('link', { name: 'کاربران' }).first().click();
    await waitForTitle(page, 'کاربران');
    await page
      .getByRole('table', { name: 'کاربران' })
      .getByRole('link', { name: /علی رضایی/ })
      .waitFor();
    await lookAtBothWidths(page, 'admin-users-list');
    await page.getByRole('searchbox', { name: 'جست‌وجو' }).fill('مریم');
    await page.getByRole('button', { name: 'جست‌وجو' }).click();
    await page.waitForURL(/q=/);
    const rows = page.getByRole('table', { name: 'کاربران' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(2);

    await page.getByRole('link', { name: 'کاربر جدید' }).click();
    await waitForTitle(page, 'کاربر جدید');
    await page.getByLabel('نام و نام خانوادگی').fill('کاربر آزمایشی مرورگر');
    await page.getByLabel('شماره موبایل').fill('09120000000');
    await page.getByRole('button', { name: 'ساختن حساب' }).click();
    await page.getByText('این شماره موبایل را حساب دیگری دارد.').waitFor();
    await lookAtBothWidths(page, 'admin-users-make-errors');
    await page.getByLabel('شماره موبایل').fill(uniqueMobile());
    await page.getByRole('button', { name: 'ساختن حساب' }).click();
    await page.waitForURL(/\/admin\/users\/\d+\/edit$/);
    await page.getByText(/ساخته شد و پیامک خوش‌آمد/).waitFor();
    expect(failures).toEqual([]);
  });

  it('adjusts a balance: the same form sent twice makes one ledger line', async () => {
    const { page, failures, context } = app;
    await page.goto(`${baseUrl()}/admin/users?q=${encodeURIComponent('مریم')}`);
    await page.getByRole('link', { name: /مریم احمدی/ }).click();
    await waitForTitle(page, 'ویرایش کاربر');
    editPath = new URL(page.url()).pathname;
    await page.getByRole('tab', { name: 'گردش حساب' }).waitFor();
    await page.getByRole('table', { name: 'گردش حساب' }).waitFor();
    await page.getByRole('tab', { name: 'احراز هویت' }).click();
    // The seeded customer was approved without a request on file: the tab says so.
    await page
      .getByRole('table', { name: 'درخواست‌های احراز هویت' })
      .or(page.getByText('درخواست احراز هویتی نفرستاده است'))
      .waitFor();
    await page.getByRole('tab', { name: 'گردش حساب' }).click();
    await lookAtBothWidths(page, 'admin-users-edit');

    // A reason of three letters is refused beside its field; nothing is posted.
    await page.getByLabel('مبلغ (تومان)').fill('۲۵۰٬۰۰۰');
    // The same unit as the balance beside it, read back before sending (1366 and 390 px).
    await page.getByText('افزایش ۲۵۰٬۰۰۰ تومان').waitFor();
    const form = page.getByRole('region', { name: 'اصلاح موجودی' });
    await page.setViewportSize({ width: 1366, height: 900 });
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-users-edit-balance-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-users-edit-balance-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('دلیل', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'ثبت اصلاح' }).click();
    await page.getByRole('button', { name: 'بله، ثبت شود' }).click();
    await page.getByText(/چهار نویسه/).waitFor();

    let sent: Request | null = null;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/balance')) sent = request;
    });
    await page.getByLabel('دلیل', { exact: true }).fill(REASON);
    await page.getByRole('button', { name: 'ثبت اصلاح' }).click();
    await page.getByRole('button', { name: 'بله، ثبت شود' }).click();
    await page.getByText(/۲۵۰٬۰۰۰ تومان به موجودی افزوده شد/).waitFor();
    // The same request again, as a double click or a resent form would send it.
    const first = sent as Request | null;
    expect(first).not.toBeNull();
    const headers = Object.fromEntries(
      Object.entries(await first!.allHeaders()).filter(
        ([name]) => !['content-length', 'host', 'cookie'].includes(name),
      ),
    );
    const again = await context.request.post(first!.url(), {
      headers,
      data: first!.postData() ?? '',
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
    await page.reload();
    await waitForTitle(page, 'ویرایش کاربر');
    const ledger = page.getByRole('table', { name: 'گردش حساب' });
    await ledger.waitFor();
    await expect.poll(() => ledger.getByRole('row', { name: new RegExp(REASON) }).count()).toBe(1);
    expect(failures).toEqual([]);
  });

  it('impersonates the customer: banner, a top-up refused, back to the admin', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}${editPath}`);
    await waitForTitle(page, 'ویرایش کاربر');
    await page.getByRole('button', { name: 'ورود به‌جای کاربر' }).click();
    await page.getByRole('button', { name: 'بله، وارد شوم' }).click();
    await page.waitForURL((url) => url.pathname === '/panel', { timeout: 15_000 });
    const banner = page.getByRole('region', { name: 'ورود به‌جای کاربر' });
    await banner.getByText(/به‌جای مریم احمدی وارد شده‌اید/).waitFor();
    await lookAtBothWidths(page, 'admin-impersonation-panel');

    await page.goto(`${baseUrl()}/panel/payments/create`);
    await page.getByText(/در حالت ورود به‌جای کاربر انجام نمی‌شود/).waitFor();
    expect(await banner.isVisible()).toBe(true);
    await screenshot(page, 'admin-impersonation-topup-refused');

    await banner.getByRole('button', { name: 'بازگشت به حساب مدیر' }).click();
    await page.waitForURL((url) => url.pathname === editPath, { timeout: 15_000 });
    await waitForTitle(page, 'ویرایش کاربر');
    expect(await page.getByRole('region', { name: 'ورود به‌جای کاربر' }).count()).toBe(0);
    expect(failures.filter((f) => !/403/.test(f))).toEqual([]);
  });

  it('shows both impersonation entries and the adjustment, with their IP, in the audit', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/admin`);
    await page.getByRole('navigation').getByRole('link', { name: 'گزارش اقدامات کارکنان' }).first().click();
    await waitForTitle(page, 'گزارش اقدامات کارکنان');
    const table = page.getByRole('table', { name: 'اقدامات کارکنان' });
    const started = table.getByRole('row', { name: /ورود به‌جای کاربر.*مریم احمدی/ }).first();
    const ended = table.getByRole('row', { name: /پایان ورود به‌جای کاربر.*مریم احمدی/ }).first();
    await started.waitFor();
    await ended.waitFor();
    for (const row of [started, ended]) expect(await row.textContent()).toMatch(/127\.0\.0\.1|::1/);
    const adjusted = table.getByRole('row', { name: new RegExp(REASON) });
    expect(await adjusted.count()).toBe(1);
    // A Persian summary and the balance before → after, in Toman with its unit.
    expect(await adjusted.textContent()).toMatch(/موجودی کیف پول: [۰-۹٬]+ تومان←به[۰-۹٬]+ تومان/);
    await expectReadableAudit(page);
    await page.setViewportSize({ width: 1366, height: 900 });
    await screenshot(page, 'admin-audit-1366');
    await lookAtBothWidths(page, 'admin-audit');
    expect(failures).toEqual([]);
  });

  it('refuses a care user the users pages and impersonation', async () => {
    const care = await openAppPage(browser);
    try {
      await signIn(care.page, baseUrl(), 'care@renderfarm.test', 'password');
      const response = await care.page.goto(`${baseUrl()}${editPath}`);
      expect(response?.status()).toBe(404);
      const xsrf = (await care.context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
      const attempt = await care.context.request.post(
        `${baseUrl()}${editPath.replace('/edit', '/impersonate')}`,
        {
          headers: { 'x-xsrf-token': decodeURIComponent(xsrf), 'x-inertia': 'true' },
          maxRedirects: 0,
        },
      );
      expect(attempt.status()).toBe(404);
    } finally {
      await care.close();
    }
  });
});
