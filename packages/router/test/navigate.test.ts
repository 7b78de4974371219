import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { router } from '../src/instance';
import { navigate } from '../src/navigate';
import { page, pageResponse, server, useServer } from './helpers';

useServer();

const Ziggy = {
  url: 'http://localhost:3000',
  port: 3000,
  defaults: {},
  routes: {
    'panel.instances.show': { uri: 'panel/instances/{instance}', methods: ['GET', 'HEAD'] },
    'panel.instances.power': { uri: 'panel/instances/{instance}/power', methods: ['POST'] },
  },
};

afterEach(() => {
  router.dispose();
  delete (globalThis as { Ziggy?: unknown }).Ziggy;
});

async function start() {
  (globalThis as { Ziggy?: unknown }).Ziggy = Ziggy;
  await router.init({ initialPage: page('Home'), resolveComponent: (name) => name, swapComponent: () => {} });
}

describe('navigate(name, params, options)', () => {
  it('visits the URL route() builds for the name', async () => {
    await start();
    server.use(
      http.get('/panel/instances/7', () =>
        pageResponse(page('Panel/Instances/Show', { id: 7 }, { url: '/panel/instances/7' })),
      ),
    );
    await navigate('panel.instances.show', { instance: 7, tab: 'usage' }, { data: { tab: 'usage' } });
    expect(router.page.component).toBe('Panel/Instances/Show');
    expect(window.location.pathname).toBe('/panel/instances/7');
  });

  it('passes the options through (method, data)', async () => {
    await start();
    let body: unknown;
    server.use(
      http.post('/panel/instances/7/power', async ({ request }) => {
        body = await request.json();
        return pageResponse(page('Panel/Instances/Show', {}, { url: '/panel/instances/7' }));
      }),
    );
    await navigate('panel.instances.power', { instance: 7 }, { method: 'post', data: { state: 'on' } });
    expect(body).toEqual({ state: 'on' });
  });

  it("throws Ziggy's error for an unknown route, before any request", async () => {
    await start();
    expect(() => navigate('nope')).toThrow("Ziggy error: route 'nope' is not in the route list.");
  });
});
