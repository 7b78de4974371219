import { signChannelAuth } from '@renderfarm/realtime/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instances } from '../../modules/instances/tables';
import { users } from '../../modules/users/tables';
import { createTestApp, guestBrowser, signedInBrowser, type TestApp } from '../../testing/app';

describe('/broadcasting/auth and /broadcasting/user-auth', () => {
  let t: TestApp;
  const credentials = { key: 'renderfarm-key', secret: 'renderfarm-secret' };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs the private channel of the signed-in user (JSON and form bodies)', async () => {
    const browser = await signedInBrowser(t, 'customer@renderfarm.test');
    const channel = `private-users.${browser.userId}`;
    const json = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: browser.headers(),
      payload: { socket_id: '123.456', channel_name: channel },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual(signChannelAuth(credentials, '123.456', channel));

    const form = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: browser.headers({ 'content-type': 'application/x-www-form-urlencoded' }),
      payload: `socket_id=123.456&channel_name=${encodeURIComponent(channel)}`,
    });
    expect(form.statusCode).toBe(200);
    expect(form.json().auth).toMatch(/^renderfarm-key:[0-9a-f]{64}$/);
  });

  it("refuses another user's channel, guests, bad input and a missing CSRF token", async () => {
    const browser = await signedInBrowser(t, 'customer@renderfarm.test');
    const other = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: browser.headers(),
      payload: { socket_id: '123.456', channel_name: `private-users.${browser.userId + 1}` },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toMatch(/[\u0600-\u06FF]/);

    const guest = await guestBrowser(t);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: guest.headers(),
      payload: { socket_id: '123.456', channel_name: 'private-users.1' },
    });
    expect(anonymous.statusCode).toBe(403);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: browser.headers(),
      payload: { socket_id: 'not-a-socket', channel_name: 'private-users.1' },
    });
    expect([400, 422]).toContain(bad.statusCode);

    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: { cookie: browser.cookie },
      payload: { socket_id: '123.456', channel_name: `private-users.${browser.userId}` },
    });
    expect(noCsrf.statusCode).toBe(419);
  });

  it('gives a suspended account no staff channel, only its own', async () => {
    const [machine] = await t.database.db.select().from(instances).limit(1);
    const care = await signedInBrowser(t, 'care@renderfarm.test');
    const ask = (channel: string) =>
      t.app.inject({
        method: 'POST',
        url: '/broadcasting/auth',
        headers: care.headers(),
        payload: { socket_id: '123.456', channel_name: channel },
      });
    expect((await ask(`private-instances.${machine!.uuid}`)).statusCode).toBe(200);
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, care.userId));
    try {
      const refused = await ask(`private-instances.${machine!.uuid}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/[\u0600-\u06FF]/);
      // Its own channel still: notices about its account reach it.
      expect((await ask(`private-users.${care.userId}`)).statusCode).toBe(200);
    } finally {
      await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, care.userId));
    }
  });

  it('answers an encrypted channel with a clear Persian 4xx, not a 500', async () => {
    const browser = await signedInBrowser(t, 'customer@renderfarm.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: browser.headers(),
      payload: { socket_id: '123.456', channel_name: `private-encrypted-users.${browser.userId}` },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toMatch(/رمزنگاری/);
  });

  it('accepts the CSRF token as X-CSRF-TOKEN, as laravel-echo sends it', async () => {
    const browser = await signedInBrowser(t, 'customer@renderfarm.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: { cookie: browser.cookie, 'x-csrf-token': browser.xsrf },
      payload: { socket_id: '1.2', channel_name: `private-users.${browser.userId}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('tells signed-in pages where the realtime server is, and guests nothing', async () => {
    const browser = await signedInBrowser(t, 'customer@renderfarm.test');
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: browser.cookie } });
    const json = JSON.parse(
      /<script data-page="app" type="application\/json">(.*?)<\/script>/s.exec(page.body)![1]!,
    );
    expect(json.props.realtime).toEqual({ key: 'renderfarm-key', host: null, port: 3000, scheme: 'http' });
    const guest = await t.app.inject({ method: 'GET', url: '/' });
    expect(guest.body).toContain('"realtime":null');
  });

  it('signs a user for pusher:signin', async () => {
    const browser = await signedInBrowser(t, 'care@renderfarm.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/user-auth',
      headers: browser.headers(),
      payload: { socket_id: '9.9' },
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.json().user_data)).toEqual({ id: String(browser.userId), name: 'سارا پشتیبان' });
  });
});
