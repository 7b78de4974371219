import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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

const baseUrl = () => inject('baseUrl');
const PERSIAN = /[\u0600-\u06FF]/;

describe('API tokens in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('creates a named token shown once, which works as a Bearer token, then deletes it after confirming', async () => {
    const { page, failures, close } = await openAppPage(browser, DESKTOP);
    await signIn(page, baseUrl(), 'customer@renderfarm.test', 'password');
    await page.goto(`${baseUrl()}/user/api-tokens`);
    await waitForTitle(page, 'توکن‌های API');

    // No name: a Persian error beside the field.
    await page.getByRole('button', { name: 'ساخت توکن' }).click();
    await expect.poll(() => page.getByLabel('نام توکن').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('p.text-red-700').first().textContent()).toMatch(PERSIAN);

    const name = `اسکریپت شبانه ${Date.now() % 10000}`;
    await page.getByLabel('نام توکن').fill(name);
    await page.getByRole('checkbox', { name: 'ویرایش' }).check();
    await page.getByRole('button', { name: 'ساخت توکن' }).click();
    const dialog = page.getByRole('dialog', { name: 'توکن API ساخته شد' });
    await dialog.waitFor({ timeout: 15_000 });
    const token = (await dialog.locator('#new-api-token').textContent())!.trim();
    expect(token.length).toBeGreaterThan(20);
    expect((await pageHealth(page)).axe).toEqual([]);
    await screenshot(page, 'api-token-created-desktop', { viewport: true });
    await page.setViewportSize(PHONE);
    expect((await pageHealth(page)).overflow).toBe(0);
    await screenshot(page, 'api-token-created-mobile', { viewport: true });
    await page.setViewportSize(DESKTOP);

    const me = await fetch(`${baseUrl()}/api/v1/me`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    expect(me.status).toBe(200);

    await dialog.getByRole('button', { name: 'کپی کردم، بستن' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('list', { name: 'توکن‌های API' }).locator('li', { hasText: name });
    expect(await row.textContent()).toContain('ویرایش');
    expect(await row.textContent()).toContain('هنوز استفاده نشده');
    // Shown once: a reload does not bring it back.
    await page.reload();
    await waitForTitle(page, 'توکن‌های API');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'api-index-desktop');
    await page.setViewportSize(PHONE);
    expect((await pageHealth(page)).overflow).toBe(0);
    await screenshot(page, 'api-index-list-mobile');
    await page.setViewportSize(DESKTOP);

    await row.getByRole('button', { name: /حذف/ }).click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.textContent()).toContain(name);
    await confirm.getByRole('button', { name: 'حذف توکن' }).click();
    await expect.poll(() => row.count()).toBe(0);
    const after = await fetch(`${baseUrl()}/api/v1/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    expect(failures).toEqual([]);
    await close();
  });

  it("changes a token's permissions in its dialog: saved (a reload shows them) and enforced by the API", async () => {
    const { page, failures, close } = await openAppPage(browser, DESKTOP);
    await signIn(page, baseUrl(), 'customer@renderfarm.test', 'password');
    await page.goto(`${baseUrl()}/user/api-tokens`);
    await waitForTitle(page, 'توکن‌های API');

    // A token that may only read (the form's default).
    const name = `داشبورد مانیتورینگ ${Date.now() % 100000}`;
    await page.getByLabel('نام توکن').fill(name);
    expect(await page.getByRole('checkbox', { name: 'خواندن' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'ویرایش' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'ساخت توکن' }).click();
    const created = page.getByRole('dialog', { name: 'توکن API ساخته شد' });
    await created.waitFor({ timeout: 15_000 });
    const token = (await created.locator('#new-api-token').textContent())!.trim();
    await created.getByRole('button', { name: 'کپی کردم، بستن' }).click();
    await created.waitFor({ state: 'hidden' });

    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${baseUrl()}/api/v1${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...init.headers },
      });
    // A machine that is nobody's: past the ability check the answer is «not found», and nothing runs.
    const powerOnNobodysMachine = () =>
      api('/instances/00000000-0000-4000-8000-000000000000/power', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'start' }),
      });
    expect((await api('/me')).status).toBe(200);
    const refused = await powerOnNobodysMachine();
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toContain('ویرایش');

    const row = page.getByRole('list', { name: 'توکن‌های API' }).locator('li', { hasText: name });
    const badges = async () => (await row.locator('p').nth(1).locator('span').allTextContents()).slice(0, -1);
    expect(await badges()).toEqual(['خواندن']);
    const editDialog = page.getByRole('dialog', { name: `دسترسی‌های «${name}»` });
    const save = async () => {
      const answered = page.waitForResponse(
        (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.startsWith('/user/api-tokens/'),
      );
      await editDialog.getByRole('button', { name: 'ذخیره' }).click();
      expect((await answered).status()).toBeLessThan(500);
    };

    // None at all is refused in Persian inside the dialog, and nothing changes.
    await row.getByRole('button', { name: /دسترسی‌ها/ }).click();
    await editDialog.getByRole('checkbox', { name: 'خواندن' }).uncheck();
    await save();
    await expect
      .poll(async () => (await editDialog.textContent()) ?? '')
      .toContain('دست‌کم یک دسترسی برگزینید.');
    await screenshot(page, 'api-token-permissions-error-desktop', { viewport: true });
    await editDialog.getByRole('button', { name: 'انصراف' }).click();
    await editDialog.waitFor({ state: 'hidden' });
    await page.reload();
    await waitForTitle(page, 'توکن‌های API');
    expect(await badges()).toEqual(['خواندن']);

    // Read → read and update: the dialog closes, the row shows both, and so does a reload.
    await row.getByRole('button', { name: /دسترسی‌ها/ }).click();
    await editDialog.getByRole('checkbox', { name: 'ویرایش' }).check();
    await screenshot(page, 'api-token-permissions-desktop', { viewport: true });
    await page.setViewportSize(PHONE);
    expect((await pageHealth(page)).overflow).toBe(0);
    await screenshot(page, 'api-token-permissions-mobile', { viewport: true });
    await page.setViewportSize(DESKTOP);
    await save();
    await editDialog.waitFor({ state: 'hidden' });
    await expect.poll(badges).toEqual(['خواندن', 'ویرایش']);
    await page.reload();
    await waitForTitle(page, 'توکن‌های API');
    expect(await badges()).toEqual(['خواندن', 'ویرایش']);
    await row.getByRole('button', { name: /دسترسی‌ها/ }).click();
    expect(await editDialog.getByRole('checkbox', { name: 'خواندن' }).isChecked()).toBe(true);
    expect(await editDialog.getByRole('checkbox', { name: 'ویرایش' }).isChecked()).toBe(true);
    expect(await editDialog.getByRole('checkbox', { name: 'ساختن' }).isChecked()).toBe(false);

    // The API follows: the same token now gets past the update check (to «not found»), still reads.
    const allowed = await powerOnNobodysMachine();
    expect(allowed.status).toBe(404);
    expect((await api('/me')).status).toBe(200);

    // Update only: reading is refused from now on, in Persian.
    await editDialog.getByRole('checkbox', { name: 'خواندن' }).uncheck();
    await save();
    await editDialog.waitFor({ state: 'hidden' });
    await expect.poll(badges).toEqual(['ویرایش']);
    const noRead = await api('/me');
    expect(noRead.status).toBe(403);
    expect((await noRead.json()).message).toBe('این توکن دسترسی «خواندن» ندارد.');

    // Tidy up the demo customer's list.
    await row.getByRole('button', { name: /حذف/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'حذف توکن' }).click();
    await expect.poll(() => row.count()).toBe(0);
    expect(failures).toEqual([]);
    await close();
  });

  it('fits a phone', async () => {
    const { page, close } = await openAppPage(browser, PHONE);
    await signIn(page, baseUrl(), 'customer@renderfarm.test', 'password');
    await page.goto(`${baseUrl()}/user/api-tokens`);
    await waitForTitle(page, 'توکن‌های API');
    const health = await pageHealth(page);
    expect(health.axe).toEqual([]);
    expect(health.overflow).toBe(0);
    await screenshot(page, 'api-index-mobile');
    await close();
  });
});
