/**
 * Conformance: real page-protocol clients (official @inertiajs/react v2 and v3, and our own
 * @renderfarm/react) drive a fixture Fastify app built on @renderfarm/fastify, in Chromium.
 * Every scenario runs for every client in CLIENTS with the same code; adding a client is adding a
 * row there (fixtures/inertia/clients.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { type FixtureApp, NAME_TOO_SHORT, SAVED, startFixtureApp } from './fixtures/inertia/app.js';
import { bundleClient, CLIENTS, type ClientUnderTest } from './fixtures/inertia/clients.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(CLIENTS)('$name against @renderfarm/fastify', (client: ClientUnderTest) => {
  let fixture: FixtureApp;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    fixture = await startFixtureApp(await bundleClient(client));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  const open = async (path: string) => {
    const context = await browser.newContext();
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(fixture.url + path);
    await page.waitForSelector('h1');
  };
  const text = async (selector: string) => (await page.locator(selector).textContent())?.trim() ?? '';
  const boots = () => page.evaluate(() => window.__boots);
  const since = (mark: number) => fixture.log.slice(mark);

  it('a visit: first load from the HTML shell, then a link visit as a page-object request', async () => {
    await open('/');
    expect(await text('h1')).toBe('Home');
    expect(await text('#greeting')).toBe('سلام');
    const mark = fixture.log.length;
    await page.click('#to-about');
    await page.waitForSelector('#about-text');
    expect(await text('#about-text')).toBe('درباره ما');
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await boots()).toBe(1);
    expect(since(mark)).toContainEqual(
      expect.objectContaining({ method: 'GET', url: '/about', inertia: true, status: 200 }),
    );
    await page.goBack();
    await page.waitForSelector('#greeting');
    expect(await boots()).toBe(1);
    await page.context().close();
  });

  it('a form post with a validation error, then a successful one (CSRF token sent by the client)', async () => {
    await open('/form');
    await page.fill('#name', 'ab');
    const mark = fixture.log.length;
    await page.click('#submit');
    await page.waitForSelector('#error-name');
    expect(await text('#error-name')).toBe(NAME_TOO_SHORT);
    const requests = since(mark);
    expect(requests).toContainEqual(
      expect.objectContaining({ method: 'POST', url: '/form', inertia: true, status: 303 }),
    );
    expect(requests).toContainEqual(
      expect.objectContaining({ method: 'GET', url: '/form', inertia: true, status: 200 }),
    );
    await page.fill('#name', 'علی رضا');
    await page.click('#submit');
    await page.waitForFunction((saved) => document.querySelector('#flash')?.textContent === saved, SAVED);
    expect(await page.locator('#error-name').count()).toBe(0);
    expect(await boots()).toBe(1);
    await page.context().close();
  });

  it('a partial reload asks for one prop and the server runs only its function', async () => {
    await open('/');
    const before = Number((await text('#stats')).replace('stats:', ''));
    const plans = fixture.calls.plans;
    const mark = fixture.log.length;
    await page.click('#reload-stats');
    await page.waitForFunction(
      (n) => document.querySelector('#stats')?.textContent === `stats:${n}`,
      before + 1,
    );
    expect(fixture.calls.plans).toBe(plans);
    expect(fixture.calls.estimate ?? 0).toBe(0);
    expect(since(mark)).toContainEqual(
      expect.objectContaining({ method: 'GET', url: '/', inertia: true, partialData: 'stats' }),
    );
    expect(await text('#greeting')).toBe('سلام');
    await page.context().close();
  });

  it('a 409 on a stale asset version makes a full page load', async () => {
    await open('/');
    expect(await text('#version')).toBe('version:v1');
    fixture.setVersion('v2');
    const mark = fixture.log.length;
    try {
      await Promise.all([page.waitForEvent('load'), page.click('#to-about')]);
      await page.waitForSelector('#about-text');
      const requests = since(mark);
      expect(requests).toContainEqual(expect.objectContaining({ url: '/about', inertia: true, status: 409 }));
      expect(requests).toContainEqual(
        expect.objectContaining({ url: '/about', inertia: false, status: 200 }),
      );
      // A new document: the app booted again, now on the new version.
      expect(await boots()).toBe(1);
      await page.click('#to-home');
      await page.waitForSelector('#version');
      expect(await text('#version')).toBe('version:v2');
    } finally {
      fixture.setVersion('v1');
      await page.context().close();
    }
  });

  it('no page errors in the browser', () => {
    expect(errors).toEqual([]);
  });
});
