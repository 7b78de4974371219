import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppPage, lookAtBothWidths, openAppPage, signIn, waitForTitle } from '../support/app-page';
import { launchChromium } from '../support/browser';
import { readMail } from '../support/outbox';
import { makePng } from '../support/png';

/*
 * The ticket desk in Chromium (issue 13, «Must show»): a customer opens a ticket with an image; it
 * appears in the care queue live; two staff members on it see each other and the typing notice;
 * an internal note and a reply follow; the customer sees only the reply, the status becomes
 * answered, the bell counts up without a reload and the mail is captured; then the auto-close
 * pass, run at a time thirty days ahead through the testing hook, closes it live.
 */
const baseUrl = () => inject('baseUrl');
const storageDir = () => inject('storageDir');

const SUBJECT = `صفحهٔ سیاه پس از اتصال ریموت ${Date.now() % 100_000}`;
const NOTE = 'یادداشت داخلی: کارت گرافیک میزبان را بررسی کنید';
const ANSWER = 'سلام، درایور گرافیک سرور به‌روز شد؛ لطفاً دوباره وصل شوید.';

/** The bell's unread count, read from its accessible name (0 when it says nothing is unread). */
async function bellCount(page: Page): Promise<number> {
  const links = page.getByRole('link', { name: /^اعلان‌ها، .* خوانده‌نشده$/ });
  if ((await links.count()) === 0) return 0;
  const name = (await links.first().getAttribute('aria-label')) ?? (await links.first().innerText());
  return Number(name.replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)).replace(/\D/g, '')) || 0;
}

describe('care ticket desk in Chromium', () => {
  let browser: Browser;
  let customer: AppPage;
  let care: AppPage;
  let admin: AppPage;
  let colleague: AppPage;
  beforeAll(async () => {
    browser = await launchChromium();
    [customer, care, admin, colleague] = await Promise.all([
      openAppPage(browser),
      openAppPage(browser),
      openAppPage(browser),
      openAppPage(browser),
    ]);
    await signIn(customer.page, baseUrl(), 'customer@renderfarm.test', 'password');
    await signIn(care.page, baseUrl(), 'care@renderfarm.test', 'password');
    await signIn(admin.page, baseUrl(), 'admin@renderfarm.test', 'password');
    await signIn(colleague.page, baseUrl(), 'care2@renderfarm.test', 'password');
  });
  afterAll(async () => {
    await Promise.all([customer?.close(), care?.close(), admin?.close(), colleague?.close()]);
    await browser?.close();
  });

  it('takes a ticket with an image from the customer to an answer, live on every side, then auto-closes it', async () => {
    // Care watches the queue; a marker on window proves the row arrives without a page load.
    await care.page.goto(`${baseUrl()}/care/tickets`);
    await waitForTitle(care.page, 'صف تیکت‌ها');
    await care.page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });

    const c = customer.page;
    await c.goto(`${baseUrl()}/panel/tickets/create`);
    await waitForTitle(c, 'تیکت جدید');
    await c.getByLabel('موضوع').fill(SUBJECT);
    await c.getByLabel('متن پیام').fill('پس از اتصال با ریموت دسکتاپ صفحه سیاه می‌ماند. تصویر پیوست است.');
    await c.locator('input[name="attachments"]').setInputFiles({
      name: 'صفحه سیاه.png',
      mimeType: 'image/png',
      buffer: makePng(64, 40, [20, 20, 20]),
    });
    await c.getByText('صفحه سیاه.png').waitFor();
    await c.getByRole('button', { name: 'فرستادن تیکت' }).click();
    await waitForTitle(c, SUBJECT);
    const ticketUrl = c.url();
    const uuid = /\/panel\/tickets\/([0-9a-f-]{36})$/.exec(ticketUrl)![1]!;
    await c.getByRole('link', { name: /صفحه سیاه\.png/ }).waitFor();
    const bellBefore = await bellCount(c);

    // The queue shows it live, no reload.
    const row = care.page.getByRole('link', { name: SUBJECT });
    await row.waitFor({ timeout: 20_000 });
    expect(await care.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
      true,
    );
    await lookAtBothWidths(care.page, 'care-tickets-list');
    await row.click();
    await waitForTitle(care.page, `تیکت #`);
    expect(care.page.url()).toContain(`/care/tickets/${uuid}`);

    // A second care user opens it: each sees the other; typing warns the other.
    await colleague.page.goto(`${baseUrl()}/care/tickets/${uuid}`);
    await colleague.page
      .getByTestId('viewers')
      .filter({ hasText: 'سارا پشتیبان' })
      .waitFor({ timeout: 20_000 });
    await care.page.getByTestId('viewers').filter({ hasText: 'رضا پشتیبان' }).waitFor({ timeout: 20_000 });
    await colleague.page.getByLabel('متن پاسخ').pressSequentially('سلام، در حال بررسی', { delay: 30 });
    await care.page.getByTestId('typing').filter({ hasText: 'رضا پشتیبان در حال نوشتن پاسخ است' }).waitFor();
    await colleague.page.getByLabel('متن پاسخ').fill('');

    // An internal note, then the reply.
    const p = care.page;
    await p.getByLabel('یادداشت داخلی (به مشتری نشان داده نمی‌شود)').check();
    await p.getByLabel('متن یادداشت (فقط همکاران می‌بینند)').fill(NOTE);
    await p.getByRole('button', { name: 'ثبت یادداشت داخلی' }).click();
    await p.getByText('یادداشت داخلی ثبت شد').waitFor();
    await p.locator('[data-internal="true"]').filter({ hasText: NOTE }).waitFor();
    await p.getByLabel('متن پاسخ').fill(ANSWER);
    await p.getByRole('button', { name: 'فرستادن پاسخ' }).click();
    await p.getByText('پاسخ فرستاده شد.').waitFor();
    await lookAtBothWidths(p, 'care-tickets-edit');
    // The colleague's page follows (TicketUpdated on tickets.{uuid}).
    await colleague.page.getByText(ANSWER).waitFor();

    // The customer, on the same page since they sent it: the answer arrives, never the note.
    await c.getByText(ANSWER).waitFor({ timeout: 20_000 });
    await c.getByText('پاسخ داده شد').first().waitFor();
    expect(c.url()).toBe(ticketUrl);
    expect(await c.content()).not.toContain('کارت گرافیک میزبان');
    await expect.poll(() => bellCount(c)).toBeGreaterThan(bellBefore);

    // The attachment downloads for the owner as a private, never-sniffed file.
    const href = await c.getByRole('link', { name: /صفحه سیاه\.png/ }).getAttribute('href');
    const file = await c.request.get(`${baseUrl()}${href}`);
    expect(file.status()).toBe(200);
    expect(file.headers()['x-content-type-options']).toBe('nosniff');
    expect(file.headers()['content-disposition']).toMatch(/^attachment;/);

    // The notice's mail (a job after the commit) names the ticket and carries no note.
    await expect
      .poll(
        () =>
          readMail(storageDir(), 'customer@renderfarm.test').filter((m) => m.subject.includes(SUBJECT))
            .length,
      )
      .toBeGreaterThan(0);
    for (const mail of readMail(storageDir(), 'customer@renderfarm.test'))
      expect(mail.text).not.toContain('کارت گرافیک میزبان');

    // Thirty days later nobody wrote back: the auto-close pass closes it, and the page follows.
    const at = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();
    const closed = await c.request.post(`${baseUrl()}/__testing/tickets/auto-close`, { data: { at } });
    expect(closed.status()).toBe(200);
    expect((await closed.json()).closed).toBeGreaterThan(0);
    await c.getByText('این تیکت بسته است').waitFor({ timeout: 20_000 });
    expect(customer.failures).toEqual([]);
    expect(care.failures).toEqual([]);
  });

  it('shows the make form and the admin desk at both widths', async () => {
    const p = care.page;
    await p.goto(`${baseUrl()}/care/tickets/create`);
    await waitForTitle(p, 'ثبت تیکت برای مشتری');
    await p.getByLabel('نام، ایمیل یا موبایل').fill('علی');
    await p.getByRole('button', { name: 'جست‌وجو' }).click();
    await p
      .getByRole('button', { name: /علی رضایی/ })
      .first()
      .click();
    await p.getByLabel('موضوع').waitFor();
    await lookAtBothWidths(p, 'care-tickets-make');

    const a = admin.page;
    await a.goto(`${baseUrl()}/admin/tickets?tab=all`);
    await waitForTitle(a, 'تیکت‌ها');
    await lookAtBothWidths(a, 'admin-tickets-list');
    await a.getByRole('table').getByRole('link').first().click();
    await a.getByRole('button', { name: 'حذف تیکت' }).waitFor();
    await lookAtBothWidths(a, 'admin-tickets-edit');
    await a.goto(`${baseUrl()}/admin/tickets/create`);
    await waitForTitle(a, 'ثبت تیکت برای مشتری');
    await lookAtBothWidths(a, 'admin-tickets-make');
    expect(care.failures).toEqual([]);
    expect(admin.failures).toEqual([]);
  });
});
