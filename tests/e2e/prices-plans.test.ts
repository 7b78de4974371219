import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppPage, lookAtBothWidths, openAppPage, waitForTitle } from '../support/app-page';
import { launchChromium } from '../support/browser';

/* The public price pages (docs/screens.md §1): the calculator, a plan's page and the way to rent it. */
const baseUrl = () => inject('baseUrl');

describe('prices and plans in Chromium', () => {
  let browser: Browser;
  let app: AppPage;
  beforeAll(async () => {
    browser = await launchChromium();
    app = await openAppPage(browser);
  });
  afterAll(async () => {
    await app?.close();
    await browser?.close();
  });

  it('estimates hours of a plan with VAT, then leads from the plan page to renting it', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/prices`);
    await waitForTitle(page, 'تعرفه‌ها');
    await page.locator('select').first().selectOption({ label: 'حرفه‌ای RTX 4090' });
    await page.getByLabel('چند ساعت کار').fill('۱۰');
    await page.getByRole('button', { name: 'حساب کن' }).click();
    await page
      .getByText(/۱۰ ساعت «حرفه‌ای RTX 4090»: ۹۵۰٬۰۰۰ تومان \+ مالیات ۹۵٬۰۰۰ تومان = ۱٬۰۴۵٬۰۰۰ تومان/)
      .waitFor();
    await lookAtBothWidths(page, 'public-prices');

    await page.goto(`${baseUrl()}/`);
    await page.getByRole('link', { name: 'جزئیات و اجاره' }).first().click();
    await page.getByRole('link', { name: 'اجاره این سرور' }).waitFor();
    await lookAtBothWidths(page, 'public-plan');
    await page.getByRole('link', { name: 'اجاره این سرور' }).click();
    await page.waitForURL(/\/login/);
    expect(failures).toEqual([]);
  });
});
