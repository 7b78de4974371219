import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openAppPage, PHONE, pageHealth, screenshot, signIn, waitForTitle } from '../support/app-page';
import { launchChromium } from '../support/browser';
import { readMail } from '../support/outbox';

/*
 * The server is shared by the whole run and every request comes from 127.0.0.1, while contact.store
 * takes three messages per 10 minutes per IP: this file sends exactly one accepted message.
 * Refused (invalid) forms are not counted by the server.
 */
const baseUrl = () => inject('baseUrl');
const PERSIAN = /[\u0600-\u06FF]/;
const TITLE = 'تماس با ما';

describe('contact page in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('is reached from the footer link of the public layout', async () => {
    const { page, failures, close } = await openAppPage(browser);
    await page.goto(baseUrl());
    await page.getByRole('contentinfo').getByRole('link', { name: TITLE }).click();
    await waitForTitle(page, TITLE);
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(TITLE);
    expect(failures).toEqual([]);
    await close();
  });

  it('shows Persian errors beside the fields, then sends the message: the care queue shows it live and staff are mailed', async () => {
    // A care member watches the queue; a marker on window proves the row arrives without a load.
    const care = await openAppPage(browser);
    await signIn(care.page, baseUrl(), 'care@renderfarm.test', 'password');
    await care.page.goto(`${baseUrl()}/care/tickets`);
    await waitForTitle(care.page, 'صف تیکت‌ها');
    await care.page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });

    const { page, failures, close } = await openAppPage(browser);
    await page.goto(`${baseUrl()}/contact`);
    await waitForTitle(page, TITLE);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    // The phone and the address read with Persian digits.
    const details = page.getByRole('region', { name: 'راه‌های ارتباطی' });
    expect(await details.textContent()).toContain('۰۲۱-۸۸۷۳۱۴۵۰');
    expect(await details.textContent()).toContain('پلاک ۱۲');
    const health = await pageHealth(page);
    expect(health.axe).toEqual([]);
    expect(health.overflow).toBe(0);
    await screenshot(page, 'contact-desktop');

    const send = page.getByRole('button', { name: 'فرستادن پیام' });
    const answered = () =>
      page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && new URL(response.url()).pathname === '/contact',
      );
    let answer = answered();
    await send.click();
    expect((await answer).status()).toBeLessThan(500);
    const fields = ['نام و نام خانوادگی', 'ایمیل یا شماره موبایل', 'موضوع', 'متن پیام'];
    for (const label of fields) {
      const input = page.getByLabel(label, { exact: true });
      await expect.poll(() => input.getAttribute('aria-invalid'), { message: label }).toBe('true');
      const errorId = (await input.getAttribute('aria-describedby'))!.split(' ')[0]!;
      expect(await page.locator(`[id="${errorId}"]`).textContent(), label).toMatch(PERSIAN);
    }
    // Focus goes to the first field with an error.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    expect((await pageHealth(page)).axe).toEqual([]);
    await screenshot(page, 'contact-errors-desktop');

    const subject = `قیمت اجارهٔ ماهانه ${Date.now()}`;
    await page.getByLabel('نام و نام خانوادگی').fill('نرگس توکلی');
    await page.getByLabel('ایمیل یا شماره موبایل').fill('۰۹۱۲ ۳۴۵ ۶۷۸۹');
    await page.getByRole('radio', { name: /فروش/ }).check();
    await page.getByLabel('موضوع').fill(subject);
    await page
      .getByLabel('متن پیام')
      .fill('سلام، برای یک پروژهٔ سه‌ماهه به چهار سرور RTX 4090 نیاز داریم. تخفیف ماهانه دارید؟');
    expect(await page.getByText('از ۵٬۰۰۰ نویسه').textContent()).toMatch(/^[۰-۹]+ از ۵٬۰۰۰ نویسه$/);
    answer = answered();
    await send.click();
    expect((await answer).status()).toBe(303);
    await expect.poll(() => page.getByText(/^پیام شما رسید/).count()).toBe(1);
    // The message is gone from the form; who sent it stays for another one.
    expect(await page.getByLabel('موضوع').inputValue()).toBe('');
    expect(await page.getByLabel('متن پیام').inputValue()).toBe('');
    expect(await page.getByLabel('نام و نام خانوادگی').inputValue()).toBe('نرگس توکلی');
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    await screenshot(page, 'contact-sent-desktop');

    const mailed = readMail(inject('storageDir')).filter((mail) => mail.subject.includes(subject));
    expect(mailed.map((mail) => mail.to).sort()).toEqual([
      'admin@renderfarm.test',
      'care2@renderfarm.test',
      'care@renderfarm.test',
    ]);
    expect(mailed[0]!.subject).toBe(`پیام تازه از فرم تماس: ${subject}`);
    expect(mailed[0]!.text).toContain('09123456789');
    expect(mailed[0]!.text).toContain('نرگس توکلی');
    expect(failures).toEqual([]);
    await close();

    // The care queue got the guest ticket live, and the mail's button opens it on the care desk.
    const row = care.page.getByRole('link', { name: subject });
    await row.waitFor({ timeout: 20_000 });
    expect(await care.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
      true,
    );
    const link = mailed[0]!.links.find((href) => /\/care\/tickets\/[0-9a-f-]{36}$/.test(href));
    expect(link).toBeDefined();
    await care.page.goto(link!);
    await waitForTitle(care.page, 'تیکت #');
    await care.page.getByText('برای یک پروژهٔ سه‌ماهه به چهار سرور RTX 4090 نیاز داریم').waitFor();
    await care.page.getByText('نرگس توکلی').first().waitFor();
    expect(care.failures).toEqual([]);
    await care.close();
  });

  it('fits a phone, with the form first and the errors readable', async () => {
    const { page, failures, close } = await openAppPage(browser, PHONE);
    await page.goto(`${baseUrl()}/contact`);
    await waitForTitle(page, TITLE);
    const health = await pageHealth(page);
    expect(health.axe).toEqual([]);
    expect(health.overflow).toBe(0);
    await screenshot(page, 'contact-mobile');
    // An empty form is refused by the server without counting as a message.
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByRole('button', { name: 'فرستادن پیام' }).click();
    await answer;
    await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(4);
    expect((await pageHealth(page)).overflow).toBe(0);
    await screenshot(page, 'contact-errors-mobile');
    expect(failures).toEqual([]);
    await close();
  });
});
