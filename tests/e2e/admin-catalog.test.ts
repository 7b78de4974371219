import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
 * An admin opens a new datacenter (docs/screens.md §6): a location, a plan, a host on the simulated
 * driver and its public ports 40000–40099, all through the forms; a customer then finds the plan
 * on Make with free places there.
 */
const baseUrl = () => inject('baseUrl');

describe('the catalog, as an admin builds it in Chromium', () => {
  let browser: Browser;
  let app: AppPage;
  beforeAll(async () => {
    ({ browser, app } = await openSignedIn(baseUrl(), 'admin@renderfarm.test'));
  });
  afterAll(() => closeSignedIn({ browser, app }));

  it('adds a datacenter, a plan, a host and ports 40000–40099', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/admin/locations`);
    await waitForTitle(page, 'دیتاسنترها');
    await lookAtBothWidths(page, 'admin-locations-list');
    await page.getByRole('link', { name: 'دیتاسنتر جدید' }).click();
    await waitForTitle(page, 'دیتاسنتر جدید');
    // A refused form keeps what was typed and says what is wrong beside the field.
    await page.getByLabel('کد (لاتین)').fill('1 bad');
    await page.getByLabel('نام دیتاسنتر').fill('اصفهان ۱');
    await page.getByRole('button', { name: 'ساخت دیتاسنتر' }).click();
    await page.getByText(/کد دیتاسنتر ۲ تا ۲۰ نویسه/).waitFor();
    expect(await page.getByLabel('نام دیتاسنتر').inputValue()).toBe('اصفهان ۱');
    await lookAtBothWidths(page, 'admin-locations-make-errors');
    await page.getByLabel('کد (لاتین)').fill('isf1');
    await page.getByLabel('شهر').fill('اصفهان');
    await page.getByRole('button', { name: 'ساخت دیتاسنتر' }).click();
    await waitForTitle(page, 'دیتاسنترها');
    await page.getByRole('link', { name: 'اصفهان ۱' }).first().waitFor();

    await page.goto(`${baseUrl()}/admin/hardwares/create`);
    await waitForTitle(page, 'پلن جدید');
    await page.getByLabel('عنوان پلن').fill('آزمایشی RTX 5090');
    await page.getByLabel('نامک (در نشانی صفحه)').fill('rtx-5090');
    await page.getByLabel('مدل کارت گرافیک').fill('NVIDIA GeForce RTX 5090');
    await page.getByLabel('حافظهٔ گرافیک (گیگابایت)').fill('32');
    await page.getByLabel('مدل پردازنده').fill('AMD Ryzen 9 9950X');
    await page.getByLabel('تعداد هستهٔ پردازنده').fill('16');
    await page.getByLabel('رم (گیگابایت)').fill('128');
    await page.getByLabel('دیسک (گیگابایت)').fill('2048');
    await page.getByLabel('قیمت هر ساعت (تومان)').fill('۱۲۰۰۰۰');
    await page.getByRole('radio', { name: /فعال.*در سایت و سفارش/ }).check();
    await page.getByRole('checkbox', { name: /Blender/ }).check();
    await lookAtBothWidths(page, 'admin-hardwares-make');
    await page.getByRole('button', { name: 'ساخت پلن' }).click();
    await waitForTitle(page, 'پلن‌های سخت‌افزاری');
    await page.getByText('پلن «آزمایشی RTX 5090» ساخته شد.').waitFor();
    await lookAtBothWidths(page, 'admin-hardwares-list');

    await page.goto(`${baseUrl()}/admin/resources/create`);
    await waitForTitle(page, 'میزبان جدید');
    await page.getByLabel('دیتاسنتر').selectOption({ label: 'اصفهان ۱' });
    await page.getByLabel('پلن سخت‌افزاری').selectOption({ label: 'آزمایشی RTX 5090' });
    await page.getByLabel('نام میزبان').fill('isf1-gpu-01');
    await page.getByLabel('نشانی در شبکهٔ داخلی').fill('10.20.1.11');
    await page.getByLabel('ظرفیت (تعداد سرور)').fill('2');
    await lookAtBothWidths(page, 'admin-resources-make');
    await page.getByRole('button', { name: 'ساخت میزبان' }).click();
    await waitForTitle(page, 'میزبان isf1-gpu-01');
    await page.getByRole('button', { name: 'بررسی اتصال' }).click();
    await page.getByText(/پاسخ داد \(simulated\)/).waitFor();
    await lookAtBothWidths(page, 'admin-resources-edit');

    await page.getByRole('link', { name: 'مدیریت پورت‌ها' }).click();
    await waitForTitle(page, 'پورت‌ها');
    await page.getByLabel('IP عمومی').fill('185.8.172.10');
    await page.getByLabel('از پورت').fill('41000');
    await page.getByLabel('تا پورت').fill('40000');
    await page.getByRole('button', { name: 'افزودن پورت‌ها' }).click();
    await page.getByText('پورت پایان باید بزرگ‌تر یا برابر پورت آغاز باشد.').waitFor();
    await page.getByLabel('از پورت').fill('40000');
    await page.getByLabel('تا پورت').fill('40099');
    await page.getByRole('button', { name: 'افزودن پورت‌ها' }).click();
    await page.getByText('۱۰۰ پورت افزوده شد.').waitFor();
    await page.getByText('۱۰۰ پورت', { exact: true }).waitFor();
    await lookAtBothWidths(page, 'admin-ports');

    await page.goto(`${baseUrl()}/admin/resources`);
    await waitForTitle(page, 'میزبان‌ها');
    await lookAtBothWidths(page, 'admin-resources-list');
    expect(failures).toEqual([]);
  });

  it('limits: lists every rule in words, adds one for a customer and previews what applies to them', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/admin/limitations`);
    await waitForTitle(page, 'محدودیت‌ها');
    await lookAtBothWidths(page, 'admin-limitations-list');
    await page.getByRole('link', { name: 'محدودیت جدید' }).click();
    await waitForTitle(page, 'محدودیت جدید');
    await page.getByRole('radio', { name: 'یک کاربر' }).check();
    await page.getByLabel('نقش، پلن یا کاربر').fill('customer@renderfarm.test');
    await page.locator('select[name="key"]').selectOption({ label: 'حداکثر تعداد سرور' });
    await page.getByLabel('مقدار').fill('۸');
    await page.getByRole('button', { name: 'ساخت محدودیت' }).click();
    await waitForTitle(page, 'محدودیت‌ها');
    await page.getByRole('table').getByText('کاربر علی رضایی').waitFor();
    await page.getByRole('table').getByRole('link', { name: 'حداکثر تعداد سرور' }).last().click();
    await waitForTitle(page, 'ویرایش محدودیت');
    await page.getByLabel('شناسه، ایمیل یا موبایل کاربر').fill('09120000000');
    await page.getByRole('button', { name: 'ببین' }).click();
    await page.getByText(/برای علی رضایی، «حداکثر تعداد سرور» ۸ است/).waitFor();
    await lookAtBothWidths(page, 'admin-limitations-edit');
    expect(failures).toEqual([]);
  });

  it('settings: by group, a known key held to its range (nothing saved), history on Edit', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/admin/configs`);
    await waitForTitle(page, 'تنظیمات سایت');
    await lookAtBothWidths(page, 'admin-configs-list');
    await page.getByRole('link', { name: /نرخ مالیات بر ارزش افزوده/ }).click();
    await page.getByRole('button', { name: 'ذخیرهٔ تنظیم' }).waitFor();
    await page.getByLabel(/مقدار \(درصد/).fill('400');
    await page.getByRole('button', { name: 'ذخیرهٔ تنظیم' }).click();
    await page.getByText('درصد باید از ۰ تا ۱۰۰ باشد.').waitFor();
    await lookAtBothWidths(page, 'admin-configs-edit');
    expect(failures).toEqual([]);
  });

  it('software images: added in a dialog on «تنظیمات سایت», a bad template id refused under the field', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/admin/configs`);
    await waitForTitle(page, 'تنظیمات سایت');
    const images = page.getByRole('region', { name: 'تصاویر نرم‌افزاری' });
    await images.getByRole('row', { name: /Blender/ }).waitFor();
    await images.getByRole('button', { name: 'تصویر جدید' }).click();
    const dialog = page.getByRole('dialog', { name: 'تصویر نرم‌افزاری جدید' });
    await dialog.getByLabel('نام تصویر').fill('Houdini و Karma');
    await dialog.getByLabel('نرم‌افزارها').fill('Houdini 20.5، Karma XPU');
    await dialog.getByLabel('شناسهٔ قالب').fill('قالب هودینی');
    await dialog.getByRole('button', { name: 'افزودن تصویر' }).click();
    await dialog.getByText(/شناسهٔ قالب فقط حرف و عدد لاتین/).waitFor();
    await lookAtBothWidths(page, 'admin-configs-image-dialog');
    await dialog.getByLabel('شناسهٔ قالب').fill('win2022-houdini-20');
    await dialog.getByRole('button', { name: 'افزودن تصویر' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('تصویر «Houdini و Karma» افزوده شد.').waitFor();
    expect(await images.getByRole('row', { name: /Houdini و Karma/ }).textContent()).toContain('Karma XPU');
    expect(failures).toEqual([]);
  });

  it('shows what was just built in the staff audit: Persian summaries, labelled before → after', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/admin/audit?event=catalog:`);
    await waitForTitle(page, 'گزارش اقدامات کارکنان');
    const table = page.getByRole('table', { name: 'اقدامات کارکنان' });
    const plan = table.getByRole('row', { name: /ساخت پلن.*پلن «آزمایشی RTX 5090» ساخته شد/ });
    await plan.waitFor();
    // The price as typed, in Toman with its unit; the slug left to right.
    expect(await plan.textContent()).toContain('قیمت ساعتی: ۱۲۰٬۰۰۰ تومان');
    expect(await plan.locator('[dir="ltr"]', { hasText: 'rtx-5090' }).count()).toBeGreaterThan(0);
    await table.getByRole('row', { name: /افزودن پورت‌ها.*۱۰۰ پورت به میزبان/ }).waitFor();
    await table.getByRole('row', { name: /ساخت دیتاسنتر.*دیتاسنتر «اصفهان ۱» ساخته شد/ }).waitFor();
    await expectReadableAudit(page);
    await page.setViewportSize({ width: 1366, height: 900 });
    await screenshot(page, 'admin-audit-catalog-1366');
    await lookAtBothWidths(page, 'admin-audit-catalog');
    expect(failures).toEqual([]);
  });

  it('offers the new plan to customers, with free places in the new datacenter', async () => {
    const customer = await openAppPage(browser);
    try {
      await signIn(customer.page, baseUrl(), 'customer@renderfarm.test', 'password');
      await customer.page.goto(`${baseUrl()}/panel/instances/create?hardware=rtx-5090&location=isf1`);
      await waitForTitle(customer.page, 'اجاره سرور جدید');
      expect(await customer.page.getByRole('radio', { name: /آزمایشی RTX 5090/ }).isChecked()).toBe(true);
      const place = customer.page.getByRole('radio', { name: /اصفهان ۱/ });
      expect(await place.isChecked()).toBe(true);
      expect(await place.locator('xpath=ancestor::label').textContent()).toContain('۲ سرور آزاد');
      expect(customer.failures).toEqual([]);
    } finally {
      await customer.close();
    }
  });
});
