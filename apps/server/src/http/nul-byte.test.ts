import type { RegisteredRoute } from '@renderfarm/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp } from '../modules/auth/test-support';
import { type Browser, guestBrowser, signedInBrowser } from '../testing/app';
import { NUL_REFUSED } from './nul-byte';

/**
 * A NUL byte cannot be stored in PostgreSQL text: one that reached a query answered 500. The walk
 * sends it to every GET route of the registry, in each path parameter and in the query, as a
 * visitor, a customer and an admin (so staff lists with `?q=` are reached), and wants the edge's
 * 400, never a 500.
 */
describe('a NUL byte in the path or the query', () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  const browsers: Record<string, Browser> = {};
  beforeAll(async () => {
    t = await createAuthTestApp();
    browsers.guest = await guestBrowser(t);
    browsers.customer = await signedInBrowser(t, 'customer@renderfarm.test');
    browsers.admin = await signedInBrowser(t, 'admin@renderfarm.test');
  });
  afterAll(() => t.close());

  const urlWith = (route: RegisteredRoute, nulIn: string | null) =>
    `/${route.uri === '/' ? '' : route.uri}`
      .replace(/\{(\w+)\??\}/g, (_, p: string) => (p === nulIn ? 'x%00' : '1'))
      .replace(/\/$/, '') || '/';

  it('refuses it with a Persian 400 on every GET route, for every role', async () => {
    const failures: string[] = [];
    const routes = t.app.routeList.all().filter((r) => r.methods.includes('GET'));
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const urls = [
        ...route.parameters.map((p) => urlWith(route, p)),
        `${urlWith(route, null)}?q=%00`,
        `${urlWith(route, null)}?filter[q]=a%00b`,
      ];
      for (const url of urls) {
        for (const [role, browser] of Object.entries(browsers)) {
          const res = await t.app.inject({
            method: 'GET',
            url,
            headers: browser.headers(),
          });
          if (res.statusCode !== 400) failures.push(`${url} as ${role}: ${res.statusCode}`);
          else if (!res.body.includes(NUL_REFUSED)) failures.push(`${url} as ${role}: no message`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('refuses the reported visitor URLs, and a raw NUL or a %2500-style lookalike is not confused', async () => {
    for (const url of ['/blog/%00', '/pages/%00', '/articles/%00', '/feed/%00', '/blog?q=%00']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toContain('نویسهٔ نامعتبر');
    }
    // `%2500` is the text "%00", not a NUL: an ordinary 404 for a missing article.
    const literal = await t.app.inject({ method: 'GET', url: '/blog/%2500' });
    expect(literal.statusCode).toBe(404);
  });

  it('answers the JSON API in its own shape', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me?x=%00',
      headers: { accept: 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: NUL_REFUSED });
  });
});
