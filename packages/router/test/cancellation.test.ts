import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { deferred, page, pageResponse, server, startRouter, useServer } from './helpers';

useServer();

describe('one sync visit at a time', () => {
  it('a new visit cancels the one in flight; the old answer never shows', async () => {
    const { router } = await startRouter(page('Home'));
    const slow = deferred();
    server.use(
      http.get('/slow', async () => {
        await slow.promise;
        return pageResponse(page('Users/Index', {}, { url: '/slow' }));
      }),
      http.get('/fast', () => pageResponse(page('Dashboard', {}, { url: '/fast' }))),
    );
    const onCancel = vi.fn();
    const onFinish = vi.fn();
    const first = router.visit('/slow', { onCancel, onFinish });
    await new Promise((r) => setTimeout(r, 5));
    const second = router.visit('/fast');
    slow.resolve();
    await Promise.all([first, second]);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onFinish.mock.calls[0]![0]).toMatchObject({
      cancelled: true,
      interrupted: true,
      completed: false,
    });
    expect(router.page.component).toBe('Dashboard');
    expect(window.location.pathname).toBe('/fast');
  });

  it('the cancel token aborts the visit: onCancel and onFinish run, the page stays', async () => {
    const { router, swaps } = await startRouter(page('Home'));
    server.use(
      http.get('/slow', async () => {
        await delay(50);
        return pageResponse(page('Users/Index', {}, { url: '/slow' }));
      }),
    );
    const calls: string[] = [];
    await router.visit('/slow', {
      onCancelToken: (token) => setTimeout(token.cancel, 5),
      onCancel: () => calls.push('cancel'),
      onFinish: () => calls.push('finish'),
      onSuccess: () => {
        calls.push('success');
      },
    });
    expect(calls).toEqual(['cancel', 'finish']);
    expect(router.page.component).toBe('Home');
    expect(swaps).toHaveLength(1);
  });

  it('a rapid double submit is sent once', async () => {
    const { router } = await startRouter(page('Home'));
    const hits = vi.fn();
    server.use(
      http.post('/orders', async () => {
        hits();
        await delay(20);
        return pageResponse(page('Dashboard', {}, { url: '/orders' }));
      }),
    );
    await Promise.all([router.post('/orders', { plan: 1 }), router.post('/orders', { plan: 1 })]);
    expect(hits).toHaveBeenCalledTimes(1);
    expect(router.page.component).toBe('Dashboard');
  });

  it('two different submits are both sent (the first cancelled on the client)', async () => {
    const { router } = await startRouter(page('Home'));
    const hits = vi.fn();
    server.use(
      http.post('/orders', async () => {
        hits();
        await delay(20);
        return pageResponse(page('Dashboard', {}, { url: '/orders' }));
      }),
    );
    await Promise.all([router.post('/orders', { plan: 1 }), router.post('/orders', { plan: 2 })]);
    expect(hits).toHaveBeenCalledTimes(2);
  });
});

describe('async visits', () => {
  it('run alongside a sync visit without cancelling it or each other', async () => {
    const { router } = await startRouter(page('Dashboard', { a: 0, b: 0 }, { url: '/dash' }));
    server.use(
      http.get('/dash', async ({ request }) => {
        const only = request.headers.get('x-inertia-partial-data');
        await delay(only === 'a' ? 30 : 10);
        return pageResponse(page('Dashboard', only ? { [only]: 1 } : { a: 9, b: 9 }, { url: '/dash' }));
      }),
    );
    const cancelled = vi.fn();
    await Promise.all([
      router.reload({ only: ['a'], onCancel: cancelled }),
      router.reload({ only: ['b'], onCancel: cancelled }),
    ]);
    expect(cancelled).not.toHaveBeenCalled();
    expect(router.page.props).toMatchObject({ a: 1, b: 1 });
  });

  it('a late async answer never replaces a page the user has left', async () => {
    const { router } = await startRouter(page('Dashboard', { stats: null }, { url: '/dash' }));
    const late = deferred();
    server.use(
      http.get('/dash', async () => {
        await late.promise;
        return pageResponse(page('Dashboard', { stats: 42 }, { url: '/dash' }));
      }),
      http.get('/users', () => pageResponse(page('Users/Index', {}, { url: '/users' }))),
    );
    const reload = router.reload({ only: ['stats'] });
    await router.visit('/users');
    late.resolve();
    await reload;
    expect(router.page.component).toBe('Users/Index');
    expect(window.location.pathname).toBe('/users');
  });

  it('an async answer is dropped even when the network ignores the abort', async () => {
    const { router } = await startRouter(page('Dashboard', { stats: null }, { url: '/dash2' }));
    const onSuccess = vi.fn();
    const navigateListener = vi.fn();
    // Simulate a reload that completes after the page changed without going through abort.
    server.use(
      http.get('/dash2', async () => {
        await delay(30);
        return pageResponse(page('Dashboard', { stats: 1 }, { url: '/dash2' }));
      }),
    );
    const reload = router.reload({ only: ['stats'], onSuccess });
    await router.setPage(page('Users/Index', {}, { url: '/elsewhere' }));
    const stop = router.on('navigate', navigateListener);
    await reload;
    stop();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(navigateListener).not.toHaveBeenCalled();
    expect(router.page.component).toBe('Users/Index');
  });

  it('cancelAll stops sync and async visits', async () => {
    const { router } = await startRouter(page('Dashboard', {}, { url: '/d' }));
    server.use(
      http.get('/d', async () => {
        await delay(50);
        return pageResponse(page('Dashboard', {}, { url: '/d' }));
      }),
      http.get('/u', async () => {
        await delay(50);
        return new HttpResponse('x');
      }),
    );
    const onCancel = vi.fn();
    const all = Promise.all([router.reload({ onCancel }), router.visit('/u', { onCancel })]);
    await delay(5);
    router.cancelAll();
    await all;
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
