import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppPage, openAppPage, pageHealth, screenshot, signIn } from '../support/app-page';
import { launchChromium } from '../support/browser';
import { type ServerProcess, startServerProcess } from '../support/server-process';

/*
 * A newcomer's first start with `PORT` alone (no APP_URL): links point at that port and the page's
 * socket is taken, whether the page was opened at localhost or 127.0.0.1. And a page whose socket
 * is refused or lost says so quietly (docs/screens.md, «ارتباط زنده»), instead of going stale in silence.
 */
const WIDE = { width: 1366, height: 900 } as const;
const PHONE = { width: 390, height: 844 } as const;

/** Resolves with the first frame the page's socket receives: the handshake or the refusal. */
function firstSocketFrame(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', (frame) => resolve(String(frame.payload)));
    });
  });
}

describe('PORT alone, and the live-link notice, in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  beforeAll(async () => {
    // Only PORT (chosen by the helper) and no APP_URL, as a newcomer starts it.
    server = await startServerProcess({ APP_URL: '' });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const port = () => new URL(server.url).port;

  it('points canonical links at PORT and takes the socket of a page opened at localhost or 127.0.0.1', async () => {
    const html = await (await fetch(`${server.url}/about`)).text();
    expect(html).toContain(`http://localhost:${port()}/about`);
    expect(html).not.toContain('localhost:8000');
    for (const base of [`http://localhost:${port()}`, server.url]) {
      const app = await openAppPage(browser, WIDE);
      try {
        const frame = firstSocketFrame(app.page);
        await signIn(app.page, base, 'customer@renderfarm.test', 'password');
        expect(await frame, base).toContain('pusher:connection_established');
        await app.page.waitForTimeout(500);
        expect(await app.page.getByRole('status').filter({ hasText: 'ارتباط زنده' }).count()).toBe(0);
        expect(app.failures).toEqual([]);
      } finally {
        await app.close();
      }
    }
  }, 60_000);

  const look = async (app: AppPage, name: string) => {
    expect((await pageHealth(app.page)).axe).toEqual([]);
    await screenshot(app.page, `${name}-1366`, { viewport: true });
    await app.page.setViewportSize(PHONE);
    const phone = await pageHealth(app.page);
    expect(phone.overflow).toBe(0);
    expect(phone.axe).toEqual([]);
    await screenshot(app.page, `${name}-390`, { viewport: true });
    await app.page.setViewportSize(WIDE);
  };

  it('says quietly that live updates are off when the socket is refused', async () => {
    const app = await openAppPage(browser, WIDE);
    try {
      // The realtime server's refusal as it sends it (pusher:error 4009, then close 4009).
      await app.page.routeWebSocket(/\/app\//, (ws) => {
        ws.send(
          JSON.stringify({ event: 'pusher:error', data: { code: 4009, message: 'Origin not allowed' } }),
        );
        ws.close({ code: 4009, reason: 'Origin not allowed' });
      });
      await signIn(app.page, server.url, 'customer@renderfarm.test', 'password');
      const notice = app.page
        .getByRole('status')
        .filter({ hasText: 'به‌روزرسانی زنده برای این صفحه برقرار نشد' });
      await notice.waitFor();
      await look(app, 'live-link-refused');
    } finally {
      await app.close();
    }
  }, 60_000);

  it('says so when a live socket is lost and does not come back', async () => {
    const app = await openAppPage(browser, WIDE);
    try {
      let sockets = 0;
      await app.page.routeWebSocket(/\/app\//, (ws) => {
        sockets++;
        // The first socket reaches the server and then drops; the next ones get no answer.
        if (sockets === 1) {
          ws.connectToServer();
          setTimeout(() => ws.close({ code: 1001, reason: 'going away' }), 1500);
        }
      });
      await signIn(app.page, server.url, 'customer@renderfarm.test', 'password');
      const notice = app.page.getByRole('status').filter({ hasText: 'ارتباط زنده قطع شده است' });
      await notice.waitFor({ timeout: 20_000 });
      expect(sockets).toBeGreaterThanOrEqual(2);
      await look(app, 'live-link-lost');
    } finally {
      await app.close();
    }
  }, 60_000);
});
