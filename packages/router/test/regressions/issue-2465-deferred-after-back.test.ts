// inertiajs/inertia#2465 (fixed upstream by PR #2812): deferred props stayed "loading" forever
// after leaving a page before they arrived and coming back with the Back button.
import { delay, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { nextNavigate, page, pageResponse, server, startRouter, useServer } from '../helpers';

useServer();

const report = (props: Record<string, unknown> = {}) =>
  page('Dashboard', props, { url: '/report', deferredProps: { default: ['stats'], charts: ['chart'] } });

describe('inertiajs/inertia#2465: deferred props after Back', () => {
  it('loads each deferred group with its own partial reload after the page shows', async () => {
    const partials: (string | null)[] = [];
    server.use(
      http.get('/report', ({ request }) => {
        const only = request.headers.get('x-inertia-partial-data');
        partials.push(only);
        return pageResponse(
          page('Dashboard', only === 'stats' ? { stats: 7 } : { chart: [1] }, { url: '/report' }),
        );
      }),
    );
    const { router } = await startRouter(report());
    await vi.waitFor(() => expect(router.page.props).toMatchObject({ stats: 7, chart: [1] }));
    expect(partials.sort()).toEqual(['chart', 'stats']);
  });

  it('leaving before they arrive and coming Back requests the missing ones again', async () => {
    let slow = true;
    server.use(
      http.get('/report', async ({ request }) => {
        const only = request.headers.get('x-inertia-partial-data');
        if (slow) await delay(200);
        return pageResponse(
          page('Dashboard', only === 'stats' ? { stats: 7 } : { chart: [1] }, { url: '/report' }),
        );
      }),
      http.get('/users', () => pageResponse(page('Users/Index', {}, { url: '/users' }))),
    );
    const { router } = await startRouter(report());
    window.history.replaceState(window.history.state, '', '/report');
    await router.visit('/users');
    slow = false;
    const shown = nextNavigate();
    window.history.back();
    await shown;
    await vi.waitFor(() => expect(router.page.props).toMatchObject({ stats: 7, chart: [1] }));
  });

  it('props that had arrived come back from history with no request', async () => {
    server.use(
      http.get('/report', ({ request }) => {
        const only = request.headers.get('x-inertia-partial-data');
        return pageResponse(
          page('Dashboard', only === 'stats' ? { stats: 7 } : { chart: [1] }, { url: '/report' }),
        );
      }),
      http.get('/users', () => pageResponse(page('Users/Index', {}, { url: '/users' }))),
    );
    const { router } = await startRouter(report());
    window.history.replaceState(window.history.state, '', '/report');
    await vi.waitFor(() => expect(router.page.props).toMatchObject({ stats: 7, chart: [1] }));
    await router.visit('/users');
    const requests = vi.fn();
    server.events.on('request:start', requests);
    const shown = nextNavigate();
    window.history.back();
    await shown;
    server.events.removeAllListeners();
    expect(router.page.props).toMatchObject({ stats: 7, chart: [1] });
    expect(requests).not.toHaveBeenCalled();
  });
});
