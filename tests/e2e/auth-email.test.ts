import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  openAppPage,
  PHONE,
  pageHealth,
  screenshot,
  signIn,
  signOut,
  waitForTitle,
} from '../support/app-page';
import { launchChromium } from '../support/browser';
import { waitForMailLink } from '../support/outbox';

const baseUrl = () => inject('baseUrl');
const CUSTOMER = { email: 'customer@renderfarm.test', password: 'password', name: 'علی رضایی' };
const PERSIAN = /[\u0600-\u06FF]/;

describe('e-mail sign-in, sign-up and password reset in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('signs the demo customer in and out', async () => {
    const { page, failures, close } = await openAppPage(browser);
    await signIn(page, baseUrl(), CUSTOMER.email, CUSTOMER.password);
    expect(new URL(page.url()).pathname).toBe('/home');
    await waitForTitle(page, 'حساب من');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(CUSTOMER.name);
    expect((await pageHealth(page)).axe).toEqual([]);
    await screenshot(page, 'users-home-desktop');
    await signOut(page, CUSTOMER.name);
    // Signed out: a page for signed-in people sends us back to the login form.
    await page.goto(`${baseUrl()}/home`);
    await page.waitForURL((url) => url.pathname !== '/home');
    expect(failures).toEqual([]);
    await close();
  });

  it('shows a Persian error for a wrong password and for an empty form, beside the field', async () => {
    const { page, close } = await openAppPage(browser);
    await page.goto(`${baseUrl()}/login`);
    await waitForTitle(page, 'ورود');
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    const emailInput = page.getByLabel('ایمیل یا شماره موبایل');
    await expect.poll(() => emailInput.getAttribute('aria-invalid')).toBe('true');
    const emptyError = await page
      .locator(`#${await emailInput.getAttribute('aria-describedby')}`)
      .first()
      .textContent();
    expect(emptyError).toMatch(PERSIAN);

    await emailInput.fill(CUSTOMER.email);
    const passwordInput = page.getByLabel('رمز عبور', { exact: true });
    await passwordInput.fill('not-the-password');
    // The empty form's errors are still on screen: wait for this attempt's own answer, not theirs.
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/login',
    );
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    expect((await answered).status()).toBeLessThan(500);
    const emailError = () =>
      page.evaluate(() => {
        const input = document.querySelector<HTMLInputElement>('input[name="email"]');
        const id = input?.getAttribute('aria-describedby');
        return input?.getAttribute('aria-invalid') === 'true' && id
          ? (document.getElementById(id)?.textContent ?? '')
          : '';
      });
    await expect.poll(emailError).not.toBe(emptyError);
    const message = await emailError();
    expect(message).toMatch(PERSIAN);
    // One message for a wrong password and an unknown account: it must not say which.
    expect(message).not.toContain(CUSTOMER.email);
    expect(new URL(page.url()).pathname).toBe('/login');
    // The password is cleared after a failed attempt; focus is on the field with the error.
    await expect.poll(() => passwordInput.inputValue()).toBe('');
    expect(await emailInput.inputValue()).toBe(CUSTOMER.email);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await screenshot(page, 'auth-login-error-desktop');
    await close();
  });

  it('lays out the sign-in pages in Persian at 1280 and 390 px without accessibility findings', async () => {
    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'mobile'],
    ] as const) {
      const { page, failures, close } = await openAppPage(browser, viewport);
      for (const [path, title, name] of [
        ['/login', 'ورود', 'auth-login'],
        ['/register', 'ثبت‌نام', 'auth-register'],
        ['/forgot-password', 'فراموشی رمز عبور', 'auth-forgot-password'],
        ['/auth/signin', 'ورود با موبایل', 'users-auth-signin'],
        ['/auth/signup', 'ثبت‌نام با موبایل', 'users-auth-signup'],
      ] as const) {
        await page.goto(`${baseUrl()}${path}`);
        await waitForTitle(page, title);
        expect(await page.getAttribute('html', 'dir')).toBe('rtl');
        const health = await pageHealth(page);
        expect(health.axe, path).toEqual([]);
        expect(health.overflow, path).toBe(0);
        await screenshot(page, `${name}-${suffix}`);
      }
      expect(failures).toEqual([]);
      await close();
    }
  });

  it('registers a new account, with Persian errors for bad input first', async () => {
    const { page, failures, close } = await openAppPage(browser);
    await page.goto(`${baseUrl()}/register`);
    await waitForTitle(page, 'ثبت‌نام');
    await page.getByLabel('نام و نام خانوادگی').fill('<script>alert(1)</script>');
    await page.getByLabel('ایمیل').fill('not-an-email');
    await page.getByLabel('شماره موبایل').fill('12345');
    await page.getByRole('button', { name: 'ثبت‌نام' }).click();
    await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(3);
    for (const text of await page.locator('p.text-red-700').allTextContents()) expect(text).toMatch(PERSIAN);
    expect(new URL(page.url()).pathname).toBe('/register');
    await screenshot(page, 'auth-register-errors-mobile-form');

    const email = `new-${Date.now()}@example.com`;
    await page.getByLabel('نام و نام خانوادگی').fill('نگار محمدی');
    await page.getByLabel('ایمیل').fill(email);
    await page
      .getByLabel('شماره موبایل')
      .fill(
        `۰۹۳۵${String(Date.now()).slice(-7)}`.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d))),
      );
    await page.getByLabel('رمز عبور', { exact: true }).fill('Kooh-e Damavand 1403!');
    await page.getByLabel('تکرار رمز عبور').fill('Kooh-e Damavand 1403!');
    await page.getByLabel(/قوانین و مقررات/).check();
    await page.getByRole('button', { name: 'ثبت‌نام' }).click();
    await page.waitForURL((url) => url.pathname !== '/register', { timeout: 15_000 });
    // The verification mail went out.
    expect(await waitForMailLink(inject('storageDir'), email, /\/email\/verify\//)).toContain(
      '/email/verify/',
    );
    expect(failures).toEqual([]);
    await close();
  });

  it('resets a forgotten password with the link from the captured mail', async () => {
    const storage = inject('storageDir');
    const email = `reset-${Date.now()}@example.com`;
    const password = 'Bagh-e Eram 1402!';
    const newPassword = 'Shab-e Yalda 1403!';
    const { page, failures, close } = await openAppPage(browser);
    // An account of its own, so the demo customer's password stays as the other tests expect.
    await page.goto(`${baseUrl()}/register`);
    await waitForTitle(page, 'ثبت‌نام');
    await page.getByLabel('نام و نام خانوادگی').fill('کاوه بهرامی');
    await page.getByLabel('ایمیل').fill(email);
    await page.getByLabel('شماره موبایل').fill(`0936${String(Date.now()).slice(-7)}`);
    await page.getByLabel('رمز عبور', { exact: true }).fill(password);
    await page.getByLabel('تکرار رمز عبور').fill(password);
    await page.getByLabel(/قوانین و مقررات/).check();
    await page.getByRole('button', { name: 'ثبت‌نام' }).click();
    await page.waitForURL((url) => url.pathname !== '/register', { timeout: 15_000 });
    // Reset links go only to verified addresses (a stolen session must not redirect them): verify first.
    await page.goto(await waitForMailLink(storage, email, /\/email\/verify\//));
    await page.waitForURL((url) => !url.pathname.startsWith('/email/verify'), { timeout: 15_000 });
    await page.context().clearCookies();

    const started = Date.now();
    await page.goto(`${baseUrl()}/forgot-password`);
    await waitForTitle(page, 'فراموشی رمز عبور');
    await page.getByLabel('ایمیل').fill(email);
    await page.getByRole('button', { name: 'فرستادن پیوند' }).click();
    await expect.poll(() => page.locator('[aria-live] .border-green-200').count()).toBeGreaterThan(0);
    await screenshot(page, 'auth-forgot-password-sent-desktop');

    const link = await waitForMailLink(storage, email, /\/reset-password\//, started - 1000);
    await page.goto(link);
    await waitForTitle(page, 'تعیین رمز عبور جدید');
    expect(await page.getByLabel('ایمیل').inputValue()).toBe(email);
    // A weak password is refused in Persian first.
    await page.getByLabel('رمز عبور جدید', { exact: true }).fill('123');
    await page.getByLabel('تکرار رمز عبور جدید').fill('123');
    await page.getByRole('button', { name: 'ذخیره رمز عبور' }).click();
    await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    expect(await page.locator('p.text-red-700').first().textContent()).toMatch(PERSIAN);
    await screenshot(page, 'auth-reset-password-error-desktop');

    await page.getByLabel('رمز عبور جدید', { exact: true }).fill(newPassword);
    await page.getByLabel('تکرار رمز عبور جدید').fill(newPassword);
    await page.getByRole('button', { name: 'ذخیره رمز عبور' }).click();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    await waitForTitle(page, 'ورود');
    expect(await page.textContent('main')).toContain('رمز عبور شما تغییر کرد');

    await signIn(page, baseUrl(), email, newPassword);
    expect(new URL(page.url()).pathname).not.toBe('/login');
    expect(failures).toEqual([]);
    await close();
  });
});
