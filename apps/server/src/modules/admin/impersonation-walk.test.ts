import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { users } from '../users/tables';
import { REFUSED_MESSAGE } from './impersonation';

/**
 * The account under /user/ (password, two-factor, other sessions, deletion, tokens, e-mail and
 * mobile, the photo) is the customer's alone: an admin signed in as them may look at the profile
 * page, and nothing else there. The walk takes every route under /user/ from the route list, so an
 * account action added later is refused without anyone listing it.
 */
const MAY_LOOK = new Set(['GET profile.show', 'GET profile-photo.show']);

describe('impersonation: every account-level route is refused', () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let admin: TestBrowser;
  let otherBrowser: TestBrowser;
  let customerId: number;

  beforeAll(async () => {
    t = await createAuthTestApp();
    // The customer's own browser elsewhere: must stay signed in through the whole walk.
    otherBrowser = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.96.0.9' });
    admin = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.96.0.1' });
    [{ id: customerId }] = (await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'customer@renderfarm.test'))) as [{ id: number }];
    await admin.post('/user/confirm-password', { password: 'password' });
    expect((await admin.visit('POST', `/admin/users/${customerId}/impersonate`)).statusCode).toBe(409);
  });
  afterAll(() => t.close());

  it('walks every route under /user/ from the route list', async () => {
    const account = t.app.routeList.all().filter((r) => r.uri === 'user' || r.uri.startsWith('user/'));
    // The walk must see the actions the report named, or it walks nothing.
    const names = account.map((r) => r.name);
    for (const name of [
      'other-browser-sessions.destroy',
      'user-password.update',
      'two-factor.enable',
      'current-user.destroy',
      'api-tokens.store',
    ])
      expect(names).toContain(name);

    const failures: string[] = [];
    for (const route of account) {
      const url = `/${route.uri.replace(/\{(\w+)\??\}/g, '1')}`;
      for (const method of route.methods.filter((m) => m !== 'HEAD')) {
        const res = await admin.request(
          method as 'GET',
          url,
          method === 'GET' ? undefined : { password: 'password' },
        );
        const refused = res.headers['x-refused'] === 'impersonating';
        const key = `${method} ${route.name}`;
        if (MAY_LOOK.has(key) === refused)
          failures.push(`${key}: ${res.statusCode} ${res.headers['x-refused']}`);
        if (refused) expect(res.statusCode, key).toBe(403);
      }
    }
    expect(failures).toEqual([]);
    // Still the customer's session, and the customer's other browser is still signed in.
    expect((await admin.page('/panel')).props.auth.user.id).toBe(customerId);
    expect((await otherBrowser.page('/panel')).props.auth.user.id).toBe(customerId);
  }, 60_000);

  it('refuses ending the other sessions without looking at the password', async () => {
    const res = await admin.visit('DELETE', '/user/other-browser-sessions', { password: 'wrong guess' });
    expect(res.statusCode).toBe(403);
    // The refusal, not a verdict on the guess.
    expect(res.json().props).toMatchObject({ message: REFUSED_MESSAGE, errors: {} });
    expect(res.headers['x-refused']).toBe('impersonating');
    expect((await otherBrowser.page('/panel')).props.auth.user.id).toBe(customerId);
  });
});
