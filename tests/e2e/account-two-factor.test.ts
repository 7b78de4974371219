/**
 * Two-factor sign-in once it is on (account-security.test.ts covers turning it on and the
 * challenge): new recovery codes replace the old ones, and turning it off drops the challenge.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerVerified, uniqueEmail } from '../support/accounts';
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
import { totp } from '../support/totp';

const baseUrl = () => inject('baseUrl');
const PERSIAN = /[\u0600-\u06FF]/;

/**
 * After a click that needs a recent password: a sign-in moments ago counts as one, otherwise a
 * dialog asks. Waits for whichever comes, so a dialog that opens late is not taken for none.
 */
async function confirmIfAsked(page: Page, password: string, outcome: Locator): Promise<void> {
  const dialog = page.getByRole('dialog');
  await outcome.or(dialog).first().waitFor({ timeout: 15_000 });
  if (await dialog.isVisible()) {
    await dialog.getByLabel('رمز عبور').fill(password);
    await dialog.getByRole('button', { name: 'تأیید' }).click();
  }
  await outcome.waitFor({ timeout: 15_000 });
}

/** Signs out by forgetting every cookie, then types the e-mail and password on the login form. */
async function passwordStep(page: Page, email: string, password: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto(`${baseUrl()}/login`);
  await waitForTitle(page, 'ورود');
  await page.getByLabel('ایمیل یا شماره موبایل').fill(email);
  await page.getByLabel('رمز عبور', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
}

/** The codes in the «کدهای بازیابی» list once it shows a set other than `previous`. */
async function shownCodes(page: Page, previous: string[] = []): Promise<string[]> {
  const list = page.getByRole('list', { name: 'کدهای بازیابی' });
  await expect
    .poll(async () => {
      const codes = (await list.locator('li').allTextContents()).map((c) => c.trim());
      return codes.length === 8 && codes.every((c) => !previous.includes(c));
    })
    .toBe(true);
  return (await list.locator('li').allTextContents()).map((c) => c.trim());
}

describe('two-factor sign-in management in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('makes new recovery codes (an old one is then refused at sign-in), and turns 2FA off (no code asked)', async () => {
    const email = uniqueEmail('tfa-manage');
    const password = 'Jangal-e Abr 1403!';
    const { page, failures, close } = await openAppPage(browser);
    await registerVerified(page, baseUrl(), inject('storageDir'), { name: 'رها موسوی', email, password });

    // On, with a first set of codes.
    await page.goto(`${baseUrl()}/user/profile`);
    await waitForTitle(page, 'پروفایل و امنیت');
    await page.getByRole('button', { name: 'فعال‌سازی' }).click();
    const secretNode = page.locator('#two-factor-secret');
    await confirmIfAsked(page, password, secretNode);
    const secret = (await secretNode.textContent())!.trim();
    await page.getByLabel('کد تأیید').fill(totp(secret));
    await page.getByRole('button', { name: 'تأیید و فعال‌سازی' }).click();
    const oldCodes = await shownCodes(page);

    // New codes: a different set of eight, and the page says the old ones are void.
    await page.getByRole('button', { name: 'ساخت کدهای بازیابی تازه' }).click();
    await confirmIfAsked(page, password, page.getByText('کدهای بازیابی تازه ساخته شد'));
    const newCodes = await shownCodes(page, oldCodes);
    expect(newCodes).toHaveLength(8);
    expect((await pageHealth(page)).axe).toEqual([]);
    await screenshot(page, 'profile-two-factor-regenerated-desktop');

    // An old code no longer opens the account, in Persian; a new one does.
    await passwordStep(page, email, password);
    await waitForTitle(page, 'ورود دومرحله‌ای');
    await page.getByRole('button', { name: /کد بازیابی/ }).click();
    const recoveryInput = page.getByLabel('کد بازیابی');
    await recoveryInput.fill(oldCodes[0]!);
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    await expect.poll(() => fieldError(recoveryInput)).toMatch(PERSIAN);
    expect(new URL(page.url()).pathname).toBe('/two-factor-challenge');
    await screenshot(page, 'auth-two-factor-old-recovery-code-desktop');
    await recoveryInput.fill(newCodes[0]!);
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/two-factor-challenge', { timeout: 15_000 });
    // The page says a code was used up and how many are left.
    await page.getByText(/^یک کد بازیابی مصرف شد؛ [۰-۹] کد دیگر مانده است\.$/).waitFor();
    await screenshot(page, 'users-home-recovery-code-warning-desktop', { viewport: true });
    await page.setViewportSize(PHONE);
    expect((await pageHealth(page)).overflow).toBe(0);
    await screenshot(page, 'users-home-recovery-code-warning-mobile', { viewport: true });
    await page.setViewportSize(DESKTOP);

    // Off: the button asks for the password unless it was just typed, then the state says so.
    await page.goto(`${baseUrl()}/user/profile`);
    await waitForTitle(page, 'پروفایل و امنیت');
    await page.getByRole('button', { name: 'غیرفعال‌سازی' }).click();
    await confirmIfAsked(page, password, page.getByText('ورود دومرحله‌ای فعال نیست.'));
    expect(await page.getByRole('button', { name: 'فعال‌سازی' }).count()).toBe(1);
    await page.setViewportSize(PHONE);
    expect((await pageHealth(page)).overflow).toBe(0);
    await screenshot(page, 'profile-two-factor-disabled-mobile');

    // And the next sign-in goes straight in, no code asked.
    await passwordStep(page, email, password);
    await page.waitForURL((url) => url.pathname === '/home', { timeout: 15_000 });
    await waitForTitle(page, 'حساب من');
    expect(failures).toEqual([]);
    await close();
  });
});
