/**
 * «مرا به خاطر بسپار» on the e-mail login: the browser stays signed in after its session cookie is
 * gone (closed and reopened), and only when the box was ticked. The mobile sign-in's box is checked
 * in auth-mobile.test.ts, inside sign-ins that send their SMS codes anyway.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerVerified, uniqueEmail } from '../support/accounts';
import { openAppPage, PHONE, screenshot, signOut, waitForTitle } from '../support/app-page';
import { launchChromium } from '../support/browser';
import { dropSessionCookie, hasRememberCookie } from '../support/session-cookies';

const baseUrl = () => inject('baseUrl');

async function logIn(page: Page, email: string, password: string, remember: boolean): Promise<void> {
  await page.goto(`${baseUrl()}/login`);
  await waitForTitle(page, 'ورود');
  await page.getByLabel('ایمیل یا شماره موبایل').fill(email);
  await page.getByLabel('رمز عبور', { exact: true }).fill(password);
  await page.getByLabel('مرا به خاطر بسپار').setChecked(remember);
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/home', { timeout: 15_000 });
}

describe('remember me on the e-mail login in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('keeps a ticked browser signed in without its session cookie, and an unticked one not', async () => {
    const email = uniqueEmail('remember');
    const password = 'Bam-e Iran 1403!';
    const name = 'یاسمن رستمی';
    const { page, context, failures, close } = await openAppPage(browser, PHONE);
    await registerVerified(page, baseUrl(), inject('storageDir'), { name, email, password });

    // Ticked: the session cookie goes, the remember cookie brings the account back on a reload.
    await context.clearCookies();
    await logIn(page, email, password, true);
    expect(await hasRememberCookie(context)).toBe(true);
    await dropSessionCookie(context);
    await page.reload();
    await waitForTitle(page, 'حساب من');
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(name);
    // A real session: an account page opens, and signing out works with its CSRF token.
    await page.goto(`${baseUrl()}/user/profile`);
    await waitForTitle(page, 'پروفایل و امنیت');
    await screenshot(page, 'profile-show-remembered-mobile');
    // Signing out ends «remember me» too: without the session cookie, a guest again.
    await signOut(page, name);
    expect(await hasRememberCookie(context)).toBe(false);
    await page.goto(`${baseUrl()}/home`);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });

    // Unticked: no remember cookie, and without the session cookie the browser is a guest.
    await context.clearCookies();
    await logIn(page, email, password, false);
    expect(await hasRememberCookie(context)).toBe(false);
    await dropSessionCookie(context);
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    await waitForTitle(page, 'ورود');
    expect(failures).toEqual([]);
    await close();
  });
});
