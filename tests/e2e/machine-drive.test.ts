import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type AppPage,
  closeSignedIn,
  lookAtBothWidths,
  openSignedIn,
  waitForTitle,
} from '../support/app-page';

/*
 * A drive attached from the machine's own settings page (Panel/Instances/Edit): the demo customer's
 * stopped Blender machine takes one of their free drives in the same location, shows it, and lets it
 * go again — leaving the demo as it was for the other browser tests.
 */
const baseUrl = () => inject('baseUrl');
const MACHINE = 'انیمیشن کوتاه بلندر';
const DRIVE = 'آرشیو رندرها';

describe('the attached drive on a machine’s Edit page, in Chromium', () => {
  let browser: Browser;
  let app: AppPage;

  beforeAll(async () => {
    ({ browser, app } = await openSignedIn(baseUrl(), 'customer@renderfarm.test'));
  });
  afterAll(() => closeSignedIn({ browser, app }));

  it('attaches a free drive of the same location to the stopped machine, then detaches it', async () => {
    const { page } = app;
    await page.goto(`${baseUrl()}/panel/instances`);
    await waitForTitle(page, 'سرورهای من');
    await page.getByRole('link', { name: MACHINE }).first().click();
    await waitForTitle(page, MACHINE);
    await page.getByRole('link', { name: 'تنظیمات' }).click();
    await waitForTitle(page, `تنظیمات ${MACHINE}`);

    const card = page.getByRole('region', { name: 'فضای ذخیره‌سازی' });
    await card.getByLabel('فضا').selectOption({ label: `${DRIVE} (۱۰ گیگابایت)` });
    await card.getByRole('button', { name: 'وصل کردن به این سرور' }).click();
    await page.getByText('فضا به سرور وصل شد').waitFor();
    // Back on the same page, which now names the drive.
    await waitForTitle(page, `تنظیمات ${MACHINE}`);
    expect(await card.getByRole('link', { name: new RegExp(DRIVE) }).count()).toBe(1);
    await lookAtBothWidths(page, 'panel-instances-edit-drive');

    await card.getByRole('button', { name: 'جدا کردن' }).click();
    await page.getByText('فضا از سرور جدا شد').waitFor();
    await card.getByRole('button', { name: 'وصل کردن به این سرور' }).waitFor();
    expect(app.failures).toEqual([]);
  });
});
