import { describe, expect, it } from 'vitest';
import { RoutesError } from './errors';
import { RouteRegistry } from './registry';
import { route } from './route';

const registry = () => {
  const r = new RouteRegistry({ url: 'http://localhost:8000/', defaults: {} });
  r.add({ name: 'home', method: 'GET', uri: '/' });
  r.add({ name: 'plans', method: 'GET', uri: '/plans/{hardware?}' });
  r.add({
    name: 'panel.instances.view',
    method: 'GET',
    uri: 'panel/instances/{instance}',
    bindings: { instance: 'uuid' },
    meta: { roles: ['customer', 'care', 'admin'] },
  });
  r.add({ name: 'panel.instances.update', method: ['PUT', 'PATCH'], uri: 'panel/instances/{instance}' });
  r.add({
    name: 'admin.users.edit',
    method: 'GET',
    uri: 'admin/users/{user}/edit',
    wheres: { user: '[0-9]+' },
    meta: { roles: ['admin'] },
  });
  return r;
};

describe('RouteRegistry', () => {
  it('emits the Ziggy JSON, leaving empty fields out and adding HEAD to GET', () => {
    expect(registry().toZiggy()).toEqual({
      url: 'http://localhost:8000',
      port: null,
      defaults: {},
      routes: {
        home: { uri: '/', methods: ['GET', 'HEAD'] },
        plans: { uri: 'plans/{hardware?}', methods: ['GET', 'HEAD'], parameters: ['hardware'] },
        'panel.instances.view': {
          uri: 'panel/instances/{instance}',
          methods: ['GET', 'HEAD'],
          parameters: ['instance'],
          bindings: { instance: 'uuid' },
        },
        'panel.instances.update': {
          uri: 'panel/instances/{instance}',
          methods: ['PUT', 'PATCH'],
          parameters: ['instance'],
        },
        'admin.users.edit': {
          uri: 'admin/users/{user}/edit',
          methods: ['GET', 'HEAD'],
          parameters: ['user'],
          wheres: { user: '[0-9]+' },
        },
      },
    });
  });

  it('filters by a predicate so a role sees only its routes', () => {
    const forCustomer = registry().toZiggy((r) => {
      const roles = r.meta.roles as string[] | undefined;
      return !roles || roles.includes('customer');
    });
    expect(Object.keys(forCustomer.routes)).toEqual([
      'home',
      'plans',
      'panel.instances.view',
      'panel.instances.update',
    ]);
    expect(() => route('admin.users.edit', 1, true, forCustomer)).toThrow(
      "Ziggy error: route 'admin.users.edit' is not in the route list.",
    );
  });

  it('moves its version with each route added, so a list built earlier can tell it is stale', () => {
    const r = registry();
    const before = r.version;
    expect(r.version).toBe(before);
    r.add({ name: 'about', method: 'GET', uri: '/about' });
    expect(r.version).not.toBe(before);
    expect(() => r.add({ name: 'about', method: 'GET', uri: '/about' })).toThrow();
    expect(r.version).toBe(before + 1);
  });

  it('builds URLs server-side with the client rules, bound objects included', () => {
    const r = registry();
    expect(r.url('panel.instances.view', { uuid: 'ab-12', name: 'x' })).toBe(
      'http://localhost:8000/panel/instances/ab-12',
    );
    expect(r.url('plans', { hardware: 'rtx-4090' }, false)).toBe('/plans/rtx-4090');
    expect(r.url('plans', { q: 'رندر' }, false)).toBe('/plans?q=%D8%B1%D9%86%D8%AF%D8%B1');
    expect(() => r.url('admin.users.edit', 'abc')).toThrow(
      "Ziggy error: 'user' parameter 'abc' does not match required format '[0-9]+' for route 'admin.users.edit'.",
    );
    expect(() => r.url('nope')).toThrow(RoutesError);
  });

  it('converts URIs to Fastify paths', () => {
    const r = registry();
    expect(r.fastifyPath('home')).toBe('/');
    expect(r.fastifyPath('plans')).toBe('/plans/:hardware?');
    expect(r.fastifyPath('admin.users.edit')).toBe('/admin/users/:user/edit');
    r.add({ name: 'products', method: 'GET', uri: '{country?}/products/{id}' });
    expect(() => r.fastifyPath('products')).toThrow(RoutesError);
  });

  it('refuses duplicate names, bad names and unbalanced braces, with stable codes', () => {
    const r = registry();
    const code = (f: () => void) => {
      try {
        f();
      } catch (e) {
        return (e as RoutesError).code;
      }
    };
    expect(code(() => r.add({ name: 'home', method: 'GET', uri: '/x' }))).toBe('ROUTE_DUPLICATE');
    expect(code(() => r.add({ name: 'a b', method: 'GET', uri: '/x' }))).toBe('ROUTE_INVALID');
    expect(code(() => r.add({ name: 'bad', method: 'GET', uri: '/x/{y' }))).toBe('ROUTE_INVALID');
  });

  it('registers on a Fastify-like app with the route name and a where check', async () => {
    const r = registry();
    const calls: Record<string, unknown>[] = [];
    const app = { route: (o: Record<string, unknown>) => calls.push(o) };
    const handler = () => 'ok';
    r.register(app as never, 'admin.users.edit', handler);
    r.register(app as never, 'panel.instances.update', handler, { config: { area: 'panel' } });
    expect(calls[0]).toMatchObject({
      method: ['GET'],
      url: '/admin/users/:user/edit',
      config: { routeName: 'admin.users.edit' },
    });
    expect(calls[1]).toMatchObject({
      method: ['PUT', 'PATCH'],
      config: { area: 'panel', routeName: 'panel.instances.update' },
    });
    expect(calls[1]?.preValidation).toBeUndefined();
    const check = calls[0]?.preValidation as (req: unknown, reply: unknown) => Promise<unknown>;
    let notFound = 0;
    const reply = { callNotFound: () => notFound++, sent: false };
    await check({ params: { user: '12' } }, reply);
    expect(notFound).toBe(0);
    await check({ params: { user: '12a' } }, reply);
    expect(notFound).toBe(1);
  });
});
