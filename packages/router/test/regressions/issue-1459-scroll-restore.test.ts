// inertiajs/inertia#1459: the document's scroll position was randomly lost on Back (mostly in
// Firefox). Causes: the browser's own scroll restoration racing the client's, and positions that
// were only saved by a debounced scroll listener, so a click soon after scrolling lost them.
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { nextNavigate, page, pageResponse, server, startRouter, useServer } from '../helpers';

useServer();

describe('inertiajs/inertia#1459: scroll restored on back/forward', () => {
  it('turns off the browser scroll restoration so only one restore happens', async () => {
    await startRouter(page('Home'));
    expect(window.history.scrollRestoration).toBe('manual');
  });

  it('a click right after scrolling (inside the 100 ms debounce) still restores on Back and Forward', async () => {
    const { router } = await startRouter(page('Users/Index', {}, { url: '/posts' }));
    window.history.replaceState(window.history.state, '', '/posts');
    server.use(http.get('/posts/7', () => pageResponse(page('Users/Show', {}, { url: '/posts/7' }))));
    window.scrollTo(0, 640);
    document.dispatchEvent(new Event('scroll'));
    await router.visit('/posts/7');
    expect(window.scrollY).toBe(0);
    window.scrollTo(0, 90);
    document.dispatchEvent(new Event('scroll'));

    let shown = nextNavigate();
    window.history.back();
    await shown;
    expect(window.scrollY).toBe(640);

    shown = nextNavigate();
    window.history.forward();
    await shown;
    expect(window.scrollY).toBe(90);
  });
});
