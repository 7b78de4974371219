import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type AppPage,
  closeSignedIn,
  lookAtBothWidths,
  openSignedIn,
  screenshot,
  waitForTitle,
} from '../support/app-page';

/*
 * Admin/Instances/Item «ریز مصرف سرور» in Chromium: the demo machine's sessions and their cost,
 * in Toman with the Persian separator, as the ledger charged them (the page used to work out its
 * own, ten times larger, figure from power events).
 */
const baseUrl = () => inject('baseUrl');

describe('a machine’s charges in Chromium', () => {
  let browser: Browser;
  let app: AppPage;
  beforeAll(async () => {
    ({ browser, app } = await openSignedIn(baseUrl(), 'admin@renderfarm.test'));
  });
  afterAll(() => closeSignedIn({ browser, app }));

  it('shows each session and the total in Toman, from the ledger', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/admin/instances?q=${encodeURIComponent('ویلای')}`);
    await page.getByRole('table').getByRole('link', { name: 'رندر ویلای شمال' }).click();
    await waitForTitle(page, 'رندر ویلای شمال');
    await page.getByRole('link', { name: 'ریز مصرف' }).click();
    await waitForTitle(page, 'ریز مصرف رندر ویلای شمال');
    const table = page.getByRole('table', { name: 'نوبت‌های روشن بودن' });
    await table.waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toMatch(/جمع: [۰-۹٬]+ دقیقه، [۰-۹٬]+ تومان/);
    // One separator, one unit: no Latin comma, no Rial.
    expect(text).not.toMatch(/[0-9],[0-9]|ریال/);
    await lookAtBothWidths(page, 'admin-instances-item');
    await page.setViewportSize({ width: 1366, height: 900 });
    await screenshot(page, 'admin-instances-item-1366');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(failures).toEqual([]);
  });
});
