/**
 * Password confirmation before a sensitive action (docs/screens.md "confirm"): signed in with an SMS code
 * only, the staff member is asked for the password before two-factor setup starts.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openAppPage, pageHealth, screenshot, waitForTitle } from '../support/app-page';
import { launchChromium } from '../support/browser';
import { waitForSmsCode } from '../support/outbox';

const baseUrl = () => inject('baseUrl');
const PERSIAN = /[\u0600-\u06FF]/;

describe('password confirmation in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('asks for the password before two-factor setup, refuses a wrong one in Persian, then goes on', async () => {
    const { page, failures, close } = await openAppPage(browser);
    // Sign in with the mobile code: no password typed, so nothing is confirmed yet.
    const started = Date.now();
    await page.goto(`${baseUrl()}/auth/signin`);
    await waitForTitle(page, 'ورود با موبایل');
    await page.getByLabel('شماره موبایل').fill('09120000002');
    await page.getByRole('button', { name: 'دریافت کد تأیید' }).click();
    await waitForTitle(page, 'کد تأیید پیامکی');
    await page
      .getByLabel('کد تأیید')
      .fill(await waitForSmsCode(inject('storageDir'), '09120000002', started - 1000));
    await page.getByRole('button', { name: 'تأیید و ادامه' }).click();
    // A care account signs in to its own desk, not to the customer home.
    await page.waitForURL((url) => url.pathname === '/care', { timeout: 15_000 });

    await page.goto(`${baseUrl()}/user/profile`);
    await waitForTitle(page, 'پروفایل و امنیت');
    await page.getByRole('button', { name: 'فعال‌سازی' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 15_000 });
    expect(await page.locator('#two-factor-secret').count()).toBe(0);
    expect((await pageHealth(page)).axe).toEqual([]);
    await screenshot(page, 'confirm-password-dialog-desktop', { viewport: true });

    await dialog.getByLabel('رمز عبور').fill('not-the-password');
    await dialog.getByRole('button', { name: 'تأیید' }).click();
    await expect.poll(() => dialog.getByLabel('رمز عبور').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.textContent()).toMatch(PERSIAN);
    expect(await page.locator('#two-factor-secret').count()).toBe(0);

    await dialog.getByLabel('رمز عبور').fill('password');
    await dialog.getByRole('button', { name: 'تأیید' }).click();
    await page.locator('#two-factor-secret').waitFor({ timeout: 15_000 });
    expect(failures).toEqual([]);
    await close();
  });
});
