import type { Page } from 'playwright-core';
import { waitForTitle } from './app-page';
import { waitForMailLink } from './outbox';

let serial = 0;

/** An address no other test uses: the time, and a counter for two made in the same millisecond. */
export function uniqueEmail(prefix: string): string {
  serial += 1;
  return `${prefix}-${Date.now()}-${serial}@example.com`;
}

/** An Iranian mobile number no other test uses (the 0938 range is left to these helpers). */
export function uniqueMobile(): string {
  serial += 1;
  return `0938${String(Date.now() * 10 + (serial % 10)).slice(-7)}`;
}

export interface NewAccount {
  name: string;
  email: string;
  password: string;
}

/**
 * Fills in Auth/Register and sends it; the page is then on the «verify your e-mail» notice. Returns
 * the time just before sending, for finding the verification mail among older ones.
 */
export async function register(page: Page, baseUrl: string, account: NewAccount): Promise<number> {
  await page.goto(`${baseUrl}/register`);
  await waitForTitle(page, 'ثبت‌نام');
  await page.getByLabel('نام و نام خانوادگی').fill(account.name);
  await page.getByLabel('ایمیل').fill(account.email);
  await page.getByLabel('شماره موبایل').fill(uniqueMobile());
  await page.getByLabel('رمز عبور', { exact: true }).fill(account.password);
  await page.getByLabel('تکرار رمز عبور').fill(account.password);
  await page.getByLabel(/قوانین و مقررات/).check();
  const started = Date.now();
  await page.getByRole('button', { name: 'ثبت‌نام' }).click();
  await page.waitForURL((url) => url.pathname !== '/register', { timeout: 15_000 });
  return started;
}

/** A fresh account with a verified e-mail (so it may use the account pages), made through the UI. */
export async function registerVerified(
  page: Page,
  baseUrl: string,
  storageDir: string,
  account: NewAccount,
): Promise<void> {
  const started = await register(page, baseUrl, account);
  await page.goto(await waitForMailLink(storageDir, account.email, /\/email\/verify\//, started - 1000));
  await page.waitForURL((url) => !url.pathname.startsWith('/email/verify/'), { timeout: 15_000 });
}
