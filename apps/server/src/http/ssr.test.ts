import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../modules/auth/test-support';
import { users } from '../modules/users';
import { createTestApp, type TestApp } from '../testing/app';
import { loadServerRenderer, SSR_BUNDLE } from './ssr';

/** The root element's inner HTML in a first-load document ('' when the browser is left to render). */
function rootOf(html: string): { serverRendered: boolean; inner: string } {
  const match = html.match(
    /<div id="app"[^>]*?( data-server-rendered="true" inert)?>([\s\S]*)<\/div>\s*<\/body>/,
  );
  if (!match) throw new Error('no #app element in the document');
  return { serverRendered: Boolean(match[1]), inner: match[2] ?? '' };
}

interface LogLine {
  level: number;
  msg: string;
  component?: string;
  err?: { message: string };
}

describe('first loads rendered on the server (the web app SSR bundle, in process)', () => {
  let test: TestApp;
  const logs: LogLine[] = [];

  beforeAll(async () => {
    if (!existsSync(SSR_BUNDLE)) throw new Error(`${SSR_BUNDLE} is missing: run \`pnpm build\` first`);
    test = await createTestApp({
      env: { SSR: 'true', LOG_LEVEL: 'error' },
      logStream: { write: (line) => logs.push(JSON.parse(line)) },
      // A page whose component throws while rendering: the machine page without its machine.
      extend: (app) => app.get('/__ssr/broken', (_request, reply) => reply.page('Panel/Instances/View', {})),
    });
  }, 120_000);
  afterAll(() => test?.close());

  it('puts the home page, headline and text, inside #app for the browser to hydrate', async () => {
    const response = await test.app.inject('/');
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    expect(root.serverRendered).toBe(true);
    expect(root.inner).toMatch(/<h1[^>]*>[^<]*[\u0600-\u06FF]/);
    expect(root.inner).toContain('تومان');
    // The page object still comes along: hydration needs it.
    expect(response.body).toContain('<script data-page="app" type="application/json">');
  });

  it('gives a blog post its own <title> and its text in #app', async () => {
    const blog = rootOf((await test.app.inject('/blog')).body);
    const href = blog.inner.match(/href="(\/blog\/[^"?#]+)"/)?.[1];
    expect(href).toBeTruthy();
    const post = await test.app.inject(href!);
    expect(post.body.match(/<title>/g)).toHaveLength(1);
    expect(post.body).toMatch(/<title>[^<]+ \| رندر فارم ابری<\/title>/);
    expect(rootOf(post.body).inner).toContain('<article');
  });

  it('writes every lazy part in place: no fallback left for an inline script to swap (CSP blocks it)', async () => {
    // An admin acting as a customer: header, banner and account menu, the page where React's
    // streaming renderer first left a part pending behind an inline script.
    const admin = await logIn(test, 'admin@renderfarm.test');
    const [customer] = await test.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'customer@renderfarm.test'));
    await admin.post('/user/confirm-password', { password: 'password' });
    expect((await admin.visit('POST', `/admin/users/${customer!.id}/impersonate`)).statusCode).toBe(409);
    for (const path of ['/panel', '/panel/payments/create', '/no-such-page']) {
      const root = rootOf((await admin.request('GET', path)).body);
      expect(root.serverRendered, path).toBe(true);
      expect(root.inner, path).not.toMatch(/<script|<template|<!--\$[?!]-->/);
    }
  });

  it('answers a page visit (X-Inertia) with JSON only, never rendered', async () => {
    const first = (await test.app.inject('/')).body;
    const version = JSON.parse(
      first
        .match(/<script data-page="app" type="application\/json">(.*?)<\/script>/)![1]!
        .replaceAll('\\/', '/'),
    ).version as string;
    const response = await test.app.inject({
      url: '/',
      headers: { 'x-inertia': 'true', 'x-inertia-version': version },
    });
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.body).not.toContain('data-server-rendered');
  });

  it('sends a page that throws on the server for the browser to render, and logs it once', async () => {
    for (let visit = 0; visit < 3; visit += 1) {
      const response = await test.app.inject('/__ssr/broken');
      expect(response.statusCode).toBe(200);
      const root = rootOf(response.body);
      expect(root.serverRendered).toBe(false);
      expect(root.inner).toBe('');
      expect(response.body).toContain('&quot;component&quot;:&quot;Panel/Instances/View&quot;');
    }
    const failures = logs.filter((line) => line.msg.startsWith('server render failed'));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ component: 'Panel/Instances/View' });
    expect(failures[0]!.err?.message).toContain('status');
  });

  it('SSR=false, the Vite dev server or no bundle: no renderer', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as never;
    const on = { SSR: true, SSR_TIMEOUT_MS: 2000, VITE_DEV_SERVER: undefined };
    expect(await loadServerRenderer({ ...on, SSR: false }, log)).toBeUndefined();
    expect(
      await loadServerRenderer({ ...on, VITE_DEV_SERVER: 'http://localhost:5173' }, log),
    ).toBeUndefined();
    expect(await loadServerRenderer(on, log, join(SSR_BUNDLE, '..', 'missing.js'))).toBeUndefined();
    expect(warnings).toHaveLength(1);
    const renderer = await loadServerRenderer(on, log);
    expect(renderer?.timeoutMs).toBe(2000);
    expect(typeof renderer?.render).toBe('function');
  });
});
