import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type AppPage,
  closeSignedIn,
  lookAtBothWidths,
  openSignedIn,
  screenshot,
  waitForTitle,
} from '../support/app-page';

/*
 * «سرورهای من» against the real server: the power form, the in-process worker driving the simulated
 * driver (INSTANCE_SIMULATED_LATENCY_MS, 3 s by default) and the realtime nudge that moves the
 * badge without a reload. Other files read the same demo customer's machines on the same server:
 * this one leaves the villa machine running, and waits for it to be running before it begins.
 */
const baseUrl = () => inject('baseUrl');
const MACHINE = 'رندر ویلای شمال';
// The worker's latency and the realtime hop: well above 3 s, well below the test's own limit.
const SETTLE = { timeout: 20_000 };

/** The badge of a machine card: its exact words, so «خاموش» is not found in «خاموش کردن». */
const badge = (card: Locator, words: string) => card.getByText(words, { exact: true });

const POWER_BUTTONS = /روشن کردن|خاموش کردن|راه‌اندازی دوباره/;

/** Stop, confirmed in the dialog that says what a stop interrupts. */
async function stop(page: Page, card: Locator, { look = false } = {}): Promise<void> {
  await card.getByRole('button', { name: 'خاموش کردن' }).click();
  const dialog = page.getByRole('dialog', { name: `خاموش کردن «${MACHINE}»؟` });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain('کار ذخیره‌نشده از دست می‌رود');
  if (look) await screenshot(page, 'panel-instances-stop-dialog-desktop', { viewport: true });
  await dialog.getByRole('button', { name: 'بله، خاموش کردن' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('my machines in Chromium', () => {
  let browser: Browser;
  let app: AppPage;
  beforeAll(async () => {
    ({ browser, app } = await openSignedIn(baseUrl(), 'customer@renderfarm.test'));
  });
  afterAll(() => closeSignedIn({ browser, app }));

  it('stops the running machine after asking, follows it live to «خاموش», and starts it again', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/panel`);
    await waitForTitle(page, 'پیشخوان');
    await page.getByRole('navigation').getByRole('link', { name: 'سرورهای من' }).first().click();
    await waitForTitle(page, 'سرورهای من');

    const card = page.getByRole('listitem', { name: new RegExp(MACHINE) });
    // Whatever state another file found it in, the machine is on once its stop button shows.
    await card.getByRole('button', { name: 'خاموش کردن' }).waitFor(SETTLE);
    expect(await card.textContent()).toMatch(/ساعتی\s*[۰-۹][۰-۹٬]*\s*تومان/);
    expect(await card.textContent()).toContain('مدت روشن بودن');
    expect(await card.getByText(/^[0-9.]+:[0-9]+$/).getAttribute('dir')).toBe('ltr');
    // A marker the page keeps only as long as there is no full reload.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    // The simulated driver starts empty at each server start and takes a seeded machine it has
    // never seen for one that is off, so the first stop settles at once. Started once through the
    // driver, the machine then takes the full simulated latency each way.
    await stop(page, card);
    await badge(card, 'خاموش').waitFor(SETTLE);
    await card.getByRole('button', { name: 'روشن کردن' }).click();
    await badge(card, 'در حال روشن شدن').waitFor(SETTLE);
    await badge(card, 'روشن').waitFor(SETTLE);

    await stop(page, card, { look: true });
    await badge(card, 'در حال خاموش شدن').waitFor(SETTLE);
    // No button while it stops: nothing may be asked of a machine on its way.
    expect(await card.getByRole('button', { name: POWER_BUTTONS }).count()).toBe(0);
    // Then «خاموش» with no reload of the page: the realtime nudge and a partial reload.
    await badge(card, 'خاموش').waitFor(SETTLE);
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await card.textContent()).not.toContain('مدت روشن بودن');
    // The promise of the request («… چند لحظه دیگر خاموش می‌شود») goes once it came true.
    await page.getByText('چند لحظه دیگر خاموش می‌شود').waitFor({ state: 'detached', ...SETTLE });

    // Left running for the other files that read this customer's machines.
    await card.getByRole('button', { name: 'روشن کردن' }).click();
    await badge(card, 'در حال روشن شدن').waitFor(SETTLE);
    await badge(card, 'روشن').waitFor(SETTLE);
    await card.getByRole('button', { name: 'خاموش کردن' }).waitFor();
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // The failed demo machine says why and offers no button.
    const failed = page.getByRole('listitem').filter({ hasText: 'آماده‌سازی ناموفق' }).first();
    expect(await failed.getByRole('button', { name: POWER_BUTTONS }).count()).toBe(0);

    await lookAtBothWidths(page, 'panel-instances');
    expect(failures).toEqual([]);
  }, 90_000);

  it('links the home’s machines block to the list', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/panel`);
    await waitForTitle(page, 'پیشخوان');
    const machines = page.getByRole('region', { name: /سرورهای روشن/ });
    await machines.getByRole('link', { name: 'همه سرورها' }).click();
    await waitForTitle(page, 'سرورهای من');
    expect(failures).toEqual([]);
  });
});
