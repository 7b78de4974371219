import { RouteRegistry } from '@renderfarm/routes';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

// @renderfarm/routes' registry on a real Fastify instance (routes itself does not depend on Fastify).
describe('RouteRegistry.register on Fastify', () => {
  it('serves named routes at their Fastify paths; wheres answer 404 when they fail', async () => {
    const registry = new RouteRegistry({ url: 'http://localhost' });
    registry.add({ name: 'plans', method: 'GET', uri: 'plans/{hardware?}' });
    registry.add({
      name: 'admin.users.edit',
      method: 'GET',
      uri: 'admin/users/{user}/edit',
      wheres: { user: '[0-9]+' },
    });
    registry.add({
      name: 'admin.users.update',
      method: ['PUT', 'PATCH'],
      uri: 'admin/users/{user}',
      wheres: { user: '[0-9]+' },
    });
    const app = Fastify();
    registry.register(app, 'plans', async (request) => ({
      route: request.routeOptions.config.routeName,
      hardware: (request.params as { hardware?: string }).hardware ?? null,
    }));
    registry.register(app, 'admin.users.edit', async (request) => ({
      user: (request.params as { user: string }).user,
    }));
    registry.register(app, 'admin.users.update', async () => ({ ok: true }));
    await app.ready();

    expect((await app.inject('/plans')).json()).toEqual({ route: 'plans', hardware: null });
    expect((await app.inject('/plans/rtx-4090')).json()).toEqual({ route: 'plans', hardware: 'rtx-4090' });
    expect((await app.inject(registry.url('admin.users.edit', 12, false))).json()).toEqual({ user: '12' });
    expect((await app.inject('/admin/users/abc/edit')).statusCode).toBe(404);
    expect((await app.inject({ method: 'PATCH', url: '/admin/users/3' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/plans' })).statusCode).toBe(200);
    await app.close();
  });
});
