import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppPage, openAppPage, signIn, waitForTitle } from '../support/app-page';
import { launchChromium } from '../support/browser';
import { ROOT } from '../support/server-process';
import { CARE, type Cluster, CUSTOMER, clusterServicesUp, startCluster } from './cluster-fixture';

/*
 * Issue 17, «the same in Chromium once»: one browser, two people, each on a different app server of
 * one farm (cluster-fixture.ts), each seeing what the other does without reloading: the customer on
 * A starts a machine and the care desk on B watches it come on; the customer opens a ticket on A
 * and it joins the care queue on B; care answers on B and the customer's ticket page on A shows
 * the answer. Every hop crosses processes: A's and B's realtime servers share events over Redis,
 * and the worker publishes to B's.
 */
const up = await clusterServicesUp('The cluster browser test');
// The worker and the realtime hops: seconds, well inside the test's limit.
const LIVE = { timeout: 20_000 };

/** A marker on window that only survives while the page is never loaded again. */
const markSameDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);

describe.skipIf(!up)('two pages on two app servers see each other’s changes live', () => {
  let cluster: Cluster;
  let browser: Browser;
  let customer: AppPage;
  let care: AppPage;

  beforeAll(async () => {
    // The servers serve the built web app; the e2e setup builds it, a first run here may not have.
    if (!existsSync(join(ROOT, 'apps/web/dist/.vite/manifest.json'))) {
      execFileSync('npx', ['--yes', 'pnpm@10', '--filter', '@renderfarm/web', 'build'], {
        cwd: ROOT,
        stdio: 'pipe',
        env: { ...process.env, NODE_ENV: 'production' },
      });
    }
    [cluster, browser] = await Promise.all([startCluster(), launchChromium()]);
    [customer, care] = await Promise.all([openAppPage(browser), openAppPage(browser)]);
    await Promise.all([
      signIn(customer.page, cluster.a.url, CUSTOMER, 'password'),
      signIn(care.page, cluster.b.url, CARE, 'password'),
    ]);
  });

  afterAll(async () => {
    await Promise.all([customer?.close(), care?.close()]);
    await browser?.close();
    await cluster?.stop();
  });

  it('a machine started by the customer on A comes on in the care desk on B', async () => {
    const { a, b } = cluster;
    const machine = await cluster.fixture.stoppedMachine();
    const c = customer.page;
    const p = care.page;

    await p.goto(`${b.url}/care/instances/${machine.id}`);
    await waitForTitle(p, machine.name);
    await p.getByText('خاموش', { exact: true }).waitFor();
    await markSameDocument(p);

    await c.goto(`${a.url}/panel/instances`);
    await waitForTitle(c, 'سرورهای من');
    const card = c.getByRole('listitem', { name: new RegExp(machine.name) });
    await card.getByRole('button', { name: 'روشن کردن' }).click();
    await card.getByText('روشن', { exact: true }).waitFor(LIVE);

    // B's page: the badge moves with no reload (InstanceUpdated on instances.{uuid}, from A's
    // request and the worker's job, heard through B's realtime server).
    await p.getByText('روشن', { exact: true }).waitFor(LIVE);
    expect(await stillSameDocument(p), 'the care page was not reloaded').toBe(true);
    expect(customer.failures).toEqual([]);
    expect(care.failures).toEqual([]);
  });

  it('a ticket opened on A joins the care queue on B, and the answer given on B reaches A', async () => {
    const { a, b } = cluster;
    const subject = `تصویر رندر نیمه‌کاره می‌ماند ${Date.now() % 100_000}`;
    const answer = 'سلام، حافظهٔ کارت گرافیک پر شده بود؛ سرور را دوباره راه‌اندازی کنید.';
    const c = customer.page;
    const p = care.page;

    await p.goto(`${b.url}/care/tickets`);
    await waitForTitle(p, 'صف تیکت‌ها');
    await markSameDocument(p);

    await c.goto(`${a.url}/panel/tickets/create`);
    await waitForTitle(c, 'تیکت جدید');
    await c.getByLabel('موضوع').fill(subject);
    await c.getByLabel('متن پیام').fill('رندر در نیمهٔ راه متوقف می‌شود و تصویر کامل نمی‌شود.');
    await c.getByRole('button', { name: 'فرستادن تیکت' }).click();
    await waitForTitle(c, subject);
    await markSameDocument(c);

    // The queue on B: the new row, no reload (QueueChanged on the care channel).
    const row = p.getByRole('link', { name: subject });
    await row.waitFor(LIVE);
    expect(await stillSameDocument(p), 'the queue on B was not reloaded').toBe(true);

    await row.click();
    await waitForTitle(p, 'تیکت #');
    await p.getByLabel('متن پاسخ').fill(answer);
    await p.getByRole('button', { name: 'فرستادن پاسخ' }).click();
    await p.getByText('پاسخ فرستاده شد.').waitFor();

    // The customer's page on A, open since the ticket was sent: the answer and the new status.
    await c.getByText(answer).waitFor(LIVE);
    await c.getByText('پاسخ داده شد').first().waitFor(LIVE);
    expect(await stillSameDocument(c), 'the ticket page on A was not reloaded').toBe(true);
    expect(customer.failures).toEqual([]);
    expect(care.failures).toEqual([]);
  });
});
