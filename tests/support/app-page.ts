import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousAccessibilityFindings } from './axe';
import { launchChromium } from './browser';

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export interface AppPage {
  context: BrowserContext;
  page: Page;
  /** Page errors and console errors seen so far (a 422 shown as a field error is not one). */
  failures: string[];
  close(): Promise<void>;
}

/** A fresh browser context (its own cookies) with one page that records script errors. */
export async function openAppPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<AppPage> {
  const context = await browser.newContext({ viewport, isMobile: viewport.width < 500, locale: 'fa-IR' });
  const page = await context.newPage();
  waitForHydrationOnLoad(page);
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) failures.push(message.text());
  });
  return { context, page, failures, close: () => context.close() };
}

/**
 * Waits for the page client to have rendered a page with this title («ورود | رندر فارم ابری»),
 * hydrated: a server-rendered first load has its title and text before the scripts run, and its
 * root stays `inert` until createApp has hydrated it.
 */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((t) => document.title.startsWith(t), title, { timeout: 15_000 });
  await waitForHydration(page);
}

/**
 * Until createApp hydrates a server-rendered page its root is `inert`: a person cannot type into
 * it, but a test's `fill` can, and React then puts the server's value back. So whatever a test
 * does after a full load starts from a hydrated page.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('#app[inert]'), undefined, { timeout: 30_000 });
}

/** `goto` and `reload` of this page return once the page they load is hydrated. */
function waitForHydrationOnLoad(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForHydration(page);
    return response;
  };
}

const SHOTS = join(import.meta.dirname, '../e2e/screenshots');

/**
 * A screenshot under tests/e2e/screenshots, to look at by eye. The whole page, taken from the top:
 * scrolled down, the sticky top bar and the fixed sidebar would be drawn across the middle of it.
 * `viewport` takes what the screen shows instead (an open dialog, where the page cannot scroll).
 */
export async function screenshot(page: Page, name: string, { viewport = false } = {}): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  if (!viewport) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: !viewport });
}

/** Axe's serious and critical findings, and the sideways overflow (must be none on a phone). */
export async function pageHealth(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  return { axe: await seriousAccessibilityFindings(page), overflow: Math.max(0, overflow) };
}

/** Signs in through the e-mail form and waits to leave it. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await waitForTitle(page, 'ورود');
  await page.getByLabel('ایمیل یا شماره موبایل').fill(email);
  await page.getByLabel('رمز عبور', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
}

/** Signs out through the user menu of the panel layout (its button carries the user's name). */
export async function signOut(page: Page, name: string): Promise<void> {
  await page
    .getByRole('button', { name: new RegExp(name) })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'خروج از حساب' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
}

/** The error shown beside a form field (TextField's `<id>-error`), or '' while it has none. */
export async function fieldError(input: Locator): Promise<string> {
  return input.evaluate((element) =>
    element.getAttribute('aria-invalid') === 'true'
      ? (document.getElementById(`${element.id}-error`)?.textContent ?? '')
      : '',
  );
}

/**
 * Every new page is looked at twice: at 1280 px and at 390 px, with no serious accessibility
 * finding and no horizontal scroll on the phone, and a screenshot of each (tests/e2e/screenshots).
 */
export async function lookAtBothWidths(page: Page, name: string): Promise<void> {
  const desktop = await pageHealth(page);
  expect(desktop.axe, `${name} at 1280 px: ${JSON.stringify(desktop.axe)}`).toEqual([]);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  const phone = await pageHealth(page);
  expect(phone.overflow, `${name} at 390 px`).toBe(0);
  expect(phone.axe, `${name} at 390 px: ${JSON.stringify(phone.axe)}`).toEqual([]);
  await screenshot(page, `${name}-mobile`);
  await page.setViewportSize(DESKTOP);
}

/** A browser test's usual start: Chromium, one page, signed in (`password` is the demo accounts'). */
export async function openSignedIn(
  baseUrl: string,
  email: string,
  password = 'password',
): Promise<{ browser: Browser; app: AppPage }> {
  const browser = await launchChromium();
  const app = await openAppPage(browser);
  await signIn(app.page, baseUrl, email, password);
  return { browser, app };
}

/** Closes what `openSignedIn` opened (either may be missing when its start failed). */
export async function closeSignedIn(session: { browser?: Browser; app?: AppPage }): Promise<void> {
  await session.app?.close();
  await session.browser?.close();
}
