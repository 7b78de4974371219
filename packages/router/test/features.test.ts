import { delay, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_CACHE_FOR } from '../src/prefetch';
import { mergePartialProps } from '../src/props';
import { page, pageResponse, server, startRouter, useServer } from './helpers';

useServer();
afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(document, 'hidden', { configurable: true, value: false });
});

describe('merge props on partial reloads', () => {
  const current = page('Users/Index', {
    users: {
      data: [
        { id: 1, n: 'a' },
        { id: 2, n: 'b' },
      ],
      meta: { page: 1, total: 9 },
    },
    feed: ['x'],
    settings: { a: 1, nested: { b: 1, list: [1] } },
    plain: [1],
  });

  it('appends mergeProps, prepends prependProps, deep-merges deepMergeProps, replaces the rest', () => {
    const incoming = page(
      'Users/Index',
      {
        feed: ['new'],
        settings: { nested: { c: 2, list: [2] } },
        plain: [2],
        users: { data: [{ id: 3, n: 'c' }], meta: { page: 2 } },
      },
      { mergeProps: ['users.data'], prependProps: ['feed'], deepMergeProps: ['settings'] },
    );
    const props = mergePartialProps(current, incoming, []);
    expect(props.users).toEqual({
      data: [
        { id: 1, n: 'a' },
        { id: 2, n: 'b' },
        { id: 3, n: 'c' },
      ],
      meta: { page: 2 },
    });
    expect(props.feed).toEqual(['new', 'x']);
    expect(props.settings).toEqual({ a: 1, nested: { b: 1, c: 2, list: [1, 2] } });
    expect(props.plain).toEqual([2]);
  });

  it('matchPropsOn replaces items with the same key in place and appends new ones', () => {
    const incoming = page(
      'Users/Index',
      {
        users: {
          data: [
            { id: 2, n: 'B' },
            { id: 4, n: 'd' },
          ],
        },
      },
      { mergeProps: ['users.data'], matchPropsOn: ['users.data.id'] },
    );
    const props = mergePartialProps(current, incoming, []);
    expect((props.users as { data: unknown[] }).data).toEqual([
      { id: 1, n: 'a' },
      { id: 2, n: 'B' },
      { id: 4, n: 'd' },
    ]);
  });

  it('a prop named in reset is replaced, not merged', () => {
    const incoming = page('Users/Index', { feed: ['only'] }, { mergeProps: ['feed'] });
    expect(mergePartialProps(current, incoming, ['feed']).feed).toEqual(['only']);
  });

  it('a "load more" reload merges through the router and sends X-Inertia-Reset when asked', async () => {
    const { router } = await startRouter(
      page('Users/Index', { items: [1, 2] }, { url: '/feed', mergeProps: ['items'] }),
    );
    window.history.replaceState(window.history.state, '', '/feed');
    const resets: (string | null)[] = [];
    server.use(
      http.get('/feed', ({ request }) => {
        resets.push(request.headers.get('x-inertia-reset'));
        const pageNo = new URL(request.url).searchParams.get('page');
        return pageResponse(
          page(
            'Users/Index',
            { items: pageNo === '2' ? [3, 4] : [1] },
            { url: request.url.replace('http://localhost:3000', ''), mergeProps: ['items'] },
          ),
        );
      }),
    );
    await router.reload({ only: ['items'], data: { page: 2 } });
    expect(router.page.props.items).toEqual([1, 2, 3, 4]);
    await router.reload({ only: ['items'], reset: ['items'], data: { page: 1 } });
    expect(router.page.props.items).toEqual([1]);
    expect(resets).toEqual([null, 'items']);
  });

  it('a full visit (not partial) never merges', async () => {
    const { router } = await startRouter(page('Users/Index', { items: [1] }, { url: '/f' }));
    server.use(
      http.get('/f', () =>
        pageResponse(page('Users/Index', { items: [2] }, { url: '/f', mergeProps: ['items'] })),
      ),
    );
    await router.visit('/f');
    expect(router.page.props.items).toEqual([2]);
  });
});

describe('prefetch', () => {
  it('a prefetched page is served from the cache for 30 s, with the Purpose: prefetch header', async () => {
    expect(PREFETCH_CACHE_FOR).toBe(30_000);
    const { router } = await startRouter(page('Home'));
    const purposes: (string | null)[] = [];
    server.use(
      http.get('/pricing', ({ request }) => {
        purposes.push(request.headers.get('purpose'));
        return pageResponse(page('Dashboard', { n: purposes.length }, { url: '/pricing' }));
      }),
    );
    const prefetched = vi.fn();
    const stop = router.on('prefetched', prefetched);
    router.prefetch('/pricing');
    router.prefetch('/pricing');
    await vi.waitFor(() => expect(prefetched).toHaveBeenCalledTimes(1));
    stop();
    await router.visit('/pricing');
    expect(purposes).toEqual(['prefetch']);
    expect(router.page.props.n).toBe(1);
  });

  it('the cache expires, and any non-GET visit flushes it (no stale page after a change)', async () => {
    const { router } = await startRouter(page('Home'));
    let version = 0;
    server.use(
      http.get('/team', () => pageResponse(page('Dashboard', { version: ++version }, { url: '/team' }))),
      http.post('/team/switch', () => pageResponse(page('Home', {}, { url: '/' }))),
    );
    router.prefetch('/team', {}, { cacheFor: 50 });
    await delay(20);
    await router.post('/team/switch');
    await router.visit('/team');
    expect(router.page.props.version).toBe(2);
    router.prefetch('/team', {}, { cacheFor: 10 });
    await delay(30);
    await router.visit('/team');
    expect(router.page.props.version).toBe(4);
  });

  it('a failed prefetch is not served', async () => {
    const { router } = await startRouter(page('Home'));
    let fail = true;
    server.use(
      http.get('/flaky', () =>
        fail ? new Response('oops', { status: 500 }) : pageResponse(page('Dashboard', {}, { url: '/flaky' })),
      ),
    );
    router.prefetch('/flaky');
    await delay(20);
    fail = false;
    await router.visit('/flaky');
    expect(router.page.component).toBe('Dashboard');
  });
});

describe('router.poll', () => {
  it('reloads every interval without the progress bar, every 10th tick in a hidden tab, and stops', async () => {
    const { router } = await startRouter(page('Dashboard', { n: 0 }, { url: '/live' }));
    window.history.replaceState(window.history.state, '', '/live');
    let hits = 0;
    server.use(http.get('/live', () => pageResponse(page('Dashboard', { n: ++hits }, { url: '/live' }))));
    const reload = vi.spyOn(router, 'reload');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const poll = router.poll(2000, { only: ['n'] });
    vi.advanceTimersByTime(4000);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(reload.mock.calls[0]![0]).toMatchObject({ only: ['n'], showProgress: false });
    Object.defineProperty(document, 'hidden', { configurable: true, value: true });
    vi.advanceTimersByTime(2000 * 10);
    expect(reload).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(2000 * 10);
    expect(reload).toHaveBeenCalledTimes(4);
    Object.defineProperty(document, 'hidden', { configurable: true, value: false });
    poll.stop();
    vi.advanceTimersByTime(10_000);
    expect(reload).toHaveBeenCalledTimes(4);
    poll.start();
    vi.advanceTimersByTime(2000);
    expect(reload).toHaveBeenCalledTimes(5);
    poll.stop();
    vi.useRealTimers();
    await vi.waitFor(() => expect(router.page.props.n).toBeGreaterThan(0));
  });

  it('autoStart: false waits for start()', async () => {
    const { router } = await startRouter(page('Dashboard'));
    const reload = vi.spyOn(router, 'reload').mockResolvedValue();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const poll = router.poll(1000, {}, { autoStart: false });
    vi.advanceTimersByTime(5000);
    expect(reload).not.toHaveBeenCalled();
    poll.start();
    vi.advanceTimersByTime(1000);
    expect(reload).toHaveBeenCalledTimes(1);
    poll.stop();
  });
});
