import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityFindings } from '../support/axe';
import { launchChromium } from '../support/browser';

const SHOTS = join(import.meta.dirname, 'screenshots');

describe('home page in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => browser?.close());

  it('is Persian, right to left, set in Vazirmatn, with the product title', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    const response = await page.goto(inject('baseUrl'), { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);

    expect(await page.title()).toBe('رندر فارم ابری');
    expect(await page.getAttribute('html', 'lang')).toBe('fa');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');

    await page.waitForSelector('#app main, #app h1', { timeout: 15_000 });
    const body = await page.evaluate(async () => {
      await document.fonts.ready;
      const h1 = document.querySelector('h1');
      return {
        direction: getComputedStyle(document.body).direction,
        fontFamily: getComputedStyle(document.body).fontFamily,
        vazirmatnLoaded: [...document.fonts].some(
          (f) => f.family.replace(/"/g, '') === 'Vazirmatn' && f.status === 'loaded',
        ),
        heading: h1?.textContent ?? '',
      };
    });
    expect(body.direction).toBe('rtl');
    expect(body.fontFamily).toContain('Vazirmatn');
    expect(body.vazirmatnLoaded).toBe(true);
    expect(body.heading).toMatch(/[\u0600-\u06FF]/);
    // Prices are shown in Toman with Persian digits.
    expect(await page.textContent('body')).toContain('تومان');
    expect(failures).toEqual([]);
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'home-desktop.png'), fullPage: true });
    await page.close();
  });

  it('fits a phone screen without sideways scrolling', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    await page.goto(inject('baseUrl'), { waitUntil: 'networkidle' });
    await page.waitForSelector('#app h1');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'home-mobile.png'), fullPage: true });
    await page.close();
  });

  it('serves hashed assets with immutable caching', async () => {
    const html = await (await fetch(inject('baseUrl'))).text();
    const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/build\/assets\/.+\.js$/);
    const asset = await fetch(new URL(script!, inject('baseUrl')));
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Files carry no session: no cookie, no session row per asset.
    expect(asset.headers.get('set-cookie')).toBeNull();
  });
});
