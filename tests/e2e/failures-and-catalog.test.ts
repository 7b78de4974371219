import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openAppPage, pageHealth, screenshot, signIn, waitForTitle } from '../support/app-page';
import { launchChromium } from '../support/browser';

/*
 * The screens changed so that people read Persian reasons, labelled events and only what can be
 * rented, looked at at 1366 px and 390 px (tests/e2e/screenshots).
 */
const baseUrl = () => inject('baseUrl');
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

async function atBothWidths(page: Page, name: string) {
  await page.setViewportSize(WIDE);
  await screenshot(page, `${name}-1366`);
  await page.setViewportSize(PHONE);
  expect((await pageHealth(page)).overflow, `${name} at 390 px`).toBe(0);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(WIDE);
}

describe('Persian failures, labelled events, only what can be rented (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('Care/Home and Admin/Dash: the failure in Persian, the English folded under «جزئیات فنی»', async () => {
    for (const [email, path, title, name] of [
      ['care@renderfarm.test', '/care', 'میز پشتیبانی', 'care-home-failure'],
      ['admin@renderfarm.test', '/admin', 'داشبورد', 'admin-dash-failure'],
    ] as const) {
      const app = await openAppPage(browser, WIDE);
      try {
        await signIn(app.page, baseUrl(), email, 'password');
        await app.page.goto(`${baseUrl()}${path}`);
        await app.page.getByText('علت: میزبان در مهلت مقرر پاسخ نداد').first().waitFor();
        expect(await app.page.getByText(/did not answer/).isVisible(), title).toBe(false);
        await app.page.getByText('جزئیات فنی').first().click();
        await app.page.getByText(/did not answer/).waitFor();
        await atBothWidths(app.page, name);
        expect(app.failures).toEqual([]);
      } finally {
        await app.close();
      }
    }
  });

  it('Panel/Activity: every event by its Persian label, with the time of day', async () => {
    const app = await openAppPage(browser, WIDE);
    try {
      await signIn(app.page, baseUrl(), 'customer@renderfarm.test', 'password');
      await app.page.goto(`${baseUrl()}/panel/activity`);
      await waitForTitle(app.page, 'گزارش فعالیت‌ها');
      const table = app.page.getByRole('table');
      await table.waitFor();
      expect(await table.textContent()).not.toMatch(/[a-z]+:[a-z]/);
      expect(await table.locator('time').first().textContent()).toMatch(/[۰-۹]{2}:[۰-۹]{2}/);
      await atBothWidths(app.page, 'panel-activity');
    } finally {
      await app.close();
    }
  });

  it('Prices, a plan and Revit offer only what can be rented', async () => {
    const app = await openAppPage(browser, WIDE);
    try {
      await app.page.goto(`${baseUrl()}/prices`);
      await waitForTitle(app.page, 'تعرفه‌ها');
      // The inactive «مشهد ۱» (no hosts taking machines) is no column.
      expect(await app.page.getByRole('columnheader', { name: 'مشهد ۱' }).count()).toBe(0);
      await atBothWidths(app.page, 'prices');
      await app.page.goto(`${baseUrl()}/plans/rtx-a6000`);
      await waitForTitle(app.page, 'ایستگاه کاری RTX A6000');
      await atBothWidths(app.page, 'plan-a6000');
      await app.page.goto(`${baseUrl()}/software/revit`);
      await app.page.getByRole('heading', { name: 'پلن‌های مناسب Revit' }).waitFor();
      await atBothWidths(app.page, 'revit');
    } finally {
      await app.close();
    }
  });

  it('a scheduled article: picking a day fills the time box with a real time', async () => {
    const app = await openAppPage(browser, WIDE);
    try {
      await signIn(app.page, baseUrl(), 'admin@renderfarm.test', 'password');
      await app.page.goto(`${baseUrl()}/admin/articles/create`);
      await app.page.getByLabel('وضعیت').selectOption('scheduled');
      const time = app.page.getByLabel('ساعت (تهران)');
      expect(await time.getAttribute('placeholder')).toBeNull();
      await app.page.getByRole('button', { name: 'روز' }).click();
      await app.page
        .getByRole('dialog')
        .getByRole('button')
        .filter({ hasText: /^[۰-۹]+$/ })
        .nth(20)
        .click();
      expect(await time.inputValue()).toBe('10:00');
      await atBothWidths(app.page, 'article-schedule');
    } finally {
      await app.close();
    }
  });
});
