// inertiajs/inertia#2842 (fixed upstream by PR #2843): concurrent partial reloads that pass query
// data cancelled each other, because the first answer changed the URL and the others were then
// treated as visits for a page the user had left.
import { http } from 'msw';
import { expect, it, vi } from 'vitest';
import { page, pageResponse, server, startRouter, useServer } from '../helpers';

useServer();

it('inertiajs/inertia#2842: partial reloads with query data all complete', async () => {
  const seen: string[] = [];
  server.use(
    http.get('/stats', async ({ request }) => {
      const only = request.headers.get('x-inertia-partial-data')!;
      const url = new URL(request.url);
      seen.push(`${only}?${url.searchParams.get('timeframe')}`);
      await new Promise((r) => setTimeout(r, { visits: 10, revenue: 30, signups: 50 }[only]));
      return pageResponse(page('Dashboard', { [only]: `${only}-week` }, { url: `/stats${url.search}` }));
    }),
  );
  const { router } = await startRouter(
    page('Dashboard', { visits: null, revenue: null, signups: null }, { url: '/stats' }),
  );
  window.history.replaceState(window.history.state, '', '/stats');
  const onCancel = vi.fn();
  await Promise.all(
    ['visits', 'revenue', 'signups'].map((key) =>
      router.reload({ only: [key], data: { timeframe: 'week' }, onCancel }),
    ),
  );
  expect(onCancel).not.toHaveBeenCalled();
  expect(seen.sort()).toEqual(['revenue?week', 'signups?week', 'visits?week']);
  expect(router.page.props).toMatchObject({
    visits: 'visits-week',
    revenue: 'revenue-week',
    signups: 'signups-week',
  });
  expect(window.location.search).toBe('?timeframe=week');
});
