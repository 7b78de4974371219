import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type AppPage,
  closeSignedIn,
  fieldError,
  lookAtBothWidths,
  openAppPage,
  openSignedIn,
  signIn,
  waitForTitle,
} from '../support/app-page';
import { type FakeZarinpal, startFakeZarinpal } from '../support/fake-zarinpal';
import { type ServerProcess, startServerProcess } from '../support/server-process';

/*
 * «افزایش اعتبار» as a customer does it (docs/screens.md §4): from the header's wallet badge to the
 * form, a refused amount under the field, the gateway's page, back to Verify, and the balance in
 * another open tab moving without a reload. Once through the built-in test gateway (the shared
 * server) and once through a local fake of Zarinpal (a server of its own with a merchant id).
 */
const baseUrl = () => inject('baseUrl');

/** The header badge's Toman as a number (Persian digits and separators read back). */
async function badgeToman(page: Page): Promise<number> {
  const text = await page
    .getByRole('link', { name: /موجودی کیف پول/ })
    .first()
    .innerText();
  const digits = text.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))).replace(/[^\d-]/g, '');
  return Number(digits);
}

async function openTopUp(page: Page) {
  await page
    .getByRole('link', { name: /موجودی کیف پول/ })
    .first()
    .click();
  await waitForTitle(page, 'افزایش اعتبار');
}

describe('top-up in Chromium through the test gateway', () => {
  let browser: Browser;
  let app: AppPage;
  let watcher: AppPage;
  beforeAll(async () => {
    ({ browser, app } = await openSignedIn(baseUrl(), 'customer@renderfarm.test'));
    // A second tab of the same customer, left open on the panel: it must see the new balance live.
    watcher = await openAppPage(browser);
    await signIn(watcher.page, baseUrl(), 'customer@renderfarm.test', 'password');
  });
  afterAll(async () => {
    await watcher?.close();
    await closeSignedIn({ browser, app });
  });

  it('pays a preset, comes back paid, and the other tab’s badge moves without a reload', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/panel`);
    await watcher.page.goto(`${baseUrl()}/panel`);
    await waitForTitle(watcher.page, 'پیشخوان');
    const before = await badgeToman(watcher.page);

    await openTopUp(page);
    await page.getByText('درگاه آزمایشی:').waitFor();
    const amount = page.getByLabel('مبلغ دلخواه (تومان)');
    await amount.fill('۱۰۰');
    await page.getByRole('button', { name: /پرداخت با درگاه آزمایشی/ }).click();
    await page.waitForFunction(() => document.querySelector('[aria-invalid="true"]') !== null);
    expect(await fieldError(amount)).toContain('کمترین مبلغ');
    await lookAtBothWidths(page, 'panel-payments-make');

    await page.getByRole('button', { name: '۱٬۰۰۰٬۰۰۰ تومان' }).click();
    expect(await amount.inputValue()).toBe('۱۰۰۰۰۰۰');
    // The summary: the credit, 10% VAT and what the gateway will ask.
    await page.getByText('۱٬۱۰۰٬۰۰۰').first().waitFor();
    await page.getByRole('button', { name: /پرداخت با درگاه آزمایشی/ }).click();
    await page.waitForURL(/\/test-gateway\/T\d{35}$/);
    await page.getByText('هیچ پولی جابه‌جا نمی‌شود').waitFor();
    await page.getByRole('button', { name: 'پرداخت موفق' }).click();

    await page.waitForURL(/\/panel\/payments\/[0-9a-f-]{36}\/verify\?/);
    await page.getByRole('heading', { name: 'پرداخت موفق بود' }).waitFor();
    await page.getByText('به کیف پول شما افزوده شد').waitFor();
    await lookAtBothWidths(page, 'panel-payments-verify');

    // The other tab never reloaded: BalanceChanged moved its badge (usage may take a few Rial meanwhile).
    await watcher.page.waitForFunction(
      (floor) => {
        const badge = [...document.querySelectorAll('a')].find((a) =>
          a.textContent?.includes('موجودی کیف پول'),
        );
        const digits = (badge?.textContent ?? '').replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));
        return Number(digits.replace(/[^\d-]/g, '')) >= floor;
      },
      before + 1_000_000 - 5_000,
      { timeout: 15_000 },
    );

    await page.getByRole('link', { name: 'رسید پرداخت' }).click();
    await waitForTitle(page, 'رسید پرداخت');
    await page.getByText('پرداخت شده').first().waitFor();
    await lookAtBothWidths(page, 'panel-payments-show');
    expect(failures).toEqual([]);
    expect(watcher.failures).toEqual([]);
  });

  it('cancels at the gateway and says no money was taken', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/panel/payments/create`);
    await waitForTitle(page, 'افزایش اعتبار');
    await page.getByLabel('مبلغ دلخواه (تومان)').fill('۲۵۰۰۰۰');
    await page.getByRole('button', { name: /پرداخت با درگاه آزمایشی/ }).click();
    await page.waitForURL(/\/test-gateway\//);
    await page.getByRole('button', { name: 'انصراف از پرداخت' }).click();
    await page.getByRole('heading', { name: 'پرداخت لغو شد' }).waitFor();
    await page.getByText('مبلغی از حساب شما کم نشد').waitFor();
    expect(failures).toEqual([]);
  });
});

describe('top-up in Chromium through Zarinpal (a local fake of its API)', () => {
  let fake: FakeZarinpal;
  let server: ServerProcess;
  let browser: Browser;
  let app: AppPage;
  beforeAll(async () => {
    fake = await startFakeZarinpal();
    server = await startServerProcess({
      ZARINPAL_MERCHANT_ID: '1344b5d4-0048-11e8-94db-005056a205be',
      ZARINPAL_BASE_URL: fake.url,
      // This server only takes payments: its own worker would only add usage to watch.
      WORKER_IN_PROCESS: 'false',
    });
    ({ browser, app } = await openSignedIn(server.url, 'customer@renderfarm.test'));
  }, 120_000);
  afterAll(async () => {
    await closeSignedIn({ browser, app });
    await server?.stop();
    await fake?.close();
  });

  it('goes to Zarinpal’s pay page, pays, and is verified with the stored amount', async () => {
    const { page, failures } = app;
    await page.goto(`${server.url}/panel`);
    const before = await badgeToman(page);
    await openTopUp(page);
    expect(await page.getByText('درگاه آزمایشی:').count()).toBe(0);
    await page.getByLabel('مبلغ دلخواه (تومان)').fill('۵۰۰٬۰۰۰');
    await page.getByRole('button', { name: /پرداخت با زرین‌پال/ }).click();
    await page.waitForURL(/\/pg\/StartPay\/A\d{35}$/);
    await page.getByRole('button', { name: 'پرداخت' }).click();
    await page.getByRole('heading', { name: 'پرداخت موفق بود' }).waitFor();
    expect(await badgeToman(page)).toBe(before + 500_000);

    const verify = fake.calls.filter((c) => c.path.endsWith('/verify.json'));
    expect(verify).toHaveLength(1);
    expect(verify[0]!.body).toMatchObject({ amount: 5_500_000 });
    expect(fake.requests.at(-1)).toMatchObject({ amount: 5_500_000, currency: 'IRR' });
    expect(failures).toEqual([]);
  });
});
