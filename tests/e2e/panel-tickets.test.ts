import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type AppPage,
  closeSignedIn,
  fieldError,
  lookAtBothWidths,
  openSignedIn,
  waitForTitle,
} from '../support/app-page';

/*
 * The customer's tickets in Chromium (docs/screens.md §4): from the menu to a new ticket (a missing
 * subject refused under its field), the thread, a reply, closing it and rating the answer once.
 */
const baseUrl = () => inject('baseUrl');

describe('panel tickets in Chromium', () => {
  let browser: Browser;
  let app: AppPage;
  beforeAll(async () => {
    ({ browser, app } = await openSignedIn(baseUrl(), 'customer@renderfarm.test'));
  });
  afterAll(() => closeSignedIn({ browser, app }));

  it('opens a ticket, replies, closes it and rates the answer', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/panel`);
    await page.getByRole('navigation').getByRole('link', { name: 'تیکت‌ها' }).first().click();
    await waitForTitle(page, 'تیکت‌ها');
    await page.getByRole('table', { name: 'تیکت‌ها' }).getByRole('row').nth(1).waitFor();
    await lookAtBothWidths(page, 'panel-tickets-list');

    await page.getByRole('link', { name: 'تیکت جدید' }).click();
    await waitForTitle(page, 'تیکت جدید');
    await page.getByLabel('متن پیام').fill('سلام، فایل‌های صحنه روی دیسک سرور دیده نمی‌شوند.');
    await page.getByRole('button', { name: 'فرستادن تیکت' }).click();
    const subject = page.getByLabel('موضوع');
    await page.waitForFunction(() => document.querySelector('[aria-invalid="true"]') !== null);
    expect(await fieldError(subject)).toContain('موضوع');
    await lookAtBothWidths(page, 'panel-tickets-make');
    await subject.fill('فایل‌های صحنه دیده نمی‌شوند');
    await page.getByRole('button', { name: 'فرستادن تیکت' }).click();
    await waitForTitle(page, 'فایل‌های صحنه دیده نمی‌شوند');
    await page.getByText('تیکت شما ثبت شد').waitFor();

    await page.getByLabel('متن پیام').fill('نسخهٔ ویندوز سرور ۲۰۲۲ است.');
    await page.getByRole('button', { name: 'فرستادن پاسخ' }).click();
    await page.getByText('نسخهٔ ویندوز سرور ۲۰۲۲ است.').waitFor();
    await page.getByText('در انتظار پاسخ پشتیبانی').first().waitFor();

    await page.getByRole('button', { name: 'بستن تیکت' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'بستن تیکت' }).click();
    await page.getByText('تیکت بسته شد').waitFor();
    await page.getByRole('button', { name: '۴ از ۵' }).click();
    await page.getByRole('button', { name: 'ثبت امتیاز' }).click();
    await page.getByText('امتیاز شما به این پاسخ: ۴ از ۵').waitFor();
    await lookAtBothWidths(page, 'panel-tickets-edit');
    expect(failures).toEqual([]);
  });
});
