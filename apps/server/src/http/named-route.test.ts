import { MemorySessionStore, pages } from '@renderfarm/fastify';
import { RouteRegistry } from '@renderfarm/routes';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { User } from '../modules/users/tables';
import type { Services } from '../services';
import { namedRoute } from './named-route';

/**
 * The guards no route of this module exercises yet (no care or admin screen exists): staff 2FA
 * under `staff_require_2fa`, and the routes a suspended account keeps. A minimal app with the page
 * plugin and a fixed user per request.
 */
async function appWith(user: Partial<User> | null, staffRequire2fa: boolean) {
  const app = Fastify();
  const registry = new RouteRegistry({ url: 'http://localhost' });
  app.decorate('services', {
    settings: async () => ({ staffRequire2fa, registrationOpen: true }),
  } as unknown as Services);
  await app.register(pages, {
    session: { store: new MemorySessionStore(), secret: 'x'.repeat(40) },
    version: null,
  });
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    request.user = user as User | null;
  });
  namedRoute(
    app,
    registry,
    { name: 'profile.show', method: 'GET', uri: '/user/profile', access: 'customer' },
    () => 'profile',
  );
  namedRoute(app, registry, { name: 'care.home', method: 'GET', uri: '/care', access: 'care' }, () => 'care');
  namedRoute(
    app,
    registry,
    { name: 'panel.home', method: 'GET', uri: '/panel', access: 'customer', allowSuspended: true },
    () => 'panel',
  );
  await app.ready();
  return app;
}

const staff = {
  id: 2,
  role: 'care',
  status: 'active',
  emailVerifiedAt: new Date(),
  mobileVerifiedAt: null,
  kycStatus: 'none',
} as const;

describe('named-route guards', () => {
  it('sends staff without 2FA to their profile when staff_require_2fa is on', async () => {
    const on = await appWith({ ...staff, twoFactorConfirmedAt: null }, true);
    const res = await on.inject({ method: 'GET', url: '/care' });
    expect(res.statusCode).toBe(303);
    expect(res.headers['x-refused']).toBe('staff-2fa');
    expect(res.headers.location).toBe('/user/profile');
    // Their profile stays open, so they can turn 2FA on.
    expect((await on.inject({ method: 'GET', url: '/user/profile' })).body).toBe('profile');
    await on.close();

    const withTwoFactor = await appWith({ ...staff, twoFactorConfirmedAt: new Date() }, true);
    expect((await withTwoFactor.inject({ method: 'GET', url: '/care' })).body).toBe('care');
    await withTwoFactor.close();

    const off = await appWith({ ...staff, twoFactorConfirmedAt: null }, false);
    expect((await off.inject({ method: 'GET', url: '/care' })).body).toBe('care');
    await off.close();
  });

  it('keeps a suspended account to the routes marked for it', async () => {
    const app = await appWith(
      { ...staff, role: 'customer', status: 'suspended', twoFactorConfirmedAt: null },
      false,
    );
    expect((await app.inject({ method: 'GET', url: '/panel' })).body).toBe('panel');
    const refused = await app.inject({ method: 'GET', url: '/user/profile' });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-refused']).toBe('suspended');
    await app.close();
  });
});
