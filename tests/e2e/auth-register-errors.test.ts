import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openAppPage, PHONE, screenshot, waitForTitle } from '../support/app-page';
import { launchChromium } from '../support/browser';

const baseUrl = () => inject('baseUrl');

describe('a form shows every error at once', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('register: a bad e-mail, a short password and a different repetition, all after one submit, typed passwords kept', async () => {
    const { page, failures, close } = await openAppPage(browser, PHONE);
    await page.goto(`${baseUrl()}/register`);
    await waitForTitle(page, 'ثبت‌نام');
    await page.getByLabel('نام و نام خانوادگی').fill('زهرا محمدی');
    await page.getByLabel('ایمیل').fill('zahra@');
    await page.getByLabel('رمز عبور', { exact: true }).fill('abc');
    await page.getByLabel('تکرار رمز عبور').fill('abd');
    await page.getByLabel(/قوانین و مقررات/).check();
    await page.getByRole('button', { name: 'ثبت‌نام' }).click();

    await page.getByText(/^ایمیل معتبر نیست/).waitFor({ timeout: 15_000 });
    await page.getByText(/رمز عبور باید دست‌کم ۸ نویسه باشد/).waitFor();
    await page.getByText('تکرار رمز عبور با رمز عبور یکی نیست.').waitFor();
    expect(await page.getByLabel('رمز عبور', { exact: true }).inputValue()).toBe('abc');
    expect(await page.getByLabel('تکرار رمز عبور').inputValue()).toBe('abd');
    expect(new URL(page.url()).pathname).toBe('/register');
    await screenshot(page, 'register-all-errors-390');
    expect(failures).toEqual([]);
    await close();
  });
});
