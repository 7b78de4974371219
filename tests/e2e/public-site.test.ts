import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { XSS_VECTORS } from '../../apps/server/src/modules/content/xss-vectors';
import {
  type AppPage,
  closeSignedIn,
  lookAtBothWidths,
  openAppPage,
  openSignedIn,
  waitForTitle,
} from '../support/app-page';
import { launchChromium } from '../support/browser';
import { fillJalaliDateTime } from '../support/jalali-date-time';

/*
 * The public site from the content tables in Chromium (docs/screens.md §1): every page renders with
 * its Persian title and fits a phone; an admin's menu reorder shows in the header; a post
 * scheduled in Admin/Articles is published by the job at its time and appears on Blog.
 */
const baseUrl = () => inject('baseUrl');

const PAGES: [path: string, title: string, shot: string][] = [
  ['/about', 'درباره ما', 'public-about'],
  ['/software', 'نرم‌افزارها', 'public-software'],
  ['/software/revit', 'رندر Revit روی سرور ابری', 'public-revit'],
  ['/blog', 'وبلاگ', 'public-blog'],
  ['/blog/vray-vs-corona', 'وی‌ری یا کرونا؟', 'public-article'],
  ['/articles/guides', 'راهنمای رندر فارم', 'public-docs-folder'],
  ['/articles/getting-started/first-machine', 'ساخت اولین سرور رندر', 'public-docs-article'],
  ['/pages/fair-use', 'سیاست استفادهٔ منصفانه', 'public-content-page'],
  ['/support?q=ریموت', 'پشتیبانی', 'public-support'],
  ['/career', 'همکاری با ما', 'public-career'],
  ['/welcome', 'شروع کار', 'public-welcome'],
  ['/campaign/nowruz', 'جشنوارهٔ نوروزی رندر', 'public-landing'],
  ['/privacy-policy', 'حریم خصوصی', 'public-privacy'],
  ['/terms-of-service', 'قوانین و مقررات', 'public-terms'],
];

describe('public site in Chromium', () => {
  let browser: Browser;
  let guest: AppPage;
  beforeAll(async () => {
    browser = await launchChromium();
    guest = await openAppPage(browser);
  });
  afterAll(async () => {
    await guest?.close();
    await browser?.close();
  });

  it('renders every content page with its Persian title, fitting a phone', async () => {
    const { page, failures } = guest;
    for (const [path, title, shot] of PAGES) {
      const response = await page.goto(`${baseUrl()}${path}`);
      expect(response?.status(), path).toBe(200);
      await waitForTitle(page, title);
      expect(await page.title(), path).toMatch(/ \| رندر فارم ابری$/);
      await page.locator('main h1').first().waitFor();
      await lookAtBothWidths(page, shot);
    }
    // The docs article's feedback is counted, and the page says so.
    await page.goto(`${baseUrl()}/articles/getting-started/first-machine`);
    await page.getByRole('button', { name: 'بله' }).click();
    await page.getByText('پاسخ شما ثبت شد').waitFor();
    expect(failures).toEqual([]);
  });

  it('an admin moves a header item down with the keyboard and the header follows', async () => {
    const { browser: adminBrowser, app } = await openSignedIn(baseUrl(), 'admin@renderfarm.test');
    try {
      const { page } = app;
      await page.goto(`${baseUrl()}/admin/menus`);
      await waitForTitle(page, 'منوها');
      await lookAtBothWidths(page, 'admin-menus-list');
      const down = page.getByRole('button', { name: 'تعرفه‌ها: یک پله پایین‌تر' });
      await down.focus();
      await page.keyboard.press('Enter');
      await page.getByText('ترتیب منو ذخیره شد').waitFor();

      await guest.page.goto(`${baseUrl()}/about`);
      await waitForTitle(guest.page, 'درباره ما');
      const labels = await guest.page
        .getByRole('navigation', { name: 'منوی اصلی' })
        .locator(':scope > ul > li')
        .allInnerTexts();
      expect(labels.slice(0, 2).map((l) => l.trim())).toEqual(['پلن‌ها', 'تعرفه‌ها']);
    } finally {
      await closeSignedIn({ browser: adminBrowser, app });
    }
  });

  it('a post scheduled by an admin is published by the job at its time and shows on Blog', async () => {
    const { browser: adminBrowser, app } = await openSignedIn(baseUrl(), 'admin@renderfarm.test');
    try {
      const { page, failures } = app;
      await page.goto(`${baseUrl()}/admin/articles/create`);
      await waitForTitle(page, 'مطلب جدید');
      await lookAtBothWidths(page, 'admin-articles-make');
      await page.getByLabel('عنوان', { exact: true }).fill('سرورهای تازه برای انیمیشن');
      await page.getByLabel('نشانی (slug)').fill('animation-servers');
      await page.getByLabel('خلاصه').fill('ظرفیت تازه برای استودیوهای انیمیشن.');
      // The body editor's HTML source (components/editor) takes the markup as typed.
      await page.getByRole('button', { name: 'کد HTML' }).click();
      await page
        .getByRole('textbox', { name: 'کد HTML متن' })
        .fill('<p>از امروز سرورهای تازه برای رندر انیمیشن آماده‌اند.</p>');
      await page.getByLabel('دسته').selectOption({ label: 'اخبار و مقالات' });
      await page.getByLabel('وضعیت').selectOption('scheduled');
      // The next whole minute at least 20 seconds away, picked in Tehran time.
      const at = { ms: Math.floor((Date.now() + 80_000) / 60_000) * 60_000 };
      await fillJalaliDateTime(page, 'زمان انتشار', new Date(at.ms));
      await page.getByRole('button', { name: 'ساخت مطلب' }).click();
      await page.getByText('ساخته شد').waitFor();

      // Not there before its time…
      await guest.page.goto(`${baseUrl()}/blog`);
      await waitForTitle(guest.page, 'وبلاگ');
      expect(await guest.page.getByText('سرورهای تازه برای انیمیشن').count()).toBe(0);
      // …and there once the job has run (the app's own worker, polling the queue).
      const deadline = at.ms + 60_000;
      let shown = false;
      while (!shown && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(2_000, at.ms - Date.now())));
        await guest.page.goto(`${baseUrl()}/blog`);
        shown = (await guest.page.getByText('سرورهای تازه برای انیمیشن').count()) > 0;
      }
      expect(shown).toBe(true);
      expect(failures).toEqual([]);
    } finally {
      await closeSignedIn({ browser: adminBrowser, app });
    }
  }, 240_000);

  it('a post whose body holds the OWASP vectors opens without any script running', async () => {
    const { browser: adminBrowser, app } = await openSignedIn(baseUrl(), 'admin@renderfarm.test');
    try {
      const { page } = app;
      await page.goto(`${baseUrl()}/admin/articles/create`);
      await waitForTitle(page, 'مطلب جدید');
      await page.getByLabel('عنوان', { exact: true }).fill('آزمون امنیت متن');
      await page.getByLabel('نشانی (slug)').fill('xss-check');
      await page.getByRole('button', { name: 'کد HTML' }).click();
      await page.getByRole('textbox', { name: 'کد HTML متن' }).fill(XSS_VECTORS.join('\n<p>میان</p>\n'));
      await page.getByLabel('وضعیت').selectOption('published');
      await page.getByRole('button', { name: 'ساخت مطلب' }).click();
      await page.getByText('ساخته شد').waitFor();

      const dialogs: string[] = [];
      guest.page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await guest.page.goto(`${baseUrl()}/blog/xss-check`);
      await waitForTitle(guest.page, 'آزمون امنیت متن');
      // Hover and focus everything a vector might have hung a handler on.
      for (const element of await guest.page.locator('main a, main img, main p').all()) {
        await element.hover({ force: true, timeout: 1_000 }).catch(() => {});
      }
      await guest.page.waitForTimeout(500);
      expect(dialogs).toEqual([]);
      expect(
        await guest.page.locator('main script, main iframe:not([src^="https://www.aparat.com"])').count(),
      ).toBe(0);
    } finally {
      await closeSignedIn({ browser: adminBrowser, app });
    }
  });
});
