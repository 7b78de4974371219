import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, logIn } from '../auth/test-support';

describe('users.home', () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  beforeAll(async () => {
    t = await createAuthTestApp();
  });
  afterAll(() => t.close());

  it('sends care and admin to their own desk, and shows customers their home', async () => {
    const care = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.50.0.1' });
    const admin = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.50.0.2' });
    const customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.50.0.3' });
    expect((await care.request('GET', '/home')).headers.location).toBe('/care');
    expect((await admin.request('GET', '/home')).headers.location).toBe('/admin');
    expect((await customer.page('/home')).component).toBe('Users/Home');
  });
});
