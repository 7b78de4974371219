import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { page, pageResponse, server, startRouter, useServer } from './helpers';

useServer();

function captureHeaders() {
  const seen: Headers[] = [];
  return { seen, record: (request: Request) => seen.push(request.headers) };
}

describe('request headers', () => {
  it('sends the Inertia headers, the version and the XSRF cookie on every visit', async () => {
    const { router } = await startRouter(page('Home', {}, { version: 'v1' }));
    // biome-ignore lint/suspicious/noDocumentCookie: the XSRF cookie is what is under test
    document.cookie = 'XSRF-TOKEN=abc%3D%3D';
    const { seen, record } = captureHeaders();
    server.use(
      http.get('/users', ({ request }) => {
        record(request);
        return pageResponse(page('Users/Index', {}, { url: '/users', version: 'v1' }));
      }),
    );
    await router.visit('/users');
    const headers = seen[0]!;
    expect(headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(headers.get('x-inertia')).toBe('true');
    expect(headers.get('accept')).toBe('text/html, application/xhtml+xml');
    expect(headers.get('x-inertia-version')).toBe('v1');
    expect(headers.get('x-xsrf-token')).toBe('abc==');
    expect(headers.get('x-inertia-partial-component')).toBeNull();
    // biome-ignore lint/suspicious/noDocumentCookie: the XSRF cookie is what is under test
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('omits X-Inertia-Version when the page has none, and X-XSRF-TOKEN without the cookie', async () => {
    const { router } = await startRouter(page('Home'));
    const { seen, record } = captureHeaders();
    server.use(
      http.get('/users', ({ request }) => {
        record(request);
        return pageResponse(page('Users/Index', {}, { url: '/users' }));
      }),
    );
    await router.visit('/users');
    expect(seen[0]!.get('x-inertia-version')).toBeNull();
    expect(seen[0]!.get('x-xsrf-token')).toBeNull();
  });

  it('sends partial reload headers naming the current component', async () => {
    const { router } = await startRouter(page('Users/Index', { users: [1], stats: 1 }, { url: '/users' }));
    const { seen, record } = captureHeaders();
    server.use(
      http.get('/users', ({ request }) => {
        record(request);
        return pageResponse(page('Users/Index', { users: [2] }, { url: '/users' }));
      }),
    );
    await router.reload({ only: ['users', 'filters'] });
    await router.reload({ except: ['stats'] });
    expect(seen[0]!.get('x-inertia-partial-component')).toBe('Users/Index');
    expect(seen[0]!.get('x-inertia-partial-data')).toBe('users,filters');
    expect(seen[0]!.get('cache-control')).toBe('no-cache');
    expect(seen[1]!.get('x-inertia-partial-except')).toBe('stats');
    expect(router.page.props.stats).toBe(1);
    expect(router.page.props.users).toEqual([2]);
  });

  it('sends the error bag header', async () => {
    const { router } = await startRouter(page('Users/Edit', {}, { url: '/users/1/edit' }));
    const { seen, record } = captureHeaders();
    server.use(
      http.put('/users/1', ({ request }) => {
        record(request);
        return pageResponse(
          page('Users/Edit', { errors: { profile: { name: 'نام الزامی است' } } }, { url: '/users/1/edit' }),
        );
      }),
    );
    const onError = vi.fn();
    const onSuccess = vi.fn();
    await router.put('/users/1', { name: '' }, { errorBag: 'profile', onError, onSuccess });
    expect(seen[0]!.get('x-inertia-error-bag')).toBe('profile');
    expect(onError).toHaveBeenCalledWith({ name: 'نام الزامی است' });
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('passes custom headers through', async () => {
    const { router } = await startRouter(page('Home'));
    const { seen, record } = captureHeaders();
    server.use(
      http.get('/x', ({ request }) => {
        record(request);
        return pageResponse(page('Home', {}, { url: '/x' }));
      }),
    );
    await router.visit('/x', { headers: { 'X-Custom': 'yes' } });
    expect(seen[0]!.get('x-custom')).toBe('yes');
  });
});

describe('methods and bodies', () => {
  it('puts GET data in the query string with the qs brackets format', async () => {
    const { router } = await startRouter(page('Home'));
    let url = '';
    server.use(
      http.get('/search', ({ request }) => {
        url = request.url;
        return pageResponse(page('Home', {}, { url: '/search' }));
      }),
    );
    await router.get('/search?page=2', { q: 'رندر', tags: ['a', 'b'], filter: { gpu: 'rtx' } });
    const search = new URL(url).search;
    expect(decodeURIComponent(search)).toBe('?page=2&q=رندر&tags[]=a&tags[]=b&filter[gpu]=rtx');
  });

  it('sends real PUT/PATCH/DELETE with a JSON body and no _method spoofing', async () => {
    const { router } = await startRouter(page('Home'));
    const seen: { method: string; type: string | null; body: string }[] = [];
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      server.use(
        http[method]('/items/1', async ({ request }) => {
          seen.push({
            method: request.method,
            type: request.headers.get('content-type'),
            body: await request.text(),
          });
          return pageResponse(page('Home', {}, { url: '/' }));
        }),
      );
    }
    await router.post('/items/1', { a: 1 });
    await router.put('/items/1', { a: 2 });
    await router.patch('/items/1', { a: 3 });
    await router.delete('/items/1', { data: { a: 4 } });
    expect(seen.map((s) => s.method)).toEqual(['POST', 'PUT', 'PATCH', 'DELETE']);
    expect(seen.every((s) => s.type === 'application/json')).toBe(true);
    expect(seen.map((s) => JSON.parse(s.body).a)).toEqual([1, 2, 3, 4]);
    expect(seen.some((s) => s.body.includes('_method'))).toBe(false);
  });

  it('sends multipart FormData when the data holds a file, and reports upload progress', async () => {
    const { router } = await startRouter(page('Home'));
    let fields: [string, FormDataEntryValue][] = [];
    server.use(
      http.post('/upload', async ({ request }) => {
        fields = [...(await request.formData()).entries()];
        return pageResponse(page('Home'));
      }),
    );
    const onProgress = vi.fn();
    const progressEvents = vi.fn();
    const stop = router.on('progress', progressEvents);
    await router.post(
      '/upload',
      { avatar: new File(['x'.repeat(100)], 'a.png'), meta: { public: true, tags: ['x'] } },
      { onProgress },
    );
    stop();
    expect(fields.map(([key]) => key)).toEqual(['avatar', 'meta[public]', 'meta[tags][0]']);
    expect(fields[1]![1]).toBe('1');
    expect(onProgress).toHaveBeenCalled();
    expect(onProgress.mock.calls[0]![0]).toMatchObject({
      loaded: expect.any(Number),
      percentage: expect.any(Number),
    });
    expect(progressEvents).toHaveBeenCalled();
  });

  it('forceFormData sends multipart without files', async () => {
    const { router } = await startRouter(page('Home'));
    let type = '';
    server.use(
      http.post('/f', ({ request }) => {
        type = request.headers.get('content-type') ?? '';
        return pageResponse(page('Home'));
      }),
    );
    await router.post('/f', { a: 1 }, { forceFormData: true });
    expect(type).toMatch(/^multipart\/form-data/);
  });
});

describe('no request timeout', () => {
  it('a slow answer is waited for: the client never gives up on its own', async () => {
    const { router } = await startRouter(page('Home'));
    server.use(
      http.get('/slow', async () => {
        await new Promise((r) => setTimeout(r, 1200));
        return pageResponse(page('Dashboard', {}, { url: '/slow' }));
      }),
    );
    const onCancel = vi.fn();
    await router.visit('/slow', { onCancel });
    expect(onCancel).not.toHaveBeenCalled();
    expect(router.page.component).toBe('Dashboard');
  });
});

describe('responses', () => {
  it('follows a 303 redirect after a PUT with a GET and shows the final page', async () => {
    const { router } = await startRouter(page('Users/Edit', {}, { url: '/users/1/edit' }));
    const methods: string[] = [];
    server.use(
      http.put('/users/1', ({ request }) => {
        methods.push(request.method);
        return new HttpResponse(null, { status: 303, headers: { Location: '/users/1' } });
      }),
      http.get('/users/1', ({ request }) => {
        methods.push(request.method);
        return pageResponse(page('Users/Show', { id: 1 }, { url: '/users/1' }));
      }),
    );
    await router.put('/users/1', { name: 'x' });
    expect(methods).toEqual(['PUT', 'GET']);
    expect(router.page.component).toBe('Users/Show');
    expect(window.location.pathname).toBe('/users/1');
  });

  it('a 409 with X-Inertia-Location makes a full page visit', async () => {
    const { router } = await startRouter(page('Home', {}, { version: 'old' }));
    const hard = vi.spyOn(router, 'hardVisit').mockImplementation(() => {});
    server.use(
      http.get(
        '/users',
        () =>
          new HttpResponse(null, {
            status: 409,
            headers: { 'X-Inertia-Location': 'http://localhost:3000/users' },
          }),
      ),
    );
    await router.visit('/users');
    expect(hard).toHaveBeenCalledWith('http://localhost:3000/users');
    expect(router.page.component).toBe('Home');
  });

  it('keeps the hash of the request when the response URL has none', async () => {
    const { router } = await startRouter(page('Home'));
    server.use(http.get('/docs', () => pageResponse(page('Home', {}, { url: '/docs' }))));
    await router.visit('/docs#install');
    expect(router.page.url).toBe('/docs#install');
    expect(window.location.hash).toBe('#install');
  });

  it('a 4xx/5xx that is a page object is shown as a page', async () => {
    const { router } = await startRouter(page('Home'));
    server.use(
      http.get('/missing', () =>
        pageResponse(page('Dashboard', { status: 404 }, { url: '/missing' }), { status: 404 }),
      ),
    );
    await router.visit('/missing');
    expect(router.page.component).toBe('Dashboard');
  });
});

describe('callbacks and events', () => {
  it('runs callbacks and global events in order', async () => {
    const { router } = await startRouter(page('Home'));
    server.use(http.get('/users', () => pageResponse(page('Users/Index', {}, { url: '/users' }))));
    const order: string[] = [];
    const stops = (['before', 'start', 'navigate', 'success', 'finish'] as const).map((name) =>
      router.on(name, () => {
        order.push(`event:${name}`);
      }),
    );
    await router.visit('/users', {
      onCancelToken: () => order.push('onCancelToken'),
      onBefore: () => {
        order.push('onBefore');
      },
      onStart: () => order.push('onStart'),
      onSuccess: () => {
        order.push('onSuccess');
      },
      onFinish: () => order.push('onFinish'),
    });
    for (const stop of stops) stop();
    expect(order).toEqual([
      'onBefore',
      'event:before',
      'onCancelToken',
      'onStart',
      'event:start',
      'event:navigate',
      'event:success',
      'onSuccess',
      'onFinish',
      'event:finish',
    ]);
  });

  it('onBefore returning false, or a before listener returning false, stops the visit', async () => {
    const { router } = await startRouter(page('Home'));
    const hit = vi.fn(() => pageResponse(page('Users/Index')));
    server.use(http.get('/users', hit));
    await router.visit('/users', { onBefore: () => false });
    const stop = router.on('before', () => false);
    await router.visit('/users');
    stop();
    expect(hit).not.toHaveBeenCalled();
    expect(router.page.component).toBe('Home');
  });

  it('on() returns an unsubscribe function', async () => {
    const { router } = await startRouter(page('Home'));
    server.use(http.get('/a', () => pageResponse(page('Home', {}, { url: '/a' }))));
    const listener = vi.fn();
    const stop = router.on('navigate', listener);
    await router.visit('/a');
    stop();
    await router.visit('/a');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('validation errors call onError and fire "error" with props.errors', async () => {
    const { router } = await startRouter(page('Login', {}, { url: '/login' }));
    server.use(
      http.post('/login', () => new HttpResponse(null, { status: 303, headers: { Location: '/login' } })),
      http.get('/login', () =>
        pageResponse(page('Login', { errors: { email: 'ایمیل نامعتبر است' } }, { url: '/login' })),
      ),
    );
    const errorEvent = vi.fn();
    const stop = router.on('error', errorEvent);
    const onError = vi.fn();
    await router.post('/login', { email: 'x' }, { onError });
    stop();
    expect(onError).toHaveBeenCalledWith({ email: 'ایمیل نامعتبر است' });
    expect(errorEvent.mock.calls[0]![0].detail.errors).toEqual({ email: 'ایمیل نامعتبر است' });
    expect(router.page.props.errors).toEqual({ email: 'ایمیل نامعتبر است' });
  });

  it('router.visit accepts uppercase methods and preserveState as a function of the page', async () => {
    const { router, swaps } = await startRouter(page('Users/Edit', {}, { url: '/u' }));
    server.use(
      http.post('/u', () => pageResponse(page('Users/Edit', { errors: { a: 'b' } }, { url: '/u' }))),
    );
    const decide = vi.fn((p) => Object.keys(p.props.errors).length > 0);
    await router.visit('/u', { method: 'POST', preserveState: decide });
    expect(decide).toHaveBeenCalled();
    expect(swaps.at(-1)!.preserveState).toBe(true);
  });
});
