/**
 * Profile/Show's own forms in Chromium: profile information (name, e-mail that must be verified
 * again), password change across two browsers, and deleting an account that owes nothing.
 * Every test makes its own account, so they run alone or in any order.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerVerified, uniqueEmail } from '../support/accounts';
import {
  DESKTOP,
  fieldError,
  openAppPage,
  PHONE,
  pageHealth,
  screenshot,
  signIn,
  waitForTitle,
} from '../support/app-page';
import { launchChromium } from '../support/browser';
import { readMail, waitForMailLink } from '../support/outbox';

const baseUrl = () => inject('baseUrl');
const storage = () => inject('storageDir');
const PERSIAN = /[\u0600-\u06FF]/;

async function openProfile(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/user/profile`);
  await waitForTitle(page, 'پروفایل و امنیت');
}

/** Clicks a form's button and waits for that form's PUT (or DELETE) to be answered. */
async function submitAndWait(page: Page, method: string, path: string, click: () => Promise<void>) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === method && new URL(r.url()).pathname === path,
  );
  await click();
  const response = await answered;
  expect(response.status()).toBeLessThan(500);
  return response;
}

describe('profile forms in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('changes the name; bad input is refused in Persian beside its field and changes nothing; a new e-mail is verified again', async () => {
    const email = uniqueEmail('profile');
    const name = 'بهار صادقی';
    const { page, failures, close } = await openAppPage(browser);
    await registerVerified(page, baseUrl(), storage(), { name, email, password: 'Kuh-e Sabalan 1403!' });
    await openProfile(page);
    const section = page.locator('section[aria-labelledby="profile-information-title"]');
    const nameInput = section.getByLabel('نام و نام خانوادگی');
    const emailInput = section.getByLabel('ایمیل', { exact: true });
    const save = () =>
      submitAndWait(page, 'PUT', '/user/profile-information', () =>
        section.getByRole('button', { name: 'ذخیره' }).click(),
      );

    // No name and not an e-mail: both refused at once, in Persian, each beside its own field.
    await nameInput.fill('');
    await emailInput.fill('not-an-email');
    await save();
    await expect.poll(() => fieldError(nameInput)).toMatch(PERSIAN);
    await expect.poll(() => fieldError(emailInput)).toMatch(PERSIAN);
    expect(await fieldError(emailInput)).toContain('ایمیل معتبر نیست');
    expect((await pageHealth(page)).axe).toEqual([]);
    await screenshot(page, 'profile-information-errors-desktop');
    await page.setViewportSize(PHONE);
    expect((await pageHealth(page)).overflow).toBe(0);
    await screenshot(page, 'profile-information-errors-mobile');
    await page.setViewportSize(DESKTOP);

    // Another account's address: refused by the server, in Persian, beside the e-mail.
    await nameInput.fill('نام تازه‌ای که نباید بماند');
    await emailInput.fill('customer@renderfarm.test');
    await save();
    await expect.poll(() => fieldError(emailInput)).toContain('حساب دیگری');
    expect(await fieldError(nameInput)).toBe('');

    // A reload proves nothing was saved.
    await page.reload();
    await waitForTitle(page, 'پروفایل و امنیت');
    expect(await nameInput.inputValue()).toBe(name);
    expect(await emailInput.inputValue()).toBe(email);
    expect(readMail(storage(), 'customer@renderfarm.test').some((m) => m.text.includes(name))).toBe(false);

    // A new name is saved, shown in the header, and still there after a reload.
    await nameInput.fill('بهار صادقی‌نژاد');
    await save();
    await expect.poll(() => page.textContent('main')).toContain('مشخصات شما ذخیره شد.');
    await page.reload();
    await waitForTitle(page, 'پروفایل و امنیت');
    expect(await nameInput.inputValue()).toBe('بهار صادقی‌نژاد');
    expect(await page.getByRole('button', { name: /بهار صادقی‌نژاد/ }).count()).toBeGreaterThan(0);

    // A new e-mail: the account must verify it again before the account pages open; the link
    // goes to the new address, and the old address's link no longer counts.
    const oldLink = await waitForMailLink(storage(), email, /\/email\/verify\//);
    const newEmail = uniqueEmail('profile-new');
    const changed = Date.now();
    await emailInput.fill(newEmail);
    await save();
    await waitForTitle(page, 'تأیید ایمیل');
    expect(new URL(page.url()).pathname).toBe('/email/verify');
    expect(await page.textContent('main')).toContain(newEmail);
    expect(await page.textContent('main')).toContain('پیوند تأیید تازه‌ای به ایمیلتان فرستاده شد.');
    await screenshot(page, 'auth-verify-email-after-change-desktop');
    const newLink = await waitForMailLink(storage(), newEmail, /\/email\/verify\//, changed - 1000);
    // The old address is told of the change (a stolen session must not move the account quietly),
    // but gets no verification link.
    const sinceChange = readMail(storage(), email).filter((m) => Date.parse(m.at) >= changed - 1000);
    expect(sinceChange.filter((m) => m.text.includes('/email/verify/'))).toHaveLength(0);

    await page.goto(oldLink);
    await waitForTitle(page, 'دسترسی ندارید');
    expect(await page.textContent('main')).toContain('این پیوند معتبر نیست.');

    await page.goto(newLink);
    // Its first proven address: a new account lands on the welcome checklist.
    await page.waitForURL((url) => url.pathname === '/auth/welcome', { timeout: 15_000 });
    await openProfile(page);
    expect(await emailInput.inputValue()).toBe(newEmail);
    expect(await page.textContent('main')).not.toContain('ایمیلتان هنوز تأیید نشده است.');
    expect(failures).toEqual([]);
    await close();
  });

  it('changes the password: a wrong current one is refused in Persian; then this browser stays in and the other is signed out', async () => {
    const email = uniqueEmail('password');
    const password = 'Rud-e Karun 1403!';
    const newPassword = 'Daryache-ye Urmia 1404!';
    const here = await openAppPage(browser);
    await registerVerified(here.page, baseUrl(), storage(), { name: 'آرش نیک‌نام', email, password });
    const other = await openAppPage(browser, PHONE);
    await signIn(other.page, baseUrl(), email, password);

    const { page } = here;
    await openProfile(page);
    const section = page.locator('section[aria-labelledby="update-password-title"]');
    const current = section.getByLabel('رمز عبور فعلی');
    const fresh = section.getByLabel('رمز عبور جدید', { exact: true });
    const repeat = section.getByLabel('تکرار رمز عبور جدید');
    const save = () =>
      submitAndWait(page, 'PUT', '/user/password', () =>
        section.getByRole('button', { name: 'ذخیره رمز عبور' }).click(),
      );

    await current.fill('not my password');
    await fresh.fill(newPassword);
    await repeat.fill(newPassword);
    await save();
    await expect.poll(() => fieldError(current)).toBe('رمز عبور درست نیست.');
    // What was typed stays: only the wrong field needs fixing.
    expect(await fresh.inputValue()).toBe(newPassword);
    await screenshot(page, 'profile-password-error-desktop');

    // A repetition that differs, then a password too short: Persian, each beside its own field.
    await current.fill(password);
    await fresh.fill(newPassword);
    await repeat.fill(`${newPassword}?`);
    await save();
    await expect.poll(() => fieldError(repeat)).toBe('تکرار رمز عبور با رمز عبور یکی نیست.');
    expect(await fieldError(current)).toBe('');
    await fresh.fill('kutah');
    await repeat.fill('kutah');
    await save();
    await expect.poll(() => fieldError(fresh)).toMatch(PERSIAN);
    expect(await fieldError(repeat)).toBe('');
    await screenshot(page, 'profile-password-weak-desktop');

    // The other browser is still in: nothing changed yet.
    await other.page.goto(`${baseUrl()}/user/profile`);
    await waitForTitle(other.page, 'پروفایل و امنیت');

    await current.fill(password);
    await fresh.fill(newPassword);
    await repeat.fill(newPassword);
    expect((await save()).status()).toBe(303);
    await expect
      .poll(() => page.textContent('main'))
      .toContain('رمز عبور تغییر کرد و نشست‌های دیگر بسته شدند.');
    expect(await current.inputValue()).toBe('');

    // This browser: still signed in after a reload.
    await page.reload();
    await waitForTitle(page, 'پروفایل و امنیت');
    expect(new URL(page.url()).pathname).toBe('/user/profile');
    // The other one: its next visit is a guest's, and the old password no longer opens the account.
    await other.page.goto(`${baseUrl()}/user/profile`);
    await other.page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    await other.page.getByLabel('ایمیل یا شماره موبایل').fill(email);
    await other.page.getByLabel('رمز عبور', { exact: true }).fill(password);
    await other.page.getByRole('button', { name: 'ورود', exact: true }).click();
    const loginEmail = other.page.getByLabel('ایمیل یا شماره موبایل');
    await expect.poll(() => fieldError(loginEmail)).toMatch(PERSIAN);
    await signIn(other.page, baseUrl(), email, newPassword);
    expect(new URL(other.page.url()).pathname).not.toBe('/login');
    expect(here.failures).toEqual([]);
    expect(other.failures).toEqual([]);
    await here.close();
    await other.close();
  });

  it('deletes an account that owes nothing with its password; it can no longer sign in', async () => {
    const email = uniqueEmail('leaving');
    const password = 'Kuh-e Dena 1403!';
    const { page, failures, close } = await openAppPage(browser, PHONE);
    await registerVerified(page, baseUrl(), storage(), { name: 'نیما فراهانی', email, password });
    await openProfile(page);
    const section = page.locator('section[aria-labelledby="delete-account-title"]');
    // Nothing stands in the way, so no reasons are listed.
    expect(await section.textContent()).not.toContain('پیش از حذف حساب باید این موارد تسویه شوند');

    await section.getByRole('button', { name: 'حذف حساب' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('رمز عبور').fill('not my password');
    await submitAndWait(page, 'DELETE', '/user', () =>
      dialog.getByRole('button', { name: 'حذف حساب' }).click(),
    );
    await expect.poll(() => fieldError(dialog.getByLabel('رمز عبور'))).toBe('رمز عبور درست نیست.');
    await screenshot(page, 'profile-delete-wrong-password-mobile', { viewport: true });

    await dialog.getByLabel('رمز عبور').fill(password);
    await dialog.getByRole('button', { name: 'حذف حساب' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    // Public pages show the flash above <main>.
    await page.getByText('حساب شما حذف شد و اطلاعات شخصی‌تان پاک شد.').waitFor();
    await screenshot(page, 'home-account-deleted-mobile', { viewport: true });
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'home-account-deleted-desktop', { viewport: true });
    await page.setViewportSize(PHONE);

    // Signed out, and the address and password open nothing any more.
    await page.goto(`${baseUrl()}/user/profile`);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    await waitForTitle(page, 'ورود');
    await page.getByLabel('ایمیل یا شماره موبایل').fill(email);
    await page.getByLabel('رمز عبور', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    const loginEmail = page.getByLabel('ایمیل یا شماره موبایل');
    await expect.poll(() => fieldError(loginEmail)).toBe('ایمیل، موبایل یا رمز عبور درست نیست.');
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'auth-login-deleted-account-mobile');
    expect(failures).toEqual([]);
    await close();
  });
});
