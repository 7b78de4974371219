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
import { fillJalaliDateTime, tehranTimeOfDay } from '../support/jalali-date-time';
import { readMail } from '../support/outbox';
import { makePng } from '../support/png';

/*
 * The content admin in Chromium (issue 15, «Must show»): an admin writes a post in the TipTap
 * editor (Persian text, a heading, a link, an uploaded image; a fake image refused in Persian),
 * schedules it for tomorrow and saves; it is nowhere public until the content fake clock
 * (`/__testing/content/clock`, which runs the scheduled-publish job at that time) passes its
 * time, then it is on Blog, in the RSS feed and in the sitemap. A header item dragged with the
 * keyboard in Admin/Menus moves in the public header, a footer link dragged with the mouse in
 * Admin/Links keeps its place, and a static page's body is edited in the same editor. A contact message reaches the care queue
 * and the captured staff mail (contact.test.ts proves the live row and the mail's link).
 */
const baseUrl = () => inject('baseUrl');
const SLUG = `cloud-render-${Date.now()}`;
const TITLE = 'رندر ابری برای استودیوهای کوچک';
const HEADING = 'چرا رندر ابری؟';
const IMAGE_ALT = 'نمای بیرونی ویلا در رندر شب';

async function contentClock(at: Date | null): Promise<{ published: number[] }> {
  const res = await fetch(`${baseUrl()}/__testing/content/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ at: at?.toISOString() ?? null }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { published: number[] };
}

/** What a crawler reads: no session, no JS. */
const fetchText = async (path: string) => (await fetch(`${baseUrl()}${path}`)).text();

/** The public header's top-level labels, in the order shown. */
const headerLabels = async (page: AppPage['page']) => {
  await page.getByRole('navigation', { name: 'منوی اصلی' }).locator(':scope > ul > li').first().waitFor();
  return (
    await page.getByRole('navigation', { name: 'منوی اصلی' }).locator(':scope > ul > li').allInnerTexts()
  ).map((label) => label.trim());
};

describe('content admin in Chromium: TipTap, a scheduled post on a fake clock, menus, contact', () => {
  let browser: Browser;
  let admin: AppPage;
  let guest: AppPage;
  beforeAll(async () => {
    ({ browser, app: admin } = await openSignedIn(baseUrl(), 'admin@renderfarm.test'));
    guest = await openAppPage(browser);
  });
  afterAll(async () => {
    // The clock goes back for the files after this one (the post is dated tomorrow: hidden again).
    await contentClock(null).catch(() => {});
    await guest?.close();
    await closeSignedIn({ browser, app: admin });
  });

  it('writes a post in the editor, schedules it, and on the fake clock it is on Blog, the feed and the sitemap', async () => {
    const { page, failures } = admin;
    await page.goto(`${baseUrl()}/admin/articles/create`);
    await waitForTitle(page, 'مطلب جدید');
    const body = page.getByRole('textbox', { name: 'متن', exact: true });
    await body.waitFor();
    expect(await body.getAttribute('dir')).toBe('rtl');
    expect(await body.getAttribute('contenteditable')).toBe('true');
    await page.getByText('متن را اینجا بنویسید…').waitFor();
    const toolbar = page.getByRole('toolbar', { name: 'قالب‌بندی متن' });
    for (const name of ['عنوان بخش', 'زیرعنوان', 'پررنگ', 'کج', 'فهرست نقطه‌ای', 'فهرست شماره‌دار']) {
      await toolbar.getByRole('button', { name }).waitFor();
    }

    await page.getByLabel('عنوان', { exact: true }).fill(TITLE);
    await page.getByLabel('نشانی (slug)').fill(SLUG);
    await page.getByLabel('خلاصه').fill('هزینهٔ کمتر و سرعت بیشتر برای تیم‌های دو سه نفره.');
    await page.getByLabel('دسته').selectOption({ label: 'اخبار و مقالات' });

    // A heading from the toolbar, then Persian paragraphs typed as a person would.
    await body.click();
    await toolbar.getByRole('button', { name: 'عنوان بخش' }).click();
    expect(await toolbar.getByRole('button', { name: 'عنوان بخش' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.keyboard.type(HEADING);
    await page.keyboard.press('Enter');
    await page.keyboard.type('با چند سرور گرافیکی، یک شب رندر به یک ساعت می‌رسد. ');
    await toolbar.getByRole('button', { name: 'پررنگ' }).click();
    await page.keyboard.type('بدون خرید سخت‌افزار');
    await toolbar.getByRole('button', { name: 'پررنگ' }).click();
    await page.keyboard.press('Enter');
    // A link on a selected word, through the link dialog.
    await page.keyboard.type('تعرفه‌ها');
    await page.keyboard.press('Shift+Home');
    await toolbar.getByRole('button', { name: 'پیوند' }).click();
    const dialog = page.getByRole('dialog', { name: 'افزودن پیوند' });
    await dialog.getByLabel('نشانی پیوند').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'افزودن پیوند' }).click();
    await dialog.getByText('نشانی درست نیست').waitFor();
    await dialog.getByLabel('نشانی پیوند').fill('/prices');
    await dialog.getByRole('button', { name: 'افزودن پیوند' }).click();
    await dialog.waitFor({ state: 'detached' });
    await body.locator('a[href="/prices"]', { hasText: 'تعرفه‌ها' }).waitFor();
    // The dialog hands the focus back to the text, the cursor after the link.
    await expect.poll(() => body.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');

    // A file that only says it is a PNG is refused by its bytes, in Persian; a real one goes in.
    const imageButton = toolbar.getByRole('button', { name: 'افزودن تصویر' });
    let chooser = page.waitForEvent('filechooser');
    await imageButton.click();
    await (await chooser).setFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture'),
    });
    await page.getByRole('alert').filter({ hasText: 'فقط تصویر JPEG، PNG یا WebP پذیرفته می‌شود.' }).waitFor();
    chooser = page.waitForEvent('filechooser');
    await imageButton.click();
    await (await chooser).setFiles({
      name: 'render.png',
      mimeType: 'image/png',
      buffer: makePng(64, 40, [40, 90, 200]),
    });
    // What the picture shows is asked before it goes in.
    const altDialog = page.getByRole('dialog', { name: 'افزودن تصویر' });
    await altDialog.getByLabel('توضیح تصویر').fill(IMAGE_ALT);
    await altDialog.getByRole('button', { name: 'گذاشتن در متن' }).click();
    const image = body.locator('img[src^="/uploads/content/"]');
    await image.waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'فقط تصویر' }).count()).toBe(0);
    expect(await body.locator('h2').textContent()).toBe(HEADING);
    expect(await body.locator('strong').textContent()).toBe('بدون خرید سخت‌افزار');

    // The HTML source shows what the form will send; back to the editor keeps it.
    await toolbar.getByRole('button', { name: 'کد HTML' }).click();
    const source = page.getByRole('textbox', { name: 'کد HTML متن' });
    const html = await source.inputValue();
    expect(html).toContain(`<h2>${HEADING}</h2>`);
    expect(html).toMatch(/<img src="\/uploads\/content\/[0-9a-f]{32}\.png"/);
    await screenshot(page, 'admin-editor-source-desktop');
    await toolbar.getByRole('button', { name: 'ویرایشگر' }).click();
    await body.locator('h2').waitFor();

    await lookAtBothWidths(page, 'admin-editor');

    // Tomorrow at 10:00, Tehran time, picked in the Jalali calendar.
    const at = tehranTimeOfDay(new Date(Date.now() + 24 * 3600_000), '10:00');
    await page.getByLabel('وضعیت').selectOption('scheduled');
    await fillJalaliDateTime(page, 'زمان انتشار', at);
    await page.getByRole('button', { name: 'ساخت مطلب' }).click();
    await page.getByText('ساخته شد').waitFor();

    // Not public before its time: not on Blog, its page 404, not in the feed or the sitemap.
    await guest.page.goto(`${baseUrl()}/blog`);
    await waitForTitle(guest.page, 'وبلاگ');
    expect(await guest.page.getByText(TITLE).count()).toBe(0);
    expect((await fetch(`${baseUrl()}/blog/${SLUG}`)).status).toBe(404);
    expect(await fetchText('/feed')).not.toContain(SLUG);
    expect(await fetchText('/sitemap.xml')).not.toContain(SLUG);
    // A minute before its time the job leaves it scheduled.
    expect((await contentClock(new Date(at.getTime() - 60_000))).published).toEqual([]);
    expect(await fetchText('/feed')).not.toContain(SLUG);

    // The clock passes its time: the job publishes it, and it is everywhere a reader looks.
    expect((await contentClock(new Date(at.getTime() + 60_000))).published).toHaveLength(1);
    await guest.page.goto(`${baseUrl()}/blog`);
    await waitForTitle(guest.page, 'وبلاگ');
    await guest.page.getByRole('link', { name: TITLE }).first().click();
    await waitForTitle(guest.page, TITLE);
    expect(new URL(guest.page.url()).pathname).toBe(`/blog/${SLUG}`);
    const article = guest.page.locator('main');
    expect(await article.getByRole('heading', { level: 2, name: HEADING }).count()).toBe(1);
    expect(await article.locator('a[href="/prices"]').textContent()).toBe('تعرفه‌ها');
    const shown = article.locator('img[src^="/uploads/content/"]');
    await shown.waitFor();
    expect(await shown.getAttribute('alt')).toBe(IMAGE_ALT);
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(64);
    await screenshot(guest.page, 'content-admin-published-post');

    const feed = await fetchText('/feed');
    expect(feed).toContain(`<title>${TITLE}</title>`);
    expect(feed).toContain(`/blog/${SLUG}</link>`);
    expect(await fetchText('/sitemap.xml')).toContain(`/blog/${SLUG}</loc>`);
    expect(failures).toEqual([]);
    expect(guest.failures).toEqual([]);
  });

  it('a header item dragged with the keyboard in Admin/Menus moves in the public header', async () => {
    const { page, failures } = admin;
    await guest.page.goto(`${baseUrl()}/about`);
    await waitForTitle(guest.page, 'درباره ما');
    const before = await headerLabels(guest.page);
    expect(before.length).toBeGreaterThan(2);

    await page.goto(`${baseUrl()}/admin/menus`);
    await waitForTitle(page, 'منوها');
    const header = page.getByRole('list', { name: 'منوی سرصفحه' });
    expect(
      (await header.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/^[۰-۹]+\s*/, '').trim()),
    ).toEqual(before);
    await lookAtBothWidths(page, 'admin-menus-sortable');
    // dnd-kit's keyboard drag: Space picks the row up, ArrowDown moves it one place, Space drops it.
    await header.getByRole('button', { name: `جابه‌جا کردن «${before[0]}»` }).focus();
    // Each step waits for its Persian announcement (the sensor listens for the arrows only once
    // the row is up).
    const said = (text: string) =>
      page.locator('[id^="DndLiveRegion"]').filter({ hasText: text }).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    // Picked up (dnd-kit then says at once where it is: place ۱).
    await said(`«${before[0]}»`);
    await page.keyboard.press('ArrowDown');
    await said(`«${before[0]}» روی جای ۲ است`);
    await page.keyboard.press('Space');
    await said(`«${before[0]}» در جای`);
    await page.getByText('ترتیب منو ذخیره شد').waitFor();

    await guest.page.goto(`${baseUrl()}/about`);
    await waitForTitle(guest.page, 'درباره ما');
    expect(await headerLabels(guest.page)).toEqual([before[1], before[0], ...before.slice(2)]);

    // And back up with ArrowUp: the header is as it was for the files after this one.
    await header.getByRole('button', { name: `جابه‌جا کردن «${before[0]}»` }).focus();
    await page.keyboard.press('Space');
    await said(`«${before[0]}» روی جای ۲`);
    await page.keyboard.press('ArrowUp');
    await said(`«${before[0]}» روی جای ۱ است`);
    // The first save's message may still be up: wait for this save's answer instead.
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === '/admin/menus/sort',
    );
    await page.keyboard.press('Space');
    expect((await saved).status()).toBeLessThan(400);
    await guest.page.goto(`${baseUrl()}/about`);
    await waitForTitle(guest.page, 'درباره ما');
    expect(await headerLabels(guest.page)).toEqual(before);
    expect(failures).toEqual([]);
  });

  it('a footer link dragged with the mouse in Admin/Links keeps its new place', async () => {
    const { page, failures } = admin;
    await page.goto(`${baseUrl()}/admin/links`);
    await waitForTitle(page, 'پیوندها');
    const footer = page.getByRole('list', { name: 'پاصفحه', exact: true });
    const names = async () =>
      (await footer.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/^[۰-۹]+\s*/, '').trim());
    const before = await names();
    expect(before.length).toBeGreaterThan(2);
    const handle = await footer.getByRole('button', { name: `جابه‌جا کردن «${before[0]}»` }).boundingBox();
    const second = await footer.getByRole('listitem').nth(1).boundingBox();
    const x = handle!.x + handle!.width / 2;
    await page.mouse.move(x, handle!.y + handle!.height / 2);
    await page.mouse.down();
    // Past the 4 px that tell a drag from a click, then over the lower half of the second row.
    await page.mouse.move(x, handle!.y + handle!.height / 2 + 8, { steps: 4 });
    await page.mouse.move(x, second!.y + second!.height * 0.75, { steps: 12 });
    await page.mouse.up();
    await page.getByText('ترتیب پیوندها ذخیره شد').waitFor();
    await page.reload();
    await waitForTitle(page, 'پیوندها');
    expect(await names()).toEqual([before[1], before[0], ...before.slice(2)]);
    await lookAtBothWidths(page, 'admin-links-sortable');
    // The table's up/down buttons still work beside the dragging: one step up puts it back.
    await page.getByRole('button', { name: `${before[0]}: یک پله بالاتر` }).click();
    await expect.poll(names).toEqual(before);
    await page.goto(`${baseUrl()}/admin/folders`);
    await waitForTitle(page, 'دسته‌بندی‌ها');
    await lookAtBothWidths(page, 'admin-folders-sortable');
    expect(failures).toEqual([]);
  });

  it('the static page form edits its body in the same editor, and the page shows it', async () => {
    const { page, failures } = admin;
    await page.goto(`${baseUrl()}/admin/pages/about`);
    await waitForTitle(page, 'صفحات ثابت');
    const body = page.getByRole('textbox', { name: 'متن', exact: true });
    await body.waitFor();
    // The stored body is in the editor, as rich text.
    await expect.poll(() => body.locator('h2, p').count()).toBeGreaterThan(1);
    await lookAtBothWidths(page, 'admin-page-editor');
    const sentence = `این جمله را ویرایشگر افزود ${Date.now()}.`;
    await body.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(sentence);
    await page.getByRole('button', { name: 'ذخیرهٔ صفحه' }).click();
    await page.getByText('ذخیره شد؛ نسخهٔ قبلی در تاریخچه مانده است').waitFor();
    await guest.page.goto(`${baseUrl()}/about`);
    await waitForTitle(guest.page, 'درباره ما');
    await guest.page.locator('main').getByText(sentence).waitFor();
    expect(failures).toEqual([]);
  });

  it('a contact message reaches the care queue and the captured staff mail', async () => {
    const subject = `پرسش دربارهٔ رندر ابری ${Date.now()}`;
    const { page, failures } = guest;
    await page.goto(`${baseUrl()}/contact`);
    await waitForTitle(page, 'تماس با ما');
    await page.getByLabel('نام و نام خانوادگی').fill('مهسا کریمی');
    await page.getByLabel('ایمیل یا شماره موبایل').fill('mahsa@example.test');
    await page.getByRole('radio', { name: /فروش/ }).check();
    await page.getByLabel('موضوع').fill(subject);
    await page.getByLabel('متن پیام').fill('برای یک انیمیشن کوتاه دو هفته سرور می‌خواهیم؛ از کجا شروع کنیم؟');
    await page.getByRole('button', { name: 'فرستادن پیام' }).click();
    await expect.poll(() => page.getByText(/^پیام شما رسید/).count()).toBe(1);
    await expect
      .poll(() => readMail(inject('storageDir')).filter((mail) => mail.subject.includes(subject)).length)
      .toBe(3);

    const care = await openAppPage(browser);
    try {
      await signIn(care.page, baseUrl(), 'care@renderfarm.test', 'password');
      await care.page.goto(`${baseUrl()}/care/tickets`);
      await waitForTitle(care.page, 'صف تیکت‌ها');
      await care.page.getByRole('link', { name: subject }).waitFor();
      expect(care.failures).toEqual([]);
    } finally {
      await care.close();
    }
    expect(failures).toEqual([]);
  });
});
