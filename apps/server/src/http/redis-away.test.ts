import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisForTests } from '../../../../tests/support/services';
import { createTestApp, type TestApp } from '../testing/app';

// Nothing listens on port 1: Redis as it is while stopped.
const AWAY = 'redis://127.0.0.1:1';

describe('Redis away', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL: AWAY } });
  });
  afterAll(() => t.close());

  it('/up says which required service is down, with 503', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/up' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'down', database: 'ok', redis: 'down' });
  });

  it('signs in with in-process limits, which still refuse a guesser', async () => {
    const signIn = async (password: string) => {
      const page = await t.app.inject({ method: 'GET', url: '/login', remoteAddress: '10.77.0.1' });
      const cookies = page.cookies as { name: string; value: string }[];
      const xsrf = decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
      return t.app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress: '10.77.0.1',
        headers: {
          cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
          'x-xsrf-token': xsrf,
          'x-inertia': 'true',
        },
        payload: { email: 'customer@renderfarm.test', password },
      });
    };
    const res = await signIn('password');
    expect(res.statusCode).toBe(409);
    expect(res.headers['x-inertia-location']).toBeTruthy();
    // Wrong guesses are still counted (here, in this process) and end in the lockout message.
    for (let i = 0; i < 12; i++) expect((await signIn('not the password')).statusCode).not.toBe(503);
    const locked = await signIn('password');
    expect(locked.statusCode).not.toBe(409);
  });

  it('/api/v1 answers with in-process limits, not a 503', async () => {
    const { users } = await import('../modules/users/tables');
    const { eq } = await import('drizzle-orm');
    const [customer] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'customer@renderfarm.test'));
    const { plainText } = await t.app.services.apiTokens.create(customer!.id, { name: 'redis' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${plainText}`, accept: 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe.runIf(await redisForTests())('Redis present', () => {
  it('/up says so', async () => {
    const t = await createTestApp({ seed: false, env: { REDIS_URL: 'redis://127.0.0.1:6379' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/up' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    } finally {
      await t.close();
    }
  });
});
