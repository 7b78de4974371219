import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerVerified as registerAccount } from '../support/accounts';
import {
  DESKTOP,
  openAppPage,
  PHONE,
  pageHealth,
  screenshot,
  signIn,
  waitForTitle,
} from '../support/app-page';
import { launchChromium } from '../support/browser';
import { makePng } from '../support/png';
import { totp } from '../support/totp';

const baseUrl = () => inject('baseUrl');
const PERSIAN = /[\u0600-\u06FF]/;
const CUSTOMER = { email: 'customer@renderfarm.test', password: 'password' };

/** A fresh account with a verified e-mail (so it may use the account pages), made through the UI. */
function registerVerified(page: Page, email: string, password: string): Promise<void> {
  return registerAccount(page, baseUrl(), inject('storageDir'), { name: 'بهار صادقی', email, password });
}

/** The same screen at 390 px: no sideways scrolling, a screenshot, then back to 1280 px. */
async function atPhoneWidth(page: Page, name: string): Promise<void> {
  await page.setViewportSize(PHONE);
  expect((await pageHealth(page)).overflow, name).toBe(0);
  await screenshot(page, name);
  await page.setViewportSize(DESKTOP);
}

async function signOutHere(page: Page): Promise<void> {
  await page.context().clearCookies();
}

describe('account security in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('turns 2FA on with a computed TOTP code, then signs in through the challenge with a code and with a recovery code once', async () => {
    const email = `tfa-${Date.now()}@example.com`;
    const password = 'Kavir-e Lut 1403!';
    const { page, failures, close } = await openAppPage(browser);
    await registerVerified(page, email, password);

    await page.goto(`${baseUrl()}/user/profile`);
    await waitForTitle(page, 'پروفایل و امنیت');
    await page.getByRole('button', { name: 'فعال‌سازی' }).click();
    // Signed in moments ago counts as a fresh confirmation; otherwise the dialog asks. Wait for
    // whichever comes, so a dialog that opens a moment late is not taken for no dialog.
    const dialog = page.getByRole('dialog');
    const secretNode = page.locator('#two-factor-secret');
    await secretNode.or(dialog).first().waitFor({ timeout: 15_000 });
    if (await dialog.isVisible()) {
      await dialog.getByLabel('رمز عبور').fill(password);
      await dialog.getByRole('button', { name: 'تأیید' }).click();
    }
    await secretNode.waitFor({ timeout: 15_000 });
    expect(await page.locator('[role="img"][aria-label="کد QR ورود دومرحله‌ای"] svg').count()).toBe(1);
    const secret = (await secretNode.textContent())!.trim();
    await screenshot(page, 'profile-two-factor-setup-desktop');
    await atPhoneWidth(page, 'profile-two-factor-setup-mobile');

    // A wrong code is refused in Persian.
    await page.getByLabel('کد تأیید').fill('123456');
    await page.getByRole('button', { name: 'تأیید و فعال‌سازی' }).click();
    await expect.poll(() => page.getByLabel('کد تأیید').getAttribute('aria-invalid')).toBe('true');
    expect(
      await page
        .locator('#two-factor p.text-red-700, section[aria-labelledby="two-factor-title"] p.text-red-700')
        .first()
        .textContent(),
    ).toMatch(PERSIAN);

    await page.getByLabel('کد تأیید').fill(totp(secret));
    await page.getByRole('button', { name: 'تأیید و فعال‌سازی' }).click();
    const codesList = page.getByRole('list', { name: 'کدهای بازیابی' });
    await codesList.waitFor({ timeout: 15_000 });
    const codes = (await codesList.locator('li').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(8);
    expect(await page.textContent('main')).toContain('ورود دومرحله‌ای فعال است.');
    expect((await pageHealth(page)).axe).toEqual([]);
    await screenshot(page, 'profile-two-factor-codes-desktop');
    await atPhoneWidth(page, 'profile-two-factor-codes-mobile');

    // Sign in again: the challenge takes a TOTP code.
    await signOutHere(page);
    await page.goto(`${baseUrl()}/login`);
    await waitForTitle(page, 'ورود');
    await page.getByLabel('ایمیل یا شماره موبایل').fill(email);
    await page.getByLabel('رمز عبور', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    await waitForTitle(page, 'ورود دومرحله‌ای');
    expect((await pageHealth(page)).axe).toEqual([]);
    await screenshot(page, 'auth-two-factor-challenge-desktop');
    await page.getByLabel('کد تأیید').fill('000000');
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    await expect.poll(() => page.getByLabel('کد تأیید').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('p.text-red-700').first().textContent()).toMatch(PERSIAN);
    // A code of a later step than the confirmation's (a spent step is refused): the next step's,
    // as a phone 30 s ahead shows it, which the server takes (one step of drift either side,
    // modules/auth/totp.test.ts) instead of waiting up to 30 s for the clock to get there.
    await page.getByLabel('کد تأیید').fill(totp(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/two-factor-challenge', { timeout: 15_000 });

    // And once with a recovery code, which then stops working.
    for (const attempt of ['first', 'second'] as const) {
      await signOutHere(page);
      await page.goto(`${baseUrl()}/login`);
      await waitForTitle(page, 'ورود');
      await page.getByLabel('ایمیل یا شماره موبایل').fill(email);
      await page.getByLabel('رمز عبور', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'ورود', exact: true }).click();
      await waitForTitle(page, 'ورود دومرحله‌ای');
      await page.getByRole('button', { name: /کد بازیابی/ }).click();
      await page.getByLabel('کد بازیابی').fill(codes[0]!);
      await page.getByRole('button', { name: 'ورود', exact: true }).click();
      if (attempt === 'first') {
        await page.waitForURL((url) => url.pathname !== '/two-factor-challenge', { timeout: 15_000 });
      } else {
        await expect.poll(() => page.getByLabel('کد بازیابی').getAttribute('aria-invalid')).toBe('true');
        expect(await page.locator('p.text-red-700').first().textContent()).toMatch(PERSIAN);
        expect(new URL(page.url()).pathname).toBe('/two-factor-challenge');
      }
    }
    expect(failures).toEqual([]);
    await close();
  }, 120_000);

  it('uploads a profile photo: a wrong file is refused in Persian, a PNG made here is previewed, saved and served', async () => {
    const email = `photo-${Date.now()}@example.com`;
    const { page, failures, close } = await openAppPage(browser, PHONE);
    await registerVerified(page, email, 'Kuh-e Alborz 1403!');
    await page.goto(`${baseUrl()}/user/profile`);
    await waitForTitle(page, 'پروفایل و امنیت');
    const section = page.locator('section[aria-labelledby="profile-information-title"]');
    const input = section.getByLabel(/^انتخاب عکس/);
    const photoError = async () =>
      (await input.getAttribute('aria-invalid')) === 'true'
        ? ((await section.locator('#profile-photo-error').textContent()) ?? '')
        : '';
    const save = async () => {
      const answered = page.waitForResponse(
        (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/user/profile-information',
      );
      await section.getByRole('button', { name: 'ذخیره' }).click();
      return answered;
    };

    // Not a picture by its type: named at once, in Persian, and nothing is sent.
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('salam') });
    await expect.poll(photoError).toMatch(PERSIAN);
    expect(await section.locator('img').count()).toBe(0);

    // Says it is a PNG but is not one: the server reads the bytes and refuses, in Persian.
    await input.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a png at all'),
    });
    await expect.poll(photoError).toBe('');
    expect((await (await save()).status()) < 500).toBe(true);
    await expect.poll(photoError).toMatch(/JPEG،\u200F PNG یا WebP/);
    expect(await section.locator('img').count()).toBe(0);

    // A real 6×4 PNG made in this test: previewed before saving, then stored and served back.
    await input.setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: makePng(6, 4, [20, 120, 200]),
    });
    const preview = section.getByRole('img', { name: 'پیش‌نمایش عکس تازه' });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(6);
    expect(await photoError()).toBe('');
    await screenshot(page, 'profile-photo-preview-mobile');
    expect((await save()).status()).toBe(303);
    const saved = section.getByRole('img', { name: 'عکس پروفایل' });
    await saved.waitFor();
    expect(await saved.getAttribute('src')).toMatch(/^\/user\/profile-photo\/[0-9a-f]{32}\.png$/);
    await expect.poll(() => saved.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(6);
    // Still there after a reload, with «حذف عکس» beside it.
    await page.reload();
    await waitForTitle(page, 'پروفایل و امنیت');
    await expect.poll(() => saved.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(4);
    expect(await section.getByRole('button', { name: 'حذف عکس' }).count()).toBe(1);
    const health = await pageHealth(page);
    expect(health.axe).toEqual([]);
    expect(health.overflow).toBe(0);
    await screenshot(page, 'profile-photo-saved-mobile');
    expect(failures).toEqual([]);
    await close();
  });

  it('lists browser sessions and signs the other ones out with the password', async () => {
    const email = `sessions-${Date.now()}@example.com`;
    const password = 'Darya-ye Khazar 1403!';
    const first = await openAppPage(browser);
    await registerVerified(first.page, email, password);
    const second = await openAppPage(browser, PHONE);
    await signIn(second.page, baseUrl(), email, password);

    await first.page.goto(`${baseUrl()}/user/profile`);
    await waitForTitle(first.page, 'پروفایل و امنیت');
    const sessions = first.page.getByRole('list', { name: 'نشست‌های فعال' }).locator('li');
    expect(await sessions.count()).toBeGreaterThanOrEqual(2);
    expect(await first.page.textContent('#browser-sessions-title ~ *, main')).toContain('همین دستگاه');
    await screenshot(first.page, 'profile-show-desktop');

    await first.page.getByRole('button', { name: 'خروج از نشست‌های دیگر' }).click();
    const dialog = first.page.getByRole('dialog');
    await dialog.getByLabel('رمز عبور').fill('wrong password');
    await dialog.getByRole('button', { name: 'خروج از نشست‌های دیگر' }).click();
    await expect.poll(() => dialog.getByLabel('رمز عبور').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.locator('p.text-red-700').first().textContent()).toMatch(PERSIAN);
    await dialog.getByLabel('رمز عبور').fill(password);
    await dialog.getByRole('button', { name: 'خروج از نشست‌های دیگر' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => sessions.count()).toBe(1);

    // The phone's session is gone: its next visit is a guest's.
    await second.page.goto(`${baseUrl()}/user/profile`);
    await second.page.waitForURL((url) => url.pathname !== '/user/profile');
    expect(first.failures).toEqual([]);
    await first.close();
    await second.close();
  });

  it('refuses to delete an account that still has a balance, and says why', async () => {
    const { page, failures, close } = await openAppPage(browser, PHONE);
    await signIn(page, baseUrl(), CUSTOMER.email, CUSTOMER.password);
    await page.goto(`${baseUrl()}/user/profile`);
    await waitForTitle(page, 'پروفایل و امنیت');
    // The reason is shown before trying.
    expect(await page.textContent('main')).toContain('موجودی');
    const health = await pageHealth(page);
    expect(health.axe).toEqual([]);
    expect(health.overflow).toBe(0);
    await screenshot(page, 'profile-show-mobile');

    await page.getByRole('button', { name: 'حذف حساب' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('رمز عبور').fill(CUSTOMER.password);
    await dialog.getByRole('button', { name: 'حذف حساب' }).click();
    await expect.poll(async () => (await dialog.textContent()) ?? '').toContain('موجودی');
    // The demo customer also has machines (db/demo-data.ts): every reason is named.
    expect(await dialog.textContent()).toContain('۳ سرور دارید که هنوز حذف نشده است');
    expect(await dialog.getByLabel('رمز عبور').getAttribute('aria-invalid')).toBeNull();
    // What the screen shows with the dialog open, on the phone and at 1280 px.
    await screenshot(page, 'profile-delete-refused-mobile', { viewport: true });
    await page.setViewportSize(DESKTOP);
    expect(await dialog.isVisible()).toBe(true);
    await screenshot(page, 'profile-delete-refused-desktop', { viewport: true });
    await page.setViewportSize(PHONE);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Still signed in, still the same account.
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForTitle(page, 'نمای کلی حساب');
    expect(await page.getByRole('list', { name: 'چک‌لیست امنیت' }).count()).toBe(1);
    expect((await pageHealth(page)).axe).toEqual([]);
    await screenshot(page, 'dashboard-mobile');
    expect(failures).toEqual([]);
    await close();
  });

  it('shows the dashboard at 1280 px', async () => {
    const { page, close } = await openAppPage(browser, DESKTOP);
    await signIn(page, baseUrl(), CUSTOMER.email, CUSTOMER.password);
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForTitle(page, 'نمای کلی حساب');
    expect((await pageHealth(page)).axe).toEqual([]);
    await screenshot(page, 'dashboard-desktop');
    await close();
  });
});
