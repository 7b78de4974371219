import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type AppPage,
  closeSignedIn,
  fieldError,
  lookAtBothWidths,
  openSignedIn,
  waitForTitle,
} from '../support/app-page';

/*
 * Drives in Chromium (issue 14): a drive made in the dialog, a 50 MB file uploaded with tus with
 * its progress shown, the page reloaded mid-way and the upload resumed from the server's offset,
 * then the Down page's signed link gives back the same bytes.
 */
const baseUrl = () => inject('baseUrl');
const SIZE = 50 * 1024 * 1024;

describe('drives in Chromium', () => {
  let browser: Browser;
  let app: AppPage;
  let dir: string;
  let file: string;
  let sha256: string;
  beforeAll(async () => {
    ({ browser, app } = await openSignedIn(baseUrl(), 'customer@renderfarm.test'));
    dir = await mkdtemp(join(tmpdir(), 'rf-drive-e2e-'));
    file = join(dir, 'صحنهٔ آزمون.bin');
    const bytes = randomBytes(SIZE);
    sha256 = createHash('sha256').update(bytes).digest('hex');
    await writeFile(file, bytes);
  });
  afterAll(async () => {
    await closeSignedIn({ browser, app });
    await rm(dir, { recursive: true, force: true });
  });

  it('creates a drive, uploads 50 MB across a reload, and downloads the same bytes', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/panel`);
    await page.getByRole('navigation').getByRole('link', { name: 'فضاهای ذخیره‌سازی' }).first().click();
    await waitForTitle(page, 'فضاهای ذخیره‌سازی');
    await page.getByRole('link', { name: 'پروژهٔ ویلای شمال' }).first().waitFor();
    await lookAtBothWidths(page, 'panel-drives-list');

    // The dialog: a zero size is refused beside its field, then a good one is made.
    await page.getByRole('button', { name: 'فضای تازه' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('نام فضا').fill('فضای آزمون مرورگر');
    await dialog.getByLabel('اندازه (گیگابایت)').fill('0');
    await dialog.getByRole('button', { name: 'ساختن فضا' }).click();
    const size = dialog.getByLabel('اندازه (گیگابایت)');
    await page.waitForFunction(
      () => document.querySelector('[role="dialog"] [aria-invalid="true"]') !== null,
    );
    expect(await fieldError(size)).toContain('بیشتر از صفر');
    await size.fill('۲');
    await page.screenshot({ path: join(import.meta.dirname, 'screenshots/panel-drives-dialog.png') });
    await dialog.getByRole('button', { name: 'ساختن فضا' }).click();
    await page.getByText('ساخته شد').first().waitFor();
    await page.getByRole('link', { name: 'فضای آزمون مرورگر' }).first().click();
    await waitForTitle(page, 'فایل‌های فضای آزمون مرورگر');
    await page.getByText('این پوشه خالی است').waitFor();
    await lookAtBothWidths(page, 'panel-drives-show-empty');

    // Upload slowly enough to reload mid-way (Chromium's own throttling of the request bodies).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 8 * 1024 * 1024,
    });
    await page.getByLabel('بارگذاری فایل').setInputFiles(file);
    const bar = page.getByRole('progressbar');
    await page.waitForFunction(
      () => Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? 0) >= 25,
      undefined,
      { timeout: 60_000 },
    );
    const before = Number(await bar.getAttribute('aria-valuenow'));
    expect(before).toBeLessThan(100);

    await page.reload();
    await waitForTitle(page, 'فایل‌های فضای آزمون مرورگر');
    // The same file picked again resumes where the server stopped (HEAD gives the offset).
    await page.getByLabel('بارگذاری فایل').setInputFiles(file);
    const resumed = page.getByText(/ادامهٔ بارگذاری قبلی از/);
    await resumed.waitFor({ timeout: 30_000 });
    // It went on from the server's offset, not from zero.
    const resumedFrom = Number(
      (await resumed.textContent())!
        .replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)))
        .replace(/\D/g, ''),
    );
    expect(resumedFrom).toBeGreaterThanOrEqual(20);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.getByText('بارگذاری کامل شد.').waitFor({ timeout: 120_000 });
    const row = page.getByRole('listitem').filter({ hasText: 'صحنهٔ آزمون.bin' });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain(sha256.slice(0, 16));
    await lookAtBothWidths(page, 'panel-drives-show');

    await row.getByRole('link', { name: 'صحنهٔ آزمون.bin', exact: true }).click();
    await waitForTitle(page, 'دانلود صحنهٔ آزمون.bin');
    await page.getByText(sha256).waitFor();
    const got = await page.evaluate(async () => {
      const href = (document.querySelector('[data-testid="download-link"]') as HTMLAnchorElement).href;
      const response = await fetch(href, { credentials: 'omit' });
      const bytes = await response.arrayBuffer();
      const digest = await crypto.subtle.digest('SHA-256', bytes);
      return {
        status: response.status,
        size: bytes.byteLength,
        sha256: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join(''),
      };
    });
    expect(got).toEqual({ status: 200, size: SIZE, sha256 });
    await lookAtBothWidths(page, 'panel-drives-down');
    expect(failures).toEqual([]);
  }, 240_000);
});
