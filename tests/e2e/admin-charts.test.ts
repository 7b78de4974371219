import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type AppPage,
  closeSignedIn,
  lookAtBothWidths,
  openSignedIn,
  waitForTitle,
} from '../support/app-page';

/*
 * Admin/Chart1 in Chromium: a real chart (SVG) whose axis and legend text holds Persian digits and
 * Jalali month names and no Latin digit, a table of the same numbers behind a toggle, and a
 * screenshot at 1366 px kept under docs/.
 */
const baseUrl = () => inject('baseUrl');
const DOCS = join(import.meta.dirname, '../../docs/screenshots');

describe('admin revenue chart in Chromium', () => {
  let browser: Browser;
  let app: AppPage;
  beforeAll(async () => {
    ({ browser, app } = await openSignedIn(baseUrl(), 'admin@renderfarm.test'));
  });
  afterAll(() => closeSignedIn({ browser, app }));

  it('draws months with Persian digits and Jalali names, and shows the same numbers as a table', async () => {
    const { page, failures } = app;
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${baseUrl()}/admin`);
    await page.getByRole('navigation').getByRole('link', { name: 'نمودار درآمد' }).first().click();
    await waitForTitle(page, 'نمودار درآمد');
    await page.locator('.recharts-surface').first().waitFor();

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(new Date());
    const yearAgo = new Date(Date.now() - 330 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`${baseUrl()}/admin/charts/revenue?from=${yearAgo}&to=${today}&interval=month`);
    await waitForTitle(page, 'نمودار درآمد');
    const chart = page.getByRole('img', { name: /نمودار درآمد/ });
    await chart.locator('.recharts-cartesian-axis-tick').first().waitFor({ state: 'attached' });
    const text = (await chart.locator('svg text').allTextContents()).join(' ');
    expect(text).toMatch(/[۰-۹]/);
    expect(text).not.toMatch(/[0-9]/);
    expect(text).toMatch(/آذر|آبان|مهر|دی/);
    const legend = await chart.locator('.recharts-legend-wrapper').textContent();
    expect(legend).toContain('افزایش اعتبار');
    mkdirSync(DOCS, { recursive: true });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(DOCS, 'admin-chart1-1366.png'), fullPage: true });

    await page.setViewportSize({ width: 1280, height: 900 });
    await lookAtBothWidths(page, 'admin-chart1');
    await page.getByRole('button', { name: 'نمایش جدول' }).click();
    const table = page.getByRole('table', { name: 'درآمد در هر دوره' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBeGreaterThan(2);
    await lookAtBothWidths(page, 'admin-chart1-table');
    expect(failures).toEqual([]);
  });

  it('draws machines running and new machines per Jalali day, with a table of the same', async () => {
    const { page, failures } = app;
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${baseUrl()}/admin`);
    await page.getByRole('navigation').getByRole('link', { name: 'نمودار مصرف' }).first().click();
    await waitForTitle(page, 'نمودار مصرف');
    const chart = page.getByRole('img', { name: /سرورهای روشن/ });
    await chart.locator('.recharts-cartesian-axis-tick').first().waitFor({ state: 'attached' });
    const text = (await chart.locator('svg text').allTextContents()).join(' ');
    expect(text).toMatch(/[۰-۹]/);
    expect(text).not.toMatch(/[0-9]/);
    expect(text).toMatch(/آذر|آبان/);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(DOCS, 'admin-chart2-1366.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await lookAtBothWidths(page, 'admin-chart2');
    await page.getByRole('button', { name: 'نمایش جدول' }).click();
    await page.getByRole('table', { name: 'مصرف در هر دوره' }).waitFor();
    await lookAtBothWidths(page, 'admin-chart2-table');
    expect(failures).toEqual([]);
  });

  it('shows the Dash with usage figures and the 30-day sparklines', async () => {
    const { page, failures } = app;
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${baseUrl()}/admin`);
    await waitForTitle(page, 'داشبورد مدیریت');
    await page.getByText('۳۰ روز اخیر').waitFor();
    await page.locator('figure .recharts-surface').first().waitFor({ state: 'attached' });
    expect(await page.getByText(/مصرف .*تومان/).count()).toBeGreaterThan(0);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(DOCS, 'admin-dash-1366.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await lookAtBothWidths(page, 'admin-dash');
    expect(failures).toEqual([]);
  });
});
