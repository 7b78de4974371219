import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, openAppPage, PHONE, pageHealth, screenshot, waitForTitle } from '../support/app-page';
import { launchChromium } from '../support/browser';
import { waitForSmsCode } from '../support/outbox';
import { dropSessionCookie, hasRememberCookie } from '../support/session-cookies';

const baseUrl = () => inject('baseUrl');
const PERSIAN = /[\u0600-\u06FF]/;
const toPersian = (value: string) => value.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));

describe('mobile sign-in and sign-up with the SMS code in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('refuses a number that is not an Iranian mobile, in Persian', async () => {
    const { page, close } = await openAppPage(browser);
    await page.goto(`${baseUrl()}/auth/signin`);
    await waitForTitle(page, 'ورود با موبایل');
    await page.getByLabel('شماره موبایل').fill('۱۲۳');
    await page.getByRole('button', { name: 'دریافت کد تأیید' }).click();
    const input = page.getByLabel('شماره موبایل');
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('p.text-red-700').first().textContent()).toMatch(PERSIAN);
    expect(new URL(page.url()).pathname).toBe('/auth/signin');
    await close();
  });

  // SMS codes are limited to 5 sends an hour per IP, and every browser test comes from 127.0.0.1:
  // «remember me» is checked inside the two sign-ins below rather than with codes of its own.
  it('signs the demo customer in with a number typed in Persian digits and the code from the SMS log, remembered', async () => {
    const { page, context, failures, close } = await openAppPage(browser, PHONE);
    const started = Date.now();
    await page.goto(`${baseUrl()}/auth/signin`);
    await waitForTitle(page, 'ورود با موبایل');
    await page.getByLabel('شماره موبایل').fill(toPersian('09120000000'));
    await page.getByLabel('مرا به خاطر بسپار').check();
    await screenshot(page, 'users-auth-signin-remember-mobile');
    await page.getByRole('button', { name: 'دریافت کد تأیید' }).click();
    await waitForTitle(page, 'کد تأیید پیامکی');
    const code = page.getByLabel('کد تأیید');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    // The countdown runs in Persian digits.
    expect(await page.textContent('main')).toMatch(/اعتبار کد: [۰-۹]:[۰-۹]{2}/);
    const health = await pageHealth(page);
    expect(health.axe).toEqual([]);
    expect(health.overflow).toBe(0);
    await screenshot(page, 'users-auth-verify-mobile');

    // A wrong code first: a Persian error, still on the page.
    await code.fill('000000');
    await page.getByRole('button', { name: 'تأیید و ادامه' }).click();
    await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('p.text-red-700').first().textContent()).toMatch(PERSIAN);

    const sms = await waitForSmsCode(inject('storageDir'), '09120000000', started - 1000);
    await code.fill(toPersian(sms));
    await page.getByRole('button', { name: 'تأیید و ادامه' }).click();
    await page.waitForURL((url) => url.pathname === '/home', { timeout: 15_000 });
    await waitForTitle(page, 'حساب من');

    // The session cookie goes (the browser was closed); the remember cookie brings the account back.
    expect(await hasRememberCookie(context)).toBe(true);
    await dropSessionCookie(context);
    await page.reload();
    await waitForTitle(page, 'حساب من');
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('علی رضایی');
    expect(failures).toEqual([]);
    await close();
  });

  it('makes a new account from a new number: code, then name, then the welcome checklist', async () => {
    const mobile = `0935${String(Date.now()).slice(-7)}`;
    const { page, failures, close } = await openAppPage(browser, DESKTOP);
    const started = Date.now();
    await page.goto(`${baseUrl()}/auth/signin`);
    await waitForTitle(page, 'ورود با موبایل');
    await page.getByLabel('شماره موبایل').fill(mobile);
    await page.getByRole('button', { name: 'دریافت کد تأیید' }).click();
    await waitForTitle(page, 'کد تأیید پیامکی');
    await screenshot(page, 'users-auth-verify-desktop');
    const sms = await waitForSmsCode(inject('storageDir'), mobile, started - 1000);
    await page.getByLabel('کد تأیید').fill(sms);
    await page.getByRole('button', { name: 'تأیید و ادامه' }).click();

    await waitForTitle(page, 'ثبت‌نام با موبایل');
    const mobileInput = page.getByLabel('شماره موبایل');
    expect(await mobileInput.getAttribute('readonly')).not.toBeNull();
    // Missing name and unticked terms: Persian errors, no account yet.
    await page.getByRole('button', { name: 'ساخت حساب' }).click();
    await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    for (const text of await page.locator('p.text-red-700').allTextContents()) expect(text).toMatch(PERSIAN);
    await screenshot(page, 'users-auth-signup-errors-desktop');

    await page.getByLabel('نام و نام خانوادگی').fill('پریسا نوروزی');
    await page.getByLabel(/قوانین و مقررات/).check();
    await page.getByRole('button', { name: 'ساخت حساب' }).click();
    await waitForTitle(page, 'خوش آمدید');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('پریسا نوروزی');
    expect(await page.getByRole('list', { name: 'قدم‌های شروع کار' }).count()).toBe(1);
    expect((await pageHealth(page)).axe).toEqual([]);
    await screenshot(page, 'users-landing-desktop');

    // «Remember me» was left unticked: without its session cookie the browser is a guest again.
    expect(await hasRememberCookie(page.context())).toBe(false);
    await dropSessionCookie(page.context());
    await page.goto(`${baseUrl()}/home`);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    expect(failures).toEqual([]);
    await close();
  });
});
