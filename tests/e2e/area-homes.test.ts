import { createPublisher } from '@renderfarm/realtime/server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type AppPage,
  lookAtBothWidths,
  openAppPage,
  pageHealth,
  screenshot,
  signIn,
  waitForTitle,
} from '../support/app-page';
import { launchChromium } from '../support/browser';
import { waitForMailLink } from '../support/outbox';

/*
 * The three area homes against the real server and the demo seed. The seed is growing (demo
 * machines, tickets): the assertions read the counts through the page and check that the page
 * agrees with itself, rather than expecting a fixed number of rows.
 */
const baseUrl = () => inject('baseUrl');
const PASSWORD = 'password';
const LATIN_DIGIT = /[0-9]/;
const TOMAN = /[۰-۹][۰-۹٬]*\s*تومان/;

/** What the pages show as a number: Persian digits with the Persian thousands separator. */
const persianNumber = (text: string | null) => {
  const digits = (text ?? '').match(/[۰-۹][۰-۹٬]*/)?.[0];
  if (!digits) throw new Error(`no Persian number in «${text}»`);
  return Number(digits.replace(/٬/g, '').replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)));
};

/** Desktop screenshot, then the same page at phone width: nothing sideways, no axe findings. */
/** The page the server embedded in the HTML of the last full load (shared props included). */
function embeddedPage(page: Page) {
  return page.evaluate(() => {
    const script = document.querySelector('script[data-page="app"]');
    return JSON.parse(script?.textContent ?? '{}') as {
      component: string;
      props: { auth: { user: { id: number } | null }; realtime: { key: string; port: number } | null };
    };
  });
}

describe('area homes in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  describe('customer', () => {
    let app: AppPage;
    beforeAll(async () => {
      app = await openAppPage(browser);
      await signIn(app.page, baseUrl(), 'customer@renderfarm.test', PASSWORD);
    });
    afterAll(() => app?.close());

    it('Panel/Home shows the balance in Toman, what running machines cost, and the machines or why there are none', async () => {
      const { page, failures } = app;
      await page.goto(`${baseUrl()}/panel`);
      await waitForTitle(page, 'پیشخوان');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('پیشخوان');

      const wallet = page.getByRole('region', { name: 'کیف پول' });
      const walletText = (await wallet.textContent()) ?? '';
      expect(walletText).toMatch(TOMAN);
      expect(walletText).not.toMatch(LATIN_DIGIT);
      // The card and the top bar read the same balance.
      const badge = await page.getByRole('link', { name: /موجودی کیف پول/ }).textContent();
      expect(walletText).toContain(badge!.match(TOMAN)![0].replace(/\s*تومان/, ''));

      const machines = page.getByRole('region', { name: /سرورهای روشن/ });
      await machines.waitFor();
      const rows = machines.getByRole('listitem');
      const count = await rows.count();
      if (count === 0) {
        expect(await machines.textContent()).toContain('هیچ سروری روشن نیست');
        expect(walletText).toContain('بدون مصرف');
      } else {
        // Every row says its power in Persian and its hourly price; the heading counts them.
        for (const row of await rows.all()) {
          const text = (await row.textContent()) ?? '';
          expect(text).toMatch(/در حال روشن شدن|روشن|در حال خاموش شدن/);
          expect(text).toMatch(/ساعتی\s*[۰-۹][۰-۹٬]*\s*تومان/);
        }
        expect(persianNumber(await machines.getByRole('heading').textContent())).toBe(count);
        expect(walletText).toMatch(/حدود [۰-۹٬]+ ساعت|کمتر از یک ساعت/);
      }
      expect(await page.getByRole('region', { name: 'تیکت‌های باز' }).count()).toBe(1);
      expect(await page.getByRole('region', { name: 'اطلاعیه‌ها' }).count()).toBe(1);
      await lookAtBothWidths(page, 'panel-home');
      expect(failures).toEqual([]);
    });

    it('Panel/Home reloads its live props when the private channel announces a change', async () => {
      const { page, failures } = app;
      const authorised = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/broadcasting/auth' && response.ok(),
      );
      await page.goto(`${baseUrl()}/panel`);
      await waitForTitle(page, 'پیشخوان');
      await authorised;
      const { props } = await embeddedPage(page);
      expect(props.realtime).not.toBeNull();

      const partial: string[] = [];
      const answers: { status: number; props: string[] }[] = [];
      page.on('request', (request) => {
        const only = request.headers()['x-inertia-partial-data'];
        if (only) partial.push(only);
      });
      page.on('response', async (response) => {
        if (!response.request().headers()['x-inertia-partial-data']) return;
        const body = (await response.json().catch(() => ({}))) as { props?: Record<string, unknown> };
        answers.push({ status: response.status(), props: Object.keys(body.props ?? {}) });
      });
      const publisher = createPublisher({
        appId: process.env.REVERB_APP_ID ?? 'renderfarm',
        key: props.realtime!.key,
        secret: process.env.REVERB_APP_SECRET ?? 'renderfarm-secret',
        host: '127.0.0.1',
        port: props.realtime!.port,
      });
      // The subscription follows the auth answer by one message; publish until the page hears it.
      await expect
        .poll(async () => {
          await publisher.trigger(`private-users.${props.auth.user!.id}`, 'TicketUpdated', {
            uuid: 'none',
            status: 'open',
          });
          return partial.length;
        })
        .toBeGreaterThan(0);
      expect(partial[0]!.split(',')).toEqual(
        expect.arrayContaining(['machines', 'burn_rate', 'hours_left', 'balance', 'tickets']),
      );
      // The server answers with just those props, and the page is still the home, whole.
      await expect.poll(() => answers.length).toBeGreaterThan(0);
      expect(answers[0]!.status).toBe(200);
      expect(answers[0]!.props).toEqual(expect.arrayContaining(['machines', 'tickets', 'balance']));
      expect(answers[0]!.props).not.toContain('announcements');
      await expect.poll(() => page.getByText('در حال به‌روزرسانی…').count()).toBe(0);
      expect(await page.getByRole('region', { name: 'کیف پول' }).textContent()).toMatch(TOMAN);
      expect(failures).toEqual([]);
    });

    it('is refused the care desk and the admin dashboard with a Persian «not found» page', async () => {
      const { page, failures } = app;
      for (const path of ['/care', '/admin']) {
        const response = await page.goto(`${baseUrl()}${path}`);
        expect(response?.status(), path).toBe(404);
        await waitForTitle(page, 'صفحه پیدا نشد');
        const main = (await page.getByRole('main').textContent()) ?? '';
        expect(main).toContain('خطای ۴۰۴');
        expect(main).toContain('صفحه‌ای که دنبالش بودید پیدا نشد.');
        // Nothing of the staff screens leaks into the refusal.
        expect(main).not.toMatch(/میز پشتیبانی|داشبورد مدیریت/);
      }
      expect((await pageHealth(page)).axe).toEqual([]);
      await screenshot(page, 'area-refused-desktop');
      expect(failures).toEqual([]);
    });
  });

  it('Panel/Home greets a new customer with the verification banner and empty states that say what next', async () => {
    const { page, failures, close } = await openAppPage(browser);
    const email = `home-${Date.now()}@example.com`;
    const started = Date.now();
    await page.goto(`${baseUrl()}/register`);
    await waitForTitle(page, 'ثبت‌نام');
    await page.getByLabel('نام و نام خانوادگی').fill('نگار امینی');
    await page.getByLabel('ایمیل').fill(email);
    await page.getByLabel('شماره موبایل').fill(`0938${String(Date.now()).slice(-7)}`);
    await page.getByLabel('رمز عبور', { exact: true }).fill('Alborz-e Shomali 1403!');
    await page.getByLabel('تکرار رمز عبور').fill('Alborz-e Shomali 1403!');
    await page.getByLabel(/قوانین و مقررات/).check();
    await page.getByRole('button', { name: 'ثبت‌نام' }).click();
    await page.waitForURL((url) => url.pathname !== '/register', { timeout: 15_000 });
    await page.goto(await waitForMailLink(inject('storageDir'), email, /\/email\/verify\//, started - 1000));
    await page.waitForURL((url) => !url.pathname.startsWith('/email/verify/'), { timeout: 15_000 });

    await page.goto(`${baseUrl()}/panel`);
    await waitForTitle(page, 'پیشخوان');
    const banner = page.getByRole('region', { name: /احراز هویت/ });
    expect(await banner.textContent()).toContain('احراز نشده');
    expect(await page.getByRole('region', { name: 'کیف پول' }).textContent()).toMatch(
      /۰\s*تومان[\s\S]*بدون مصرف/,
    );
    expect(await page.getByRole('region', { name: /سرورهای روشن/ }).textContent()).toContain(
      'هیچ سروری روشن نیست',
    );
    expect(await page.getByRole('region', { name: 'تیکت‌های باز' }).textContent()).toContain(
      'تیکت بازی ندارید',
    );
    await lookAtBothWidths(page, 'panel-home-new-customer');
    expect(failures).toEqual([]);
    await close();
  });

  it('Care/Home shows the queues, KYC waiting, machines needing attention and the care person online', async () => {
    const { page, failures, close } = await openAppPage(browser);
    await signIn(page, baseUrl(), 'care@renderfarm.test', PASSWORD);
    await page.goto(`${baseUrl()}/care`);
    await waitForTitle(page, 'میز پشتیبانی');
    const main = page.getByRole('main');
    const text = (await main.textContent()) ?? '';
    for (const label of ['در انتظار پاسخ', 'بی‌مسئول', 'سپرده به من', 'دیرکرد', 'احراز هویت در انتظار']) {
      expect(text, label).toMatch(new RegExp(`${label}[۰-۹]`));
    }

    // The table lists only departments with waiting tickets, and its rows add up to the counter.
    const waiting = persianNumber(text.match(/در انتظار پاسخ([۰-۹٬]+)/)![1]!);
    const table = page.getByRole('table', { name: 'تیکت‌های در انتظار به تفکیک بخش' });
    if (waiting === 0) {
      expect(text).toContain('تیکتی منتظر پاسخ نیست');
    } else {
      let sum = 0;
      for (const row of await table.locator('tbody tr').all()) {
        sum += persianNumber(await row.getByRole('cell').first().textContent());
      }
      expect(sum).toBe(waiting);
    }

    const attention = page.getByRole('region', { name: 'سرورهای نیازمند بررسی' });
    const broken = await attention.getByRole('listitem').count();
    if (broken === 0) expect(await attention.textContent()).toContain('همه سرورها روبه‌راه‌اند');
    else expect(await attention.textContent()).toMatch(/ناموفق|طول کشیده/);

    // Signed in a moment ago, so this person is online, marked as themselves.
    expect(await page.getByRole('region', { name: 'همکاران آنلاین' }).textContent()).toContain(
      'سارا پشتیبان (شما)',
    );
    await lookAtBothWidths(page, 'care-home');
    expect(failures).toEqual([]);
    await close();
  });

  it('Admin/Dash shows revenue in Toman for today and the Jalali month, capacity meters, alerts, queues and sign-ups', async () => {
    const { page, failures, close } = await openAppPage(browser);
    await signIn(page, baseUrl(), 'admin@renderfarm.test', PASSWORD);
    await page.goto(`${baseUrl()}/admin`);
    await waitForTitle(page, 'داشبورد مدیریت');
    const main = page.getByRole('main');
    const text = (await main.textContent()) ?? '';
    expect(text).toMatch(new RegExp(`درآمد امروز${TOMAN.source}`));
    expect(text).toMatch(new RegExp(`درآمد این ماه${TOMAN.source}`));
    const month = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
      month: 'long',
      timeZone: 'Asia/Tehran',
    }).format(new Date());
    expect(text).toContain(`از مصرف در ${month}`);

    // One meter per location with hosts, each saying its numbers in Persian.
    const capacity = page.getByRole('region', { name: 'ظرفیت دیتاسنترها' });
    const locations = await capacity.getByRole('listitem').count();
    expect(locations).toBeGreaterThan(0);
    const meters = await capacity.getByRole('meter').all();
    const unregistered = await capacity.getByText('میزبانی ثبت نشده').count();
    expect(meters.length + unregistered).toBe(locations);
    for (const meter of meters) {
      expect(await meter.getAttribute('aria-valuetext')).toMatch(/^[۰-۹٬]+ از [۰-۹٬]+ جایگاه پر$/);
    }

    const alerts = page.getByRole('region', { name: 'هشدارها' });
    expect(await alerts.textContent()).toMatch(/همه سرورها روبه‌راه‌اند|ناموفق|طول کشیده/);
    const queues = (await page.getByRole('region', { name: 'کارهای در انتظار' }).textContent()) ?? '';
    expect(queues).toMatch(/تیکت‌های باز[۰-۹]/);
    expect(queues).toMatch(/احراز هویت در انتظار(منتظر بررسی مدارک)?[۰-۹]/);

    // The seed made accounts, so there are sign-ups, each with a Jalali time.
    const signups = page.getByRole('region', { name: 'تازه‌ترین ثبت‌نام‌ها' });
    const times = await signups.locator('time').all();
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) {
      expect(await time.textContent()).toMatch(/پیش|همین حالا|[۰-۹]+ [\u0600-\u06FF]+ [۰-۹]{4}/);
      expect(await time.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    await lookAtBothWidths(page, 'admin-dash');
    expect(failures).toEqual([]);
    await close();
  });
});
