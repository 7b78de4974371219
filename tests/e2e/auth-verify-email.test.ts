/**
 * E-mail verification (docs/screens.md `verification.*`): the notice after sign-up, resending the link
 * within its limit, a tampered link refused in Persian, and the real link from the captured mail.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { register, uniqueEmail } from '../support/accounts';
import {
  DESKTOP,
  fieldError,
  openAppPage,
  PHONE,
  pageHealth,
  screenshot,
  waitForTitle,
} from '../support/app-page';
import { launchChromium } from '../support/browser';
import { readMail, waitForMailLink } from '../support/outbox';

const baseUrl = () => inject('baseUrl');
const storage = () => inject('storageDir');
const PERSIAN = /[\u0600-\u06FF]/;
/** Users/Landing: the welcome checklist a new account lands on. */
const LANDING_TITLE = 'خوش آمدید';
/** apps/server auth/routes.ts VERIFICATION_MAIL_LIMIT: six resends a minute per account. */
const RESENDS_PER_MINUTE = 6;

/** Clicks «فرستادن دوباره پیوند تأیید» and waits for the server's answer to that click. */
async function resend(page: Page): Promise<void> {
  const answered = page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' && new URL(r.url()).pathname === '/email/verification-notification',
  );
  await page.getByRole('button', { name: 'فرستادن دوباره پیوند تأیید' }).click();
  expect((await answered).status()).toBeLessThan(400);
  // The page the redirect leads to has arrived too (the button is usable again).
  await page.getByRole('button', { name: 'فرستادن دوباره پیوند تأیید', disabled: false }).waitFor();
}

describe('e-mail verification in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('resends the link up to the limit, refuses a tampered link in Persian, then verifies with the mailed link', async () => {
    const email = uniqueEmail('verify');
    const { page, failures, close } = await openAppPage(browser);
    await register(page, baseUrl(), { name: 'سارا کریمی', email, password: 'Tangeh-ye Hormoz 1403!' });
    await waitForTitle(page, 'تأیید ایمیل');
    expect(new URL(page.url()).pathname).toBe('/email/verify');
    expect(await page.textContent('main')).toContain(email);
    await waitForMailLink(storage(), email, /\/email\/verify\//);
    expect(readMail(storage(), email)).toHaveLength(1);
    // Unverified: the account pages send back to this notice.
    await page.goto(`${baseUrl()}/user/profile`);
    await waitForTitle(page, 'تأیید ایمیل');
    expect(new URL(page.url()).pathname).toBe('/email/verify');
    const health = await pageHealth(page);
    expect(health.axe).toEqual([]);
    await screenshot(page, 'auth-verify-email-desktop');

    // Each resend mails a new link and says so, until the limit; then a Persian refusal, no mail.
    for (let sent = 1; sent <= RESENDS_PER_MINUTE; sent++) {
      await resend(page);
      await expect.poll(() => readMail(storage(), email).length).toBe(1 + sent);
    }
    expect(await page.textContent('main')).toContain('پیوند تأیید تازه‌ای به ایمیلتان فرستاده شد.');
    await page.setViewportSize(PHONE);
    expect((await pageHealth(page)).overflow).toBe(0);
    await screenshot(page, 'auth-verify-email-sent-mobile');
    await page.setViewportSize(DESKTOP);

    await resend(page);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('درخواست‌ها بیش از حد مجاز بوده است');
    expect(await page.textContent('main')).not.toContain('پیوند تأیید تازه‌ای به ایمیلتان فرستاده شد.');
    expect(readMail(storage(), email)).toHaveLength(1 + RESENDS_PER_MINUTE);
    await screenshot(page, 'auth-verify-email-limited-desktop');

    // A link altered on the way (a later expiry than it was signed with) is refused, in Persian.
    const link = await waitForMailLink(storage(), email, /\/email\/verify\//);
    const tampered = link.replace(/expires=(\d+)/, (_, expires) => `expires=${Number(expires) + 86_400}`);
    expect(tampered).not.toBe(link);
    await page.goto(tampered);
    await waitForTitle(page, 'دسترسی ندارید');
    expect(await page.textContent('main')).toContain('این پیوند معتبر نیست.');
    expect(await page.textContent('main')).toMatch(PERSIAN);
    await screenshot(page, 'auth-verify-email-tampered-desktop');
    // Still not verified.
    await page.goto(`${baseUrl()}/user/profile`);
    await waitForTitle(page, 'تأیید ایمیل');

    // The real link: verified, welcomed, and the account pages open.
    await page.goto(link);
    // A new account: the welcome checklist, as after the mobile sign-up.
    await page.waitForURL((url) => url.pathname === '/auth/welcome', { timeout: 15_000 });
    await waitForTitle(page, LANDING_TITLE);
    expect(await page.getByText('ایمیل شما تأیید شد.').count()).toBe(1);
    await page.goto(`${baseUrl()}/user/profile`);
    await waitForTitle(page, 'پروفایل و امنیت');
    expect(await page.textContent('main')).not.toContain('ایمیلتان هنوز تأیید نشده است.');
    // The notice is for unverified addresses only: now it sends home.
    await page.goto(`${baseUrl()}/email/verify`);
    await page.waitForURL((url) => url.pathname === '/home', { timeout: 15_000 });
    expect(failures).toEqual([]);
    await close();
  });

  it('corrects a mistyped address on the notice: Persian errors first, then the link goes to the new one only', async () => {
    const typo = uniqueEmail('typo').replace('@example.com', '@exmaple.com');
    const { page, failures, close } = await openAppPage(browser, PHONE);
    await register(page, baseUrl(), { name: 'کیان احمدی', email: typo, password: 'Sahel-e Kish 1403!' });
    await waitForTitle(page, 'تأیید ایمیل');
    const oldLink = await waitForMailLink(storage(), typo, /\/email\/verify\//);

    await page.getByRole('button', { name: 'ایمیل را اشتباه نوشته‌اید؟' }).click();
    const input = page.getByLabel('نشانی درست ایمیل');
    const save = async () => {
      const answered = page.waitForResponse(
        (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/email/verification-address',
      );
      await page.getByRole('button', { name: 'ذخیره و فرستادن پیوند' }).click();
      expect((await answered).status()).toBeLessThan(400);
    };
    await input.fill('kian.example.com');
    await save();
    await expect.poll(() => fieldError(input)).toContain('ایمیل معتبر نیست');
    const health = await pageHealth(page);
    expect(health.axe).toEqual([]);
    expect(health.overflow).toBe(0);
    await screenshot(page, 'auth-verify-email-correct-error-mobile');
    await input.fill('customer@renderfarm.test');
    await save();
    await expect.poll(() => fieldError(input)).toBe('این ایمیل برای حساب دیگری ثبت شده است.');
    expect(await page.textContent('main')).toContain(typo);

    const fixed = typo.replace('@exmaple.com', '@example.com');
    const changed = Date.now();
    await input.fill(fixed);
    await save();
    await expect.poll(() => page.textContent('main')).toContain('پیوند تأیید تازه‌ای به ایمیلتان فرستاده شد.');
    expect(await page.textContent('main')).toContain(fixed);
    expect(await page.getByLabel('نشانی درست ایمیل').count()).toBe(0);
    await screenshot(page, 'auth-verify-email-corrected-mobile');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'auth-verify-email-corrected-desktop');
    const newLink = await waitForMailLink(storage(), fixed, /\/email\/verify\//, changed - 1000);
    expect(readMail(storage(), typo)).toHaveLength(1);

    // The link sent to the mistyped address verifies nothing; the new one does.
    await page.goto(oldLink);
    await waitForTitle(page, 'دسترسی ندارید');
    await page.goto(newLink);
    await page.waitForURL((url) => url.pathname === '/auth/welcome', { timeout: 15_000 });
    await page.goto(`${baseUrl()}/user/profile`);
    await waitForTitle(page, 'پروفایل و امنیت');
    expect(await page.getByLabel('ایمیل', { exact: true }).inputValue()).toBe(fixed);
    expect(failures).toEqual([]);
    await close();
  });
});
