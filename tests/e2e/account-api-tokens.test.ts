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
