import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppPage, openAppPage, pageHealth, screenshot, signIn, waitForTitle } from '../support/app-page';
import { launchChromium } from '../support/browser';

/*
 * The smaller findings of a product walk, looked at in Chromium at 1366 and 390 px: a stopped
 * machine keeps its last session's duration and cost, a charged duration agrees with its clock
 * range, an ended campaign is out of the footer and says so on its page, the audit names records,
 * and the staff machine page shows the owner's number as the other desks do.
 */
const baseUrl = () => inject('baseUrl');
const WIDE = { width: 1366, height: 900 } as const;
const MACHINE = 'رندر ویلای شمال';
// The worker's latency and the realtime hop.
const SETTLE = { timeout: 20_000 };
/** Longer than the usage tick's minute, plus a margin for a loaded machine. */
const ONE_TICK = { timeout: 90_000 };
const PHONE = { width: 390, height: 844 } as const;

async function look(app: AppPage, name: string) {
  const wide = await pageHealth(app.page);
  expect(wide.axe, `${name} at 1366 px`).toEqual([]);
  await screenshot(app.page, `${name}-1366`);
  await app.page.setViewportSize(PHONE);
  const phone = await pageHealth(app.page);
  expect(phone.overflow, `${name} at 390 px`).toBe(0);
  expect(phone.axe, `${name} at 390 px`).toEqual([]);
  await screenshot(app.page, `${name}-390`);
  await app.page.setViewportSize(WIDE);
}

describe('walk details in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('a stopped machine shows how long its last session ran and what it cost; the statement’s ranges agree', async () => {
    const app = await openAppPage(browser, WIDE);
    try {
      await signIn(app.page, baseUrl(), 'customer@renderfarm.test', 'password');
      // The villa machine, stopped on its own page: the request's flash goes once it is off, and
      // the session's duration and final cost stay. Started again at the end, as other files expect.
      await app.page.goto(`${baseUrl()}/panel/instances`);
      await waitForTitle(app.page, 'سرورهای من');
      const card = app.page.getByRole('listitem', { name: new RegExp(MACHINE) });
      await card.getByRole('button', { name: 'خاموش کردن' }).waitFor(SETTLE);
      await card.getByRole('link', { name: MACHINE }).first().click();
      await waitForTitle(app.page, MACHINE);
      await app.page.getByRole('button', { name: 'خاموش کردن' }).click();
      const dialog = app.page.getByRole('dialog', { name: `خاموش کردن «${MACHINE}»؟` });
      await dialog.getByRole('button', { name: 'بله، خاموش کردن' }).click();
      const promise = app.page.getByText('چند لحظه دیگر خاموش می‌شود');
      await promise.waitFor();
      await app.page.getByRole('button', { name: 'روشن کردن' }).waitFor(SETTLE);
      await promise.waitFor({ state: 'detached' });
      // The session's minutes are what the usage tick charged: a machine started by another file
      // less than a minute before this stop has none until the next tick (once a minute), whose
      // BalanceChanged brings the row in live. So wait past one tick, not a fixed settle.
      const row = app.page.getByText('مدت آخرین نوبت').locator('..');
      await expect.poll(() => row.textContent(), ONE_TICK).toMatch(/دقیقه، از .* تا /);
      expect(await app.page.getByText('هزینهٔ آخرین نوبت روشن بودن').count()).toBe(1);
      await look(app, 'panel-instance-last-session');
      await app.page.getByRole('button', { name: 'روشن کردن' }).click();
      await app.page.getByRole('button', { name: 'خاموش کردن' }).waitFor(SETTLE);

      await app.page.goto(`${baseUrl()}/panel/items`);
      await waitForTitle(app.page, 'گردش حساب');
      await look(app, 'panel-items-minute-ranges');
      expect(app.failures).toEqual([]);
    } finally {
      await app.close();
    }
  }, 240_000);

  it('an ended campaign is out of the footer, and its page says it has ended', async () => {
    const app = await openAppPage(browser, WIDE);
    try {
      await app.page.goto(`${baseUrl()}/about`);
      await app.page.getByRole('contentinfo').waitFor();
      expect(await app.page.getByRole('contentinfo').getByRole('link', { name: /نوروز/ }).count()).toBe(0);
      await app.page.goto(`${baseUrl()}/campaign/nowruz`);
      await expect
        .poll(() => app.page.getByRole('status').filter({ hasText: 'جشنواره' }).textContent())
        .toMatch(/این جشنواره به پایان رسیده است/);
      await look(app, 'landing-campaign-ended');
    } finally {
      await app.close();
    }
  }, 60_000);

  it('admin: the campaign’s days in the page editor, records named in the audit, the owner’s number on the machine desk', async () => {
    const app = await openAppPage(browser, WIDE);
    try {
      await signIn(app.page, baseUrl(), 'admin@renderfarm.test', 'password');
      await app.page.goto(`${baseUrl()}/admin/pages/campaign:nowruz`);
      await app.page.getByRole('group', { name: 'زمان جشنواره' }).waitFor();
      await look(app, 'admin-page-campaign-days');

      await app.page.goto(`${baseUrl()}/admin/audit`);
      await waitForTitle(app.page, 'گزارش');
      await look(app, 'admin-audit-named-subjects');

      await app.page.goto(`${baseUrl()}/admin/instances`);
      await waitForTitle(app.page, 'سرورهای کاربران');
      const hrefs = await app.page
        .locator('a[href^="/admin/instances/"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      const machine = hrefs.find((h) => /^\/admin\/instances\/\d+$/.test(h));
      expect(machine).toBeTruthy();
      await app.page.goto(`${baseUrl()}${machine}`);
      await app.page.getByRole('heading', { name: 'مشتری', exact: true }).waitFor();
      expect(await app.page.getByText(/\*\*\*/).count()).toBe(0);
      await look(app, 'admin-instance-owner-mobile');
      expect(app.failures).toEqual([]);
    } finally {
      await app.close();
    }
  }, 120_000);
});
