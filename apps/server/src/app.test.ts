import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createTestApp, type TestApp } from './testing/app';
import { createTestDatabase } from './testing/database';

describe('the app over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('renders the Persian home page shell on a first load', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="fa" dir="rtl">');
    expect(res.body).toContain('<title>رندر فارم ابری</title>');
    const json = /<script data-page="app" type="application\/json">(.*?)<\/script>/s.exec(res.body)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain('</');
    const page = JSON.parse(json!);
    expect(page.component).toBe('Public/Home');
    expect(page.url).toBe('/');
    expect(page.props.errors).toEqual({});
    expect(page.props.plans.length).toBeGreaterThan(0);
    expect(page.props.plans[0]).toMatchObject({ slug: 'rtx-3090', price_per_hour: 650_000 });
    expect(page.props.posts[0].title).toBe('سرورهای RTX 4090 به تبریز رسید');
    expect(page.props.settings.site_name).toBe('رندر فارم ابری');
    expect(page.props.menus.header.length).toBeGreaterThan(0);
    expect(page.props.stats).toEqual({ plans: 4, locations: 2, hosts: 5, software: 5 });
  });

  const pageFromHtml = (body: string) =>
    JSON.parse(/<script data-page="app" type="application\/json">(.*?)<\/script>/s.exec(body)![1]!);

  it('answers a page visit with JSON and Vary: X-Inertia', async () => {
    const { version } = pageFromHtml((await t.app.inject({ method: 'GET', url: '/' })).body);
    const res = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-inertia': 'true', 'x-inertia-version': version ?? '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-inertia']).toBe('true');
    expect(res.headers.vary).toContain('X-Inertia');
    expect(res.json().component).toBe('Public/Home');
  });

  it('sends the route list a guest may use, and no secrets', async () => {
    const page = pageFromHtml((await t.app.inject({ method: 'GET', url: '/' })).body);
    expect(page.props.routes.url).toBe('http://localhost:8000');
    expect(page.props.routes.routes.home).toEqual({ uri: '/', methods: ['GET', 'HEAD'] });
    expect(page.props.auth).toEqual({ user: null });
    // Route names such as `password.request` are public; the rest of the page must hold no secret.
    const { routes: _routes, ...props } = page.props;
    expect(JSON.stringify({ ...page, props })).not.toMatch(/password|secret|APP_KEY/i);
  });

  it('starts a session with HttpOnly, SameSite=Lax cookies and an XSRF token readable by scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const cookies = res.cookies;
    const session = cookies.find((c) => c.name === 'renderfarm_session');
    const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(res.body).toContain(`<meta name="csrf-token" content="${xsrf!.value}">`);
    // Static answers and the health check carry no session.
    expect((await t.app.inject({ method: 'GET', url: '/up' })).headers['set-cookie']).toBeUndefined();
    expect(
      (await t.app.inject({ method: 'GET', url: '/favicon.ico' })).headers['set-cookie'],
    ).toBeUndefined();
  });

  it('shows the Persian 404 page for an unknown path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Public\\/Blank');
    expect(res.body).toContain('صفحه‌ای که دنبالش بودید پیدا نشد.');
  });

  it('sends an X-Request-Id on every response and keeps a safe incoming one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/up' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ method: 'GET', url: '/up', headers: { 'x-request-id': 'edge-42.a' } });
    expect(kept.headers['x-request-id']).toBe('edge-42.a');
    const unsafe = await t.app.inject({
      method: 'GET',
      url: '/nowhere',
      headers: { 'x-request-id': 'bad id\r\nx-evil: 1' },
    });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets security headers with a CSP that allows only our own scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // The browser must send a same-origin Referer, or a failed form could not go back to itself.
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('compresses responses with brotli or gzip', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });
});

describe('GET /up', () => {
  it('is 200 while the database answers and 503 when it does not', async () => {
    const t = await createTestApp({ seed: false });
    const up = await t.app.inject({ method: 'GET', url: '/up' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(up.headers['set-cookie']).toBeUndefined();
    await t.database.close();
    const down = await t.app.inject({ method: 'GET', url: '/up' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'down', database: 'down' });
    await t.app.close();
    await t.database.destroy();
  });
});

describe('query strings', () => {
  it('are parsed in the qs format the page client sends', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', APP_KEY: `base64:${randomBytes(32).toString('base64')}` }),
      database,
    });
    app.get('/echo', { config: { session: false } }, async (request) => request.query);
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/echo?q=rtx&filter[status]=open&sort[]=a&sort[]=b',
      });
      expect(res.json()).toEqual({ q: 'rtx', filter: { status: 'open' }, sort: ['a', 'b'] });
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});
