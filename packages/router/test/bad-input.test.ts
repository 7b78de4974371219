import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidResponseError, NetworkError, PageNotFoundError } from '../src/errors';
import { readInitialPage } from '../src/initial-page';
import { page, pageResponse, server, startRouter, useServer } from './helpers';

useServer();

const overlay = () => document.getElementById('rf-overlay');
const iframe = () => overlay()?.querySelector('iframe') as HTMLIFrameElement | null;

afterEach(() => {
  overlay()?.remove();
  document.body.style.overflow = '';
  vi.restoreAllMocks();
});

function quietConsole() {
  return vi.spyOn(console, 'error').mockImplementation(() => {});
}

describe('non-page responses open the overlay', () => {
  it('a 500 HTML page is shown in a sandboxed iframe over a dimmed backdrop; the page stays', async () => {
    quietConsole();
    const { router } = await startRouter(page('Home'));
    server.use(
      http.get('/boom', () =>
        HttpResponse.html('<html><head></head><body><h1>Server Error</h1></body></html>', { status: 500 }),
      ),
    );
    const invalid = vi.fn();
    const stop = router.on('invalid', invalid);
    await router.visit('/boom');
    stop();
    expect(overlay()).not.toBeNull();
    expect(overlay()!.style.background).toMatch(/rgba\(0, 0, 0, 0\.6\)/);
    expect(iframe()!.getAttribute('sandbox')).toBe('allow-scripts');
    expect(iframe()!.srcdoc).toContain('<h1>Server Error</h1>');
    expect(iframe()!.srcdoc).toContain('<base target="_top">');
    expect(invalid.mock.calls[0]![0].detail.error).toBeInstanceOf(InvalidResponseError);
    expect(invalid.mock.calls[0]![0].detail.error.code).toBe('NOT_INERTIA');
    expect(router.page.component).toBe('Home');
    expect(window.location.pathname).toBe('/');
  });

  it('locks page scrolling while open; a click outside closes it and restores scrolling', async () => {
    quietConsole();
    const { router } = await startRouter(page('Home'));
    document.body.style.overflow = 'auto';
    server.use(http.get('/json', () => HttpResponse.json({ ok: true })));
    await router.visit('/json');
    expect(document.body.style.overflow).toBe('hidden');
    expect(iframe()!.srcdoc).toContain('<pre>');
    expect(iframe()!.srcdoc).toContain('{"ok":true}');
    iframe()!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(overlay()).not.toBeNull();
    overlay()!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(overlay()).toBeNull();
    expect(document.body.style.overflow).toBe('auto');
  });

  it('a text body is escaped: markup in it is shown, never run', async () => {
    quietConsole();
    const { router } = await startRouter(page('Home'));
    server.use(http.get('/t', () => HttpResponse.text('<img src=x onerror=alert(1)>', { status: 500 })));
    await router.visit('/t');
    expect(iframe()!.srcdoc).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('Escape closes it', async () => {
    quietConsole();
    const { router } = await startRouter(page('Home'));
    server.use(http.get('/text', () => HttpResponse.text('plain text', { status: 200 })));
    await router.visit('/text');
    expect(iframe()!.srcdoc).toContain('plain text');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(overlay()).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('an "invalid" listener returning false keeps the overlay closed', async () => {
    quietConsole();
    const { router } = await startRouter(page('Home'));
    server.use(http.get('/boom', () => HttpResponse.html('<p>x</p>', { status: 500 })));
    const stop = router.on('invalid', () => false);
    await router.visit('/boom');
    stop();
    expect(overlay()).toBeNull();
  });
});

describe('bad input', () => {
  it('malformed JSON with X-Inertia: overlay with the raw body, MALFORMED_JSON, page kept', async () => {
    const error = quietConsole();
    const { router } = await startRouter(page('Home'));
    server.use(
      http.get(
        '/bad',
        () =>
          new HttpResponse('{"component": "Users/Index", "props": ', {
            headers: { 'X-Inertia': 'true', 'Content-Type': 'application/json' },
          }),
      ),
    );
    const onFinish = vi.fn();
    await router.visit('/bad', { onFinish });
    expect((error.mock.calls[0]![0] as InvalidResponseError).code).toBe('MALFORMED_JSON');
    expect(iframe()!.srcdoc).toContain('MALFORMED_JSON');
    expect(router.page.component).toBe('Home');
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('a page object without component: overlay, INVALID_PAGE, page kept', async () => {
    const error = quietConsole();
    const { router } = await startRouter(page('Home'));
    server.use(
      http.get('/nocomp', () => pageResponse({ props: {}, url: '/nocomp', version: null } as never)),
    );
    await router.visit('/nocomp');
    expect((error.mock.calls[0]![0] as InvalidResponseError).code).toBe('INVALID_PAGE');
    expect(overlay()).not.toBeNull();
    expect(router.page.component).toBe('Home');
  });

  it('a network drop fires "exception", shows a Persian/English notice and keeps the page', async () => {
    quietConsole();
    const { router } = await startRouter(page('Home'));
    server.use(http.get('/down', () => HttpResponse.error()));
    const exception = vi.fn();
    const stop = router.on('exception', exception);
    const onFinish = vi.fn();
    await router.visit('/down', { onFinish });
    stop();
    expect(exception.mock.calls[0]![0].detail.exception).toBeInstanceOf(NetworkError);
    expect(exception.mock.calls[0]![0].detail.exception.code).toBe('NETWORK_ERROR');
    expect(iframe()!.srcdoc).toContain('اتصال به سرور برقرار نشد');
    expect(onFinish).toHaveBeenCalledTimes(1);
    expect(router.page.component).toBe('Home');
  });

  it('an aborted visit calls onCancel and onFinish only, with no overlay and no events of failure', async () => {
    const { router } = await startRouter(page('Home'));
    server.use(http.get('/slow', () => new Promise<Response>(() => {})));
    const failures = vi.fn();
    const stops = [
      router.on('exception', failures),
      router.on('invalid', failures),
      router.on('error', failures),
    ];
    const onCancel = vi.fn();
    const visit = router.visit('/slow', { onCancel });
    router.cancelAll();
    await visit;
    for (const stop of stops) stop();
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(failures).not.toHaveBeenCalled();
    expect(overlay()).toBeNull();
  });

  it('an unknown component renders «Page not found» through the adapter and names it in the console', async () => {
    const error = quietConsole();
    const { router, swaps } = await startRouter(page('Home'));
    server.use(http.get('/ghost', () => pageResponse(page('Admin/Ghost', {}, { url: '/ghost' }))));
    await router.visit('/ghost');
    const last = swaps.at(-1)!;
    expect(last.error).toBeInstanceOf(PageNotFoundError);
    expect(last.error!.message).toBe('Page not found: Admin/Ghost');
    expect(last.component).toBeUndefined();
    expect(String(error.mock.calls[0]![0])).toContain('Page not found: Admin/Ghost');
    expect(router.page.component).toBe('Admin/Ghost');
  });

  it('a resolver that throws is reported as «Page not found» too', async () => {
    quietConsole();
    const { Router } = await import('../src/router');
    const router = new Router();
    const swaps: unknown[] = [];
    await router.init({
      initialPage: page('Broken'),
      resolveComponent: () => Promise.reject(new Error('chunk failed')),
      swapComponent: (r) => {
        swaps.push(r);
      },
    });
    router.dispose();
    expect((swaps[0] as { error: PageNotFoundError }).error.code).toBe('PAGE_NOT_FOUND');
  });
});

describe('initial page in the HTML shell', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('reads <script data-page="app" type="application/json"> with escaped slashes', () => {
    document.body.innerHTML = `<script data-page="app" type="application/json">{"component":"Home","props":{"html":"<\\/script>"},"url":"\\/fa\\/","version":"1"}</script><div id="app"></div>`;
    const initial = readInitialPage();
    expect(initial).toMatchObject({
      component: 'Home',
      url: '/fa/',
      props: { html: '</script>', errors: {} },
    });
  });

  it('falls back to the v2 data-page attribute on #app', () => {
    const div = document.createElement('div');
    div.id = 'app';
    div.dataset.page = JSON.stringify({ component: 'Login', props: {}, url: '/login', version: null });
    document.body.append(div);
    expect(readInitialPage().component).toBe('Login');
  });

  it('throws InitialPageError for a missing, malformed or component-less page', () => {
    expect(() => readInitialPage()).toThrow(/none in the document/);
    document.body.innerHTML = '<script data-page="app" type="application/json">{oops</script>';
    expect(() => readInitialPage()).toThrow(/not a page object/);
    document.body.innerHTML = '<script data-page="app" type="application/json">{"props":{}}</script>';
    expect(() => readInitialPage()).toThrow(/not a page object/);
    expect(() => readInitialPage()).toThrow(expect.objectContaining({ code: 'INITIAL_PAGE' }));
  });
});
