import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp } from '../modules/auth/test-support';
import { type Browser, signedInBrowser } from '../testing/app';
import { FORM_TOO_LARGE } from './oversized-form';

/**
 * 5 MB pasted into a form used to answer a full-page «خطای ۴۱۳» in the public layout, and the
 * typed text was gone. A form sent by the page client (X-Inertia) that is over its route's body
 * limit comes back to the same page as a validation error of the form (303 back, `errors.form` or
 * the route's own error field), which the client shows in the form it kept. The walk sends an
 * oversized body to every page route that takes one, as a customer and as an admin.
 */
/**
 * Upload endpoints the page calls with fetch (tus for drive files, the editor's image upload), never
 * a page visit: their 413 is their protocol's answer (Upload-Length, Content-Length) and stays.
 */
const UPLOAD_ENDPOINTS = new Set([
  'admin.uploads.store',
  'panel.drives.files.store',
  'panel.drives.files.upload',
]);

describe('an oversized form sent from a page', () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  const browsers: Record<string, Browser> = {};
  beforeAll(async () => {
    t = await createAuthTestApp();
    browsers.customer = await signedInBrowser(t, 'customer@renderfarm.test');
    browsers.admin = await signedInBrowser(t, 'admin@renderfarm.test');
  }, 180_000);
  afterAll(() => t.close());

  const big = JSON.stringify({ message: 'ا'.repeat(3 * 1024 * 1024), name: 'x' });

  it('comes back to the form with a Persian form error on every page route that takes a body', async () => {
    const failures: string[] = [];
    const routes = t.app.routeList
      .all()
      .filter((r) => !r.uri.startsWith('api/') && !UPLOAD_ENDPOINTS.has(r.name))
      // The render node protocol is called by a node with its token, never by a page: 413 is its answer.
      .filter((r) => !r.name.startsWith('render-node.'))
      .filter((r) => r.methods.some((m) => m !== 'GET' && m !== 'HEAD'));
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const url = `/${route.uri.replace(/\{(\w+)\??\}/g, '1')}`;
      for (const method of route.methods.filter((m) => m !== 'GET' && m !== 'HEAD')) {
        for (const [role, browser] of Object.entries(browsers)) {
          const res = await t.app.inject({
            method: method as 'POST',
            url,
            headers: {
              ...browser.headers({ referer: 'http://localhost:80/contact' }),
              'x-inertia': 'true',
              'content-type': 'application/json',
            },
            payload: big,
          });
          if (res.statusCode === 413 || (res.statusCode >= 500 && res.statusCode !== 503))
            failures.push(`${method} ${route.name} as ${role}: ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('says why beside the form: the contact message, the hardware form, a ticket reply', async () => {
    const cases = [
      ['customer', 'POST', '/contact', '/contact', 'form'],
      ['admin', 'POST', '/admin/hardwares', '/admin/hardwares/create', 'form'],
    ] as const;
    for (const [role, method, url, from, field] of cases) {
      const browser = browsers[role]!;
      const res = await t.app.inject({
        method,
        url,
        headers: {
          ...browser.headers({ referer: `http://localhost:80${from}` }),
          'x-inertia': 'true',
          'content-type': 'application/json',
        },
        payload: big,
      });
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location, url).toBe(`http://localhost:80${from}`);
      const page = await t.app.inject({
        method: 'GET',
        url: from,
        headers: { cookie: browser.cookie },
      });
      const json = /<script data-page="app" type="application\/json">(.*?)<\/script>/s.exec(page.body)?.[1];
      expect(JSON.parse(json!).props.errors[field], url).toBe(FORM_TOO_LARGE);
    }
  });
});
