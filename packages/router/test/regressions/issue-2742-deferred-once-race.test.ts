// inertiajs/inertia#2742: clicking a link while a deferred prop was still loading left the next
// page without one of its props: the late answer for the old page was merged into the new one.
import { delay, http } from 'msw';
import { expect, it, vi } from 'vitest';
import { page, pageResponse, server, startRouter, useServer } from '../helpers';

useServer();

it('inertiajs/inertia#2742: a deferred answer for a page already left never touches the next page', async () => {
  const deferredAnswered = vi.fn();
  server.use(
    http.get('/a', async () => {
      await delay(60);
      deferredAnswered();
      // The server sends the old page without its shared prop: merging it would drop `plan`.
      return pageResponse(page('Users/Index', { slow: 'ready' }, { url: '/a' }));
    }),
    http.get('/b', () => pageResponse(page('Users/Show', { plan: 'gold' }, { url: '/b' }))),
  );
  const { router } = await startRouter(
    page('Users/Index', { plan: 'gold' }, { url: '/a', deferredProps: { default: ['slow'] } }),
  );
  window.history.replaceState(window.history.state, '', '/a');
  await router.visit('/b');
  await delay(100);
  expect(router.page.component).toBe('Users/Show');
  expect(router.page.props).toEqual({ errors: {}, plan: 'gold' });
  expect(window.location.pathname).toBe('/b');
  expect((window.history.state as { page: { props: object } }).page.props).toEqual({
    errors: {},
    plan: 'gold',
  });
  expect(deferredAnswered.mock.calls.length).toBeLessThanOrEqual(1);
});
