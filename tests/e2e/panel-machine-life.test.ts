import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type AppPage,
  closeSignedIn,
  lookAtBothWidths,
  openAppPage,
  openSignedIn,
  screenshot,
  signIn,
  waitForTitle,
} from '../support/app-page';

/*
 * A machine's whole life as a customer clicks it (docs/screens.md §4): Make, the live states while
 * the in-process worker provisions and starts it on the simulated driver, the password shown once,
 * the `.rdp` file, a stop, and deletion on the typed name. Another customer's machine is a 404.
 */
const baseUrl = () => inject('baseUrl');
const NAME = 'رندر آزمایشی انیمیشن';
// Provision, then start, each INSTANCE_SIMULATED_LATENCY_MS (3 s) plus the worker's polls.
const SETTLE = { timeout: 40_000 };

describe('a machine from order to deletion, in Chromium', () => {
  let browser: Browser;
  let app: AppPage;
  let machineUrl = '';
  beforeAll(async () => {
    ({ browser, app } = await openSignedIn(baseUrl(), 'customer@renderfarm.test'));
  });
  afterAll(() => closeSignedIn({ browser, app }));

  it('orders a machine from «سرورهای من» and follows it live to «روشن»', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/panel/instances`);
    await waitForTitle(page, 'سرورهای من');
    await page.getByRole('link', { name: 'اجاره سرور جدید' }).first().click();
    await waitForTitle(page, 'اجاره سرور جدید');
    await lookAtBothWidths(app.page, 'panel-instances-make');

    await page.getByRole('radio', { name: /اقتصادی RTX 3090/ }).check();
    await page.getByRole('radio', { name: /تهران ۱/ }).check();
    await page.getByRole('radio', { name: /Blender/ }).check();
    // The summary says what an hour costs and how long the balance lasts.
    const summary = page.getByRole('complementary', { name: 'خلاصهٔ سفارش' });
    expect(await summary.textContent()).toMatch(/ساعت کار/);
    // A pasted name past the limit is kept whole, counted, and holds the order back: never cut.
    const name = page.getByLabel('نامی که سرور را با آن می‌شناسید');
    const reviewButton = page.getByRole('button', { name: 'بازبینی سفارش' });
    await name.fill('ر'.repeat(300));
    expect(await name.inputValue()).toHaveLength(300);
    await page.getByText('۳۰۰ از ۶۰ نویسه').waitFor();
    expect(await reviewButton.isDisabled()).toBe(true);
    await name.fill(NAME);

    // Nothing is charged before the review: the server's order, price with VAT and hours covered.
    await reviewButton.click();
    const review = page.getByRole('dialog', { name: 'بازبینی سفارش' });
    await review.waitFor();
    const reviewText = (await review.textContent()) ?? '';
    expect(reviewText).toContain(NAME);
    expect(reviewText).toMatch(/اقتصادی RTX.3090/);
    expect(reviewText).toContain('تهران ۱');
    expect(reviewText).toMatch(/هر ساعت با مالیات\s*[۰-۹][۰-۹٬]*\s*تومان/);
    expect(reviewText).toMatch(/کافی است برای\s*[۰-۹][۰-۹٬]*\s*ساعت کار/);
    expect(page.url()).toMatch(/\/panel\/instances\/create/);
    const hourly = /هزینهٔ هر ساعت\s*([۰-۹٬]+)\s*تومان/.exec(reviewText)?.[1];
    expect(hourly).toBeTruthy();
    await page.setViewportSize({ width: 1366, height: 900 });
    await screenshot(page, 'panel-instances-make-review-desktop', { viewport: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'panel-instances-make-review-mobile', { viewport: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await review.getByRole('button', { name: 'تأیید و شروع اجاره' }).click();

    await waitForTitle(page, NAME);
    // The machine is charged the hour the review showed.
    expect(await page.locator('main').textContent()).toContain(hourly!);
    machineUrl = page.url();
    expect(machineUrl).toMatch(/\/panel\/instances\/[0-9a-f-]{36}$/);
    await page.getByText(/سفارش «.+» ثبت شد/).waitFor();
    // The badge moves through the states without a reload (a marker survives only without one).
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    await page.getByText('روشن', { exact: true }).first().waitFor(SETTLE);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page
      .getByText(/185\.213\.10\.22:\d+/)
      .first()
      .waitFor(SETTLE);
    expect(failures).toEqual([]);
  });

  it('shows the password once, then never again; the .rdp file carries the address', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'نمایش گذرواژه (فقط یک بار)' }).click();
    const password = page.getByText(/^[A-Za-z0-9#%+=@]{16}$/);
    await password.waitFor();
    const shown = (await password.textContent())!;
    await lookAtBothWidths(app.page, 'panel-instances-view');

    await page.reload();
    await waitForTitle(page, NAME);
    expect(await page.getByText(shown).count()).toBe(0);
    await page.getByRole('button', { name: 'ساخت گذرواژهٔ تازه' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /دریافت فایل اتصال/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.rdp$/);
    const body = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(body).toString('utf8');
    expect(text).toMatch(/^full address:s:185\.213\.10\.22:\d+\r\nusername:s:render\r\n/);
    expect(text).not.toContain(shown);
  });

  it('stops the machine, then deletes it on its typed name; the list no longer has it', async () => {
    const { page, failures } = app;
    await page.getByRole('button', { name: 'خاموش کردن' }).click();
    const stopDialog = page.getByRole('dialog', { name: `خاموش کردن «${NAME}»؟` });
    await stopDialog.getByRole('button', { name: 'بله، خاموش کردن' }).click();
    await page.getByText('خاموش', { exact: true }).first().waitFor(SETTLE);

    await page.getByRole('link', { name: 'تنظیمات' }).click();
    await waitForTitle(page, `تنظیمات ${NAME}`);
    await lookAtBothWidths(app.page, 'panel-instances-edit');
    // A weekly schedule: a stop equal to its start is refused beside the day, then saved.
    const schedule = page.getByRole('region', { name: 'برنامهٔ هفتگی' });
    await schedule.getByRole('checkbox', { name: 'شنبه', exact: true }).check();
    await schedule.getByLabel('ساعت خاموش شدن شنبه', { exact: true }).fill('09:00');
    await schedule.getByRole('button', { name: 'ذخیرهٔ برنامه' }).click();
    await schedule.getByText('ساعت خاموش شدن با ساعت روشن شدن یکی است.').waitFor();
    await schedule.getByLabel('ساعت خاموش شدن شنبه', { exact: true }).fill('18:30');
    await schedule.getByRole('button', { name: 'ذخیرهٔ برنامه' }).click();
    await page.getByText(/برنامهٔ هفتگی ذخیره شد/).waitFor();
    await page.getByRole('button', { name: 'حذف همیشگی این سرور' }).click();
    const dialog = page.getByRole('dialog', { name: `حذف «${NAME}»؟` });
    const confirm = dialog.getByRole('button', { name: 'بله، برای همیشه حذف شود' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox').fill(NAME);
    await confirm.click();
    await waitForTitle(page, 'سرورهای من');
    await page
      .getByText(/در حال حذف است/)
      .first()
      .waitFor();
    await page.getByRole('listitem', { name: new RegExp(NAME) }).waitFor({ state: 'detached', ...SETTLE });
    expect(failures).toEqual([]);
  });

  it('answers another customer’s machine with a 404', async () => {
    const other = await openAppPage(browser);
    try {
      await signIn(other.page, baseUrl(), 'care@renderfarm.test', 'password');
      const response = await other.page.goto(machineUrl);
      expect([403, 404]).toContain(response?.status());
    } finally {
      await other.close();
    }
  });
});
