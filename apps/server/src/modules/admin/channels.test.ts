import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInBrowser, type TestApp } from '../../testing/app';

/** The admins' channel (`private-admin`, AlertRaised): admins subscribe, care and customers do not. */
describe('admin channel', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets admins listen and refuses care and customers', async () => {
    const answer = async (email: string) => {
      const browser = await signedInBrowser(t, email);
      const res = await t.app.inject({
        method: 'POST',
        url: '/broadcasting/auth',
        headers: browser.headers(),
        payload: { socket_id: '123.456', channel_name: 'private-admin' },
      });
      return res.statusCode;
    };
    expect(await answer('admin@renderfarm.test')).toBe(200);
    expect(await answer('care@renderfarm.test')).toBe(403);
    expect(await answer('customer@renderfarm.test')).toBe(403);
  });
});
