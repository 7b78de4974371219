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
 * «گردش حساب» as a customer reads it (docs/screens.md §4): reached from the panel menu, the running
 * machine's minutes newest first, the seed's top-up and welcome bonus found by their kind, a filter that leaves nothing (the empty
 * state says what to do), and the CSV of what is shown.
 */
const baseUrl = () => inject('baseUrl');

describe('the wallet statement in Chromium', () => {
  let browser: Browser;
  let app: AppPage;
  beforeAll(async () => {
    ({ browser, app } = await openSignedIn(baseUrl(), 'customer@renderfarm.test'));
  });
  afterAll(() => closeSignedIn({ browser, app }));

  it('lists the wallet’s lines with totals, filters them, and downloads the CSV', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/panel`);
    await page.getByRole('navigation').getByRole('link', { name: 'گردش حساب' }).first().click();
    await waitForTitle(page, 'گردش حساب');
    const table = page.getByRole('table', { name: 'گردش حساب' });
    // Newest first: the running demo machine's minutes, each a line of its own.
    await table
      .getByRole('row', { name: /کارکرد سرور/ })
      .first()
      .waitFor();
    await lookAtBothWidths(page, 'panel-items');

    await page.getByLabel('نوع').selectOption({ label: 'بازپرداخت' });
    await page.waitForURL(/type=refund/);
    await page.getByText('تراکنشی با این فیلترها نیست').waitFor();
    await page.getByLabel('نوع').selectOption({ label: 'هدیه' });
    await page.waitForURL(/type=bonus/);
    await table.getByRole('row', { name: /هدیهٔ خوش‌آمد/ }).waitFor();
    await page.getByLabel('نوع').selectOption({ label: 'افزایش اعتبار' });
    await page.waitForURL(/type=topup/);
    await table
      .getByRole('row', { name: /شارژ کیف پول/ })
      .first()
      .waitFor();
    await page.getByLabel('نوع').selectOption({ label: 'هدیه' });
    await page.waitForURL(/type=bonus/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'دریافت CSV' }).click(),
    ]);
    const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
    expect(text.startsWith('\uFEFFزمان (UTC),نوع,شرح')).toBe(true);
    expect(text).toContain('هدیهٔ خوش‌آمد');
    expect(text).not.toContain('شارژ کیف پول');
    expect(failures).toEqual([]);
  });
});
