import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn } from '../support/app-page';
import { launchChromium } from '../support/browser';

/*
 * First loads come rendered from the server (SSR on, as by default) and the browser hydrates them:
 * the HTML alone carries the page, the browser adopts it without a warning, and from then on the
 * app is the same single-page app as before (a click is a page visit, not a full load).
 */

const PERSIAN = /[\u0600-\u06FF]/;

/** What the server sent inside #app, read from the raw HTML as a crawler or `curl` sees it. */
async function serverHtml(url: string, cookie?: string) {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  const match = html.match(
    /<div id="app"[^>]*?( data-server-rendered="true" inert)?>([\s\S]*)<\/div>\s*<\/body>/,
  );
  const inner = match?.[2] ?? '';
  const text = (pattern: RegExp) =>
    [...inner.matchAll(pattern)].map((m) => (m[1] ?? '').replace(/<[^>]+>/g, '').trim());
  return {
    status: response.status,
    serverRendered: Boolean(match?.[1]),
    headline: text(/<h1[^>]*>([\s\S]*?)<\/h1>/g)[0] ?? '',
    paragraphs: text(/<p[^>]*>([\s\S]*?)<\/p>/g),
  };
}

/** Every warning and error the page logs or throws (a hydration mismatch is one of them). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** A context that remembers the server's first element of #app, before any script has run. */
async function watchedContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as { serverElement?: Element | null }).serverElement =
          document.getElementById('app')?.firstElementChild;
      }
    });
  });
  return context;
}

/** Opens a page, waits until React has taken it over, and says whether it kept the server's DOM. */
async function openHydrated(page: Page, url: string): Promise<{ adopted: boolean }> {
  await page.goto(url);
  await page.waitForFunction(() => !document.getElementById('app')?.hasAttribute('inert'));
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => ({
    adopted:
      !!(window as { serverElement?: Element | null }).serverElement &&
      (window as { serverElement?: Element | null }).serverElement ===
        document.getElementById('app')?.firstElementChild,
  }));
}

describe('server-rendered pages in Chromium', () => {
  let browser: Browser;
  const base = () => inject('baseUrl');
  let publicPaths: string[];

  beforeAll(async () => {
    browser = await launchChromium();
    // A blog post and a docs article, whichever the site has first.
    const sitemap = await (await fetch(`${base()}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const post = paths.find((path) => /^\/blog\/[^/]+$/.test(path));
    const article = paths.find((path) => /^\/articles\/[^/]+\/[^/]+$/.test(path));
    expect(post && article).toBeTruthy();
    publicPaths = ['/', '/prices', '/blog', post!, article!];
  });
  afterAll(() => browser?.close());

  it('sends Home, Prices, Blog, a post and a docs article with the Persian headline and text in #app', async () => {
    for (const path of publicPaths) {
      const page = await serverHtml(`${base()}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.serverRendered, path).toBe(true);
      expect(page.headline, path).toMatch(PERSIAN);
      // Main text, not only the chrome: a sentence of Persian in a paragraph.
      expect(
        page.paragraphs.some((p) => p.length >= 30 && PERSIAN.test(p)),
        path,
      ).toBe(true);
    }
  });

  it('hydrates each of them without a warning, then a link click is a page visit', async () => {
    const context = await watchedContext(browser);
    for (const path of publicPaths) {
      const page = await context.newPage();
      const problems = watchConsole(page);
      const { adopted } = await openHydrated(page, `${base()}${path}`);
      expect(adopted, `${path}: React kept the server's elements`).toBe(true);
      expect(problems, path).toEqual([]);

      // The logo link goes home from anywhere but home; from home, the header's link to the prices.
      await page.evaluate(() => {
        (window as { sameDocument?: boolean }).sameDocument = true;
      });
      const target = path === '/' ? '/prices' : '/';
      const visit = page.waitForRequest(
        (request) => new URL(request.url()).pathname === target && request.headers()['x-inertia'] === 'true',
      );
      await page.locator(`header a[href="${target}"]`).first().click();
      await visit;
      await page.waitForURL((url) => url.pathname === target);
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument), path).toBe(true);
      expect(problems, path).toEqual([]);
      await page.close();
    }
    await context.close();
  });

  for (const [who, email, path] of [
    ['a customer', 'customer@renderfarm.test', '/panel/instances'],
    ['an admin', 'admin@renderfarm.test', '/admin/users'],
  ] as const) {
    it(`signs ${who} in, then ${path} renders on the server and hydrates cleanly`, async () => {
      const context = await watchedContext(browser);
      const page = await context.newPage();
      await signIn(page, base(), email, 'password');
      const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      const sent = await serverHtml(`${base()}${path}`, cookie);
      expect(sent.status).toBe(200);
      expect(sent.serverRendered).toBe(true);
      expect(sent.headline).toMatch(PERSIAN);

      const problems = watchConsole(page);
      const { adopted } = await openHydrated(page, `${base()}${path}`);
      expect(adopted).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
