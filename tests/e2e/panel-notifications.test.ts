import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type AppPage,
  closeSignedIn,
  lookAtBothWidths,
  openSignedIn,
  waitForTitle,
} from '../support/app-page';

/*
 * The bell and what it leads to (docs/screens.md §4): the seed's unread notifications counted in
 * the header, the list (open one, mark all read: the bell empties), the channel settings with the
 * money channels locked, and the customer's own activity log.
 */
const baseUrl = () => inject('baseUrl');

describe('notifications and activity in Chromium', () => {
  let browser: Browser;
  let app: AppPage;
  beforeAll(async () => {
    ({ browser, app } = await openSignedIn(baseUrl(), 'customer@renderfarm.test'));
  });
  afterAll(() => closeSignedIn({ browser, app }));

  it('counts unread in the bell, lists them, and empties the bell on «همه خوانده شد»', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/panel`);
    const bell = page.getByRole('link', { name: /^اعلان‌ها، .* خوانده‌نشده$/ });
    await bell.waitFor();
    await bell.click();
    await waitForTitle(page, 'اعلان‌ها');
    await page.getByText('سرورهای RTX 4090 به تبریز رسید').waitFor();
    await lookAtBothWidths(page, 'panel-notifications-list');

    await page.getByRole('link', { name: 'خوانده‌نشده', exact: true }).click();
    await page.waitForURL(/unread=1/);
    await page.getByRole('button', { name: 'همه خوانده شد' }).click();
    await page.getByText('اعلان خوانده‌نشده‌ای ندارید').waitFor();
    // The bell no longer counts anything.
    await page.getByRole('link', { name: 'اعلان‌ها', exact: true }).first().waitFor();
    expect(await page.getByRole('link', { name: /^اعلان‌ها، .* خوانده‌نشده$/ }).count()).toBe(0);
    expect(failures).toEqual([]);
  });

  it('keeps the money channels locked in the settings and saves the rest', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/panel/notifications/settings`);
    await waitForTitle(page, 'تنظیمات اعلان‌ها');
    const locked = page.getByRole('checkbox', { name: 'موجودی کم و تمام شدن اعتبار، ایمیل (همیشه روشن)' });
    expect(await locked.isDisabled()).toBe(true);
    expect(await locked.isChecked()).toBe(true);
    const news = page.getByRole('checkbox', { name: 'خبرها و تخفیف‌ها، ایمیل' });
    await news.check();
    await page.getByRole('button', { name: 'ذخیرهٔ تنظیمات' }).click();
    await page.getByText('تنظیمات اعلان‌ها ذخیره شد.').waitFor();
    await page.reload();
    expect(await page.getByRole('checkbox', { name: 'خبرها و تخفیف‌ها، ایمیل' }).isChecked()).toBe(true);
    await lookAtBothWidths(page, 'panel-notifications-edit');
    expect(failures).toEqual([]);
  });

  it('shows the customer’s own activity with Persian labels and filters it', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/panel`);
    await page.getByRole('navigation').getByRole('link', { name: 'گزارش فعالیت‌ها' }).first().click();
    await waitForTitle(page, 'گزارش فعالیت‌ها');
    const table = page.getByRole('table', { name: 'گزارش فعالیت‌ها' });
    await table
      .getByRole('row', { name: /ورود به حساب/ })
      .first()
      .waitFor();
    await lookAtBothWidths(page, 'panel-activity');
    await page.getByLabel('گروه').selectOption({ label: 'سرورها' });
    await page.waitForURL(/group=instance/);
    await table.getByRole('row', { name: /سرور/ }).first().waitFor();
    expect(await table.getByRole('row', { name: /ورود به حساب/ }).count()).toBe(0);
    expect(failures).toEqual([]);
  });
});
