/**
 * The plugin's rules against a real database: sessions stored in embedded PostgreSQL (PGlite)
 * through the fixture app's store, driven with Fastify inject (no browser).
 */
import { PGlite } from '@electric-sql/pglite';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureApp, NAME_TOO_SHORT, SAVED, startFixtureApp } from './fixtures/inertia/app.js';
import { SqlSessionStore } from './fixtures/inertia/sql-session-store.js';

let fixture: FixtureApp;
beforeAll(async () => {
  fixture = await startFixtureApp('');
});
afterAll(async () => {
  await fixture.close();
});

/** A cookie jar over inject. */
function browser() {
  const jar = new Map<string, string>();
  const send = async (
    method: string,
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    const res: LightMyRequestResponse = await fixture.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
    for (const c of res.cookies) jar.set(c.name, c.value);
    return res;
  };
  const visit = (method: string, url: string, headers: Record<string, string> = {}, payload?: object) =>
    send(
      method,
      url,
      {
        'x-inertia': 'true',
        'x-inertia-version': 'v1',
        'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
        ...headers,
      },
      payload,
    );
  const sessionId = () => (jar.get('renderfarm_session') ?? '').split('.')[0] as string;
  return { jar, send, visit, sessionId };
}

describe('@renderfarm/fastify with a database session store', () => {
  it('stores the session row with user, ip, user agent, last activity and payload', async () => {
    const b = browser();
    await b.send('GET', '/', { 'user-agent': 'conformance-agent' });
    const { rows } = await fixture.db.query<{
      user_id: string | null;
      ip_address: string;
      user_agent: string;
      payload: { token: string };
      last_activity: Date;
    }>('select user_id, ip_address, user_agent, payload, last_activity from sessions where id = $1', [
      b.sessionId(),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: null,
      ip_address: '127.0.0.1',
      user_agent: 'conformance-agent',
    });
    expect(rows[0]?.payload.token).toBe(b.jar.get('XSRF-TOKEN'));
    expect(Date.now() - new Date(rows[0]?.last_activity as Date).getTime()).toBeLessThan(60_000);
  });

  it('sign-in moves the session to a new id; the old row is gone (session fixation)', async () => {
    const b = browser();
    await b.send('GET', '/');
    const before = b.sessionId();
    const res = await b.visit('POST', '/login');
    expect(res.statusCode).toBe(409);
    const after = b.sessionId();
    expect(after).not.toBe(before);
    const { rows } = await fixture.db.query<{ id: string; user_id: string | null }>(
      'select id, user_id from sessions where id = any($1)',
      [[before, after]],
    );
    expect(rows).toEqual([{ id: after, user_id: 'u1' }]);
  });

  it('validation errors and flash survive the round trip through the database', async () => {
    const b = browser();
    await b.send('GET', '/form');
    const bad = await b.visit('POST', '/form', { referer: '/form' }, { name: 'ab' });
    expect(bad.statusCode).toBe(303);
    const errors = (await b.visit('GET', '/form')).json().props.errors;
    expect(errors).toEqual({ name: NAME_TOO_SHORT });
    await b.visit('POST', '/form', {}, { name: 'نگار' });
    const page = (await b.visit('GET', '/form')).json();
    expect(page.props.errors).toEqual({});
    expect(page.props.flash).toEqual({ success: SAVED });
  });

  it('CSRF: 419 without the token, and a 409 for a stale version', async () => {
    const b = browser();
    await b.send('GET', '/');
    const res = await b.visit('POST', '/form', { 'x-xsrf-token': '' }, { name: 'نگار' });
    expect(res.statusCode).toBe(419);
    expect(res.json().props.message).toBe('نشست شما منقضی شده است');
    const stale = await b.visit('GET', '/about', { 'x-inertia-version': 'v0' });
    expect(stale.statusCode).toBe(409);
    expect(stale.headers['x-inertia-location']).toBe('/about');
  });
});

describe('SqlSessionStore', () => {
  it('keeps the SessionStore contract: set, get, replace, expire, destroy', async () => {
    const db = new PGlite();
    const store = await SqlSessionStore.create(db);
    const record = {
      id: 'a'.repeat(40),
      userId: 5,
      ipAddress: '127.0.0.1',
      userAgent: 'x',
      payload: { data: { a: 1 }, flash: {}, token: 't' },
      lastActivity: new Date('2026-01-01T00:00:00Z'),
    };
    await store.set(record, 3600 * 24 * 3650);
    expect(await store.get(record.id)).toEqual({ ...record, userId: '5' });
    await store.set({ ...record, userId: null }, 3600 * 24 * 3650);
    expect((await store.get(record.id))?.userId).toBeNull();
    await store.set({ ...record, lastActivity: new Date(Date.now() - 10_000) }, 1);
    expect(await store.get(record.id)).toBeUndefined();
    await store.set(record, 3600 * 24 * 3650);
    await store.destroy(record.id);
    expect(await store.get(record.id)).toBeUndefined();
    await db.close();
  });
});
