/**
 * The self-hosted bot check (ALTCHA proof of work, the default provider) in a real browser: the
 * login form fetches a challenge, solves it in the page and sends the token; the server verifies
 * it. Runs its own server with CAPTCHA_PROVIDER=altcha (the shared e2e server has the check off).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppPage, waitForTitle } from '../support/app-page';
import { launchChromium } from '../support/browser';
import { type ServerProcess, startServerProcess } from '../support/server-process';

describe('bot check (ALTCHA) in Chromium', () => {
  let browser: Browser;
  let server: ServerProcess;
  beforeAll(async () => {
    [browser, server] = await Promise.all([
      launchChromium(),
      startServerProcess({ CAPTCHA_PROVIDER: 'altcha' }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('solves the proof of work in the page and signs in', async () => {
    const { page, failures, close } = await openAppPage(browser);
    const tokens: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/login') {
        const body = request.postData() ?? '';
        const token = body.startsWith('{')
          ? JSON.parse(body).captcha_token
          : new URLSearchParams(body).get('captcha_token');
        tokens.push(String(token ?? ''));
      }
    });
    await page.goto(`${server.url}/login`);
    await waitForTitle(page, 'ورود');
    await page.getByLabel('ایمیل یا شماره موبایل').fill('customer@renderfarm.test');
    await page.getByLabel('رمز عبور', { exact: true }).fill('password');
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/home', { timeout: 30_000 });
    // The token is the solved challenge (base64 JSON), not an empty field.
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.length).toBeGreaterThan(40);
    expect(failures).toEqual([]);
    await close();
  });

  it('refuses a form posted without a solved challenge, in Persian, and signs nobody in', async () => {
    const { page, close } = await openAppPage(browser);
    await page.goto(`${server.url}/login`);
    await waitForTitle(page, 'ورود');
    // A script that skips the page: the same form fields, no proof of work.
    const answer = await page.evaluate(async () => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const version = JSON.parse(document.querySelector('script[data-page="app"]')!.textContent!).version;
      const res = await fetch('/login', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-inertia': 'true',
          'x-inertia-version': version ?? '',
          'x-xsrf-token': xsrf,
          'x-requested-with': 'XMLHttpRequest',
        },
        body: JSON.stringify({
          email: 'customer@renderfarm.test',
          password: 'password',
          captcha_token: 'forged',
        }),
      });
      const page = await res.json();
      return { url: res.url, errors: page.props?.errors ?? {}, user: page.props?.auth?.user ?? null };
    });
    expect(new URL(answer.url).pathname).toBe('/login');
    expect(answer.user).toBeNull();
    expect(String(answer.errors.captcha_token ?? '')).toMatch(/[\u0600-\u06FF]/);
    await close();
  });
});
