import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppPage, closeSignedIn, openSignedIn, waitForTitle } from '../support/app-page';
import { readMail } from '../support/outbox';

/*
 * Idle auto-stop and the weekly schedule as the owner sees them, on a fake clock: the test server
 * runs with TESTING_HOOKS, whose routes run the machine tick for a minute the test names (a few
 * hours ahead, where the real once-a-minute tick never gets while the test runs) and set a simulated
 * machine's load. The customer sets both on Edit; the machine starts, idles, stops and is stopped
 * by the schedule while the View page follows it live, and the owner is told of the idle stop.
 */
const baseUrl = () => inject('baseUrl');
const MACHINE = 'انیمیشن کوتاه بلندر';
const WEEKDAYS = ['شنبه', 'یکشنبه', 'دوشنبه', 'سه‌شنبه', 'چهارشنبه', 'پنجشنبه', 'جمعه'];
const SETTLE = { timeout: 40_000 };
const MINUTE = 60_000;

/** A Tehran wall-clock minute: the schedule's weekday (0 = شنبه) and HH:MM. */
function tehran(at: Date): { weekday: number; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tehran',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const jsDay = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!);
  return { weekday: (jsDay + 1) % 7, time: `${parts.hour}:${parts.minute}` };
}

async function hook(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${baseUrl()}/__testing/instances${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.text()}`).toBe(204);
}

describe('idle auto-stop and the weekly schedule on a fake clock, in Chromium', () => {
  let browser: Browser;
  let app: AppPage;
  let uuid = '';
  // Whole minutes, three hours ahead: the schedule starts there and stops an hour later.
  const start = new Date(Math.floor((Date.now() + 3 * 60 * MINUTE) / MINUTE) * MINUTE);
  const stop = new Date(start.getTime() + 60 * MINUTE);
  const tick = (at: Date) => hook('/tick', { at: at.toISOString() });

  beforeAll(async () => {
    ({ browser, app } = await openSignedIn(baseUrl(), 'customer@renderfarm.test'));
  });
  afterAll(() => closeSignedIn({ browser, app }));

  it('sets a schedule and a 30-minute idle stop on Edit', async () => {
    const { page } = app;
    await page.goto(`${baseUrl()}/panel/instances`);
    await waitForTitle(page, 'سرورهای من');
    await page.getByRole('link', { name: MACHINE }).first().click();
    await waitForTitle(page, MACHINE);
    uuid = page.url().split('/').at(-1)!;
    await page.getByRole('link', { name: 'تنظیمات' }).click();
    await waitForTitle(page, `تنظیمات ${MACHINE}`);

    await page.getByLabel('خاموشی خودکار پس از چند دقیقه بیکاری').fill('۳۰');
    await page.getByRole('button', { name: 'ذخیرهٔ تنظیمات' }).click();
    await page.getByText('تنظیمات سرور ذخیره شد.').waitFor();

    const on = tehran(start);
    const off = tehran(stop);
    const day = WEEKDAYS[on.weekday]!;
    const schedule = page.getByRole('region', { name: 'برنامهٔ هفتگی' });
    await schedule.getByRole('checkbox', { name: day, exact: true }).check();
    await schedule.getByLabel(`ساعت روشن شدن ${day}`, { exact: true }).fill(on.time);
    await schedule.getByLabel(`ساعت خاموش شدن ${day}`, { exact: true }).fill(off.time);
    await schedule.getByRole('button', { name: 'ذخیرهٔ برنامه' }).click();
    await page.getByText(/برنامهٔ هفتگی ذخیره شد/).waitFor();
  });

  it('starts at the schedule’s minute, then stops when idle for 30 minutes and tells the owner', async () => {
    const { page, failures } = app;
    await page.goto(`${baseUrl()}/panel/instances/${uuid}`);
    await waitForTitle(page, MACHINE);
    await page.getByText('خاموش', { exact: true }).first().waitFor();
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });

    // A minute before the start nothing happens; at the start the machine comes on, live.
    await tick(new Date(start.getTime() - MINUTE));
    await tick(start);
    await page.getByText('روشن', { exact: true }).first().waitFor(SETTLE);

    // It renders nothing from here on (the tick's own tests count the minutes to the limit).
    await hook(`/${uuid}/load`, { percent: 0 });
    await tick(new Date(start.getTime() + 31 * MINUTE));
    await page
      .locator('[aria-live="polite"]', { hasText: `اعلان تازه: سرور «${MACHINE}» خاموش شد` })
      .waitFor({ state: 'attached', ...SETTLE });
    await page.getByText('خاموش', { exact: true }).first().waitFor(SETTLE);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await expect
      .poll(() =>
        readMail(inject('storageDir'), 'customer@renderfarm.test').some((m) =>
          m.subject.includes(`«${MACHINE}» خاموش شد`),
        ),
      )
      .toBe(true);
    expect(failures).toEqual([]);
  });

  it('stops at the schedule’s stop minute after the owner started it again', async () => {
    const { page, failures } = app;
    await page.getByRole('button', { name: 'روشن کردن' }).click();
    await page.getByText('روشن', { exact: true }).first().waitFor(SETTLE);
    await tick(stop);
    await page.getByText('خاموش', { exact: true }).first().waitFor(SETTLE);
    expect(failures).toEqual([]);
  });

  it('leaves the demo machine as it found it: no schedule, no idle stop', async () => {
    const { page } = app;
    await page.goto(`${baseUrl()}/panel/instances/${uuid}/edit`);
    await waitForTitle(page, `تنظیمات ${MACHINE}`);
    await page.getByLabel('خاموشی خودکار پس از چند دقیقه بیکاری').fill('');
    await page.getByRole('button', { name: 'ذخیرهٔ تنظیمات' }).click();
    await page.getByText('تنظیمات سرور ذخیره شد.').waitFor();
    const schedule = page.getByRole('region', { name: 'برنامهٔ هفتگی' });
    await schedule.getByRole('checkbox', { name: WEEKDAYS[tehran(start).weekday]!, exact: true }).uncheck();
    await schedule.getByRole('button', { name: 'ذخیرهٔ برنامه' }).click();
    await page
      .getByText(/برنامه/)
      .first()
      .waitFor();
  });
});
