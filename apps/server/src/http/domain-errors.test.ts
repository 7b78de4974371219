import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../lib/domain-error';
import { newBrowser } from '../modules/auth/test-support';
import { createTestApp, type TestApp } from '../testing/app';
import { useJsonApiErrors } from './json-errors';
import { namedRoute } from './named-route';

/** Routes that throw and never catch: the one translation answers for them. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    extend: (app) => {
      const spec = { access: 'anyone' as const, method: 'POST' as const };
      namedRoute(app, app.routeList, { ...spec, name: 't.field', uri: '/__t/field' }, () => {
        throw new DomainError('RF_TEST_TAKEN', 'این نام گرفته شده است.', { field: 'name' });
      });
      namedRoute(
        app,
        app.routeList,
        { ...spec, name: 't.route-field', uri: '/__t/route-field', errorField: 'email' },
        () => {
          throw new DomainError('RF_TEST_NO_FIELD', 'ایمیل پذیرفته نشد.');
        },
      );
      namedRoute(app, app.routeList, { ...spec, name: 't.page', uri: '/__t/page' }, () => {
        throw new DomainError('RF_TEST_GONE', 'این پیوند دیگر کار نمی‌کند.', { status: 410 });
      });
      namedRoute(
        app,
        app.routeList,
        { ...spec, name: 't.button', uri: '/__t/button', flashErrors: true },
        () => {
          throw new DomainError('RF_TEST_BUSY', 'هم‌اکنون ممکن نیست.', { status: 409 });
        },
      );
      app.register(async (api) => {
        useJsonApiErrors(api);
        api.post('/api/v1/__t', { config: { session: false, csrf: false } }, () => {
          throw new DomainError('RF_TEST_TAKEN', 'این نام گرفته شده است.', { field: 'name' });
        });
        api.post('/api/v1/__t/server', { config: { session: false, csrf: false } }, () => {
          throw new DomainError('RF_TEST_UPSTREAM', 'درگاه پاسخ نداد.', { status: 502 });
        });
      });
    },
  });
});
afterAll(() => t.close());

describe('domain errors answered in one place', () => {
  it('an error naming its field goes back (303) with props.errors', async () => {
    const browser = await newBrowser(t);
    const res = await browser.post('/__t/field', {}, { referer: '/contact' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact');
    expect(await browser.errorsOn('/contact')).toEqual({ name: 'این نام گرفته شده است.' });
  });

  it("an error without a field goes beside the route's errorField", async () => {
    const browser = await newBrowser(t);
    const res = await browser.post('/__t/route-field', {}, { referer: '/contact' });
    expect(res.statusCode).toBe(303);
    expect(await browser.errorsOn('/contact')).toEqual({ email: 'ایمیل پذیرفته نشد.' });
  });

  it('any other error renders Public/Blank with its status and message, never a 500', async () => {
    const browser = await newBrowser(t);
    const res = await browser.visit('POST', '/__t/page');
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({
      component: 'Public/Blank',
      props: { status: 410, message: 'این پیوند دیگر کار نمی‌کند.' },
    });
  });

  it('a button route flashes the message and goes back', async () => {
    const browser = await newBrowser(t);
    const res = await browser.post('/__t/button', {}, { referer: '/contact' });
    expect(res.statusCode).toBe(303);
    expect((await browser.page('/contact')).props.flash).toMatchObject({ error: 'هم‌اکنون ممکن نیست.' });
  });

  it('the JSON API answers the same shape for every module', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/__t' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'این نام گرفته شده است.',
      code: 'RF_TEST_TAKEN',
      errors: { name: 'این نام گرفته شده است.' },
    });
    const upstream = await t.app.inject({ method: 'POST', url: '/api/v1/__t/server' });
    expect(upstream.statusCode).toBe(502);
    expect(upstream.json()).toEqual({ message: 'درگاه پاسخ نداد.', code: 'RF_TEST_UPSTREAM' });
  });
});
