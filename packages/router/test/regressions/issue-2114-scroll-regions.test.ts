// inertiajs/inertia#2114 (fixed upstream by PR #2627): with preserveScroll, nested [scroll-region]
// containers jumped back to the top because the swap re-created them after the positions were
// applied. Here regions are read before the swap and written back after it, matched by order.
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Router } from '../../src/router';
import { nextNavigate, page, pageResponse, server, useServer } from '../helpers';

useServer();

/** An adapter that re-creates the layout (and its scroll regions) on every swap, like a re-mount. */
function renderLayout() {
  document.body.innerHTML = '<aside scroll-region></aside><main scroll-region></main>';
}

const [sidebar, content] = [() => document.querySelector('aside')!, () => document.querySelector('main')!];

describe('inertiajs/inertia#2114: scroll regions', () => {
  it('preserveScroll keeps every region where it was even when the swap re-creates them', async () => {
    const router = new Router();
    renderLayout();
    await router.init({
      initialPage: page('Inbox', {}, { url: '/inbox' }),
      resolveComponent: (n) => n,
      swapComponent: renderLayout,
    });
    server.use(http.get('/inbox', () => pageResponse(page('Inbox', { more: true }, { url: '/inbox' }))));
    sidebar().scrollTop = 300;
    content().scrollTop = 1200;
    await router.visit('/inbox', { preserveScroll: true, data: { page: 2 } });
    expect(sidebar().scrollTop).toBe(300);
    expect(content().scrollTop).toBe(1200);
    router.dispose();
  });

  it('without preserveScroll regions start at the top, and Back brings their positions back', async () => {
    const router = new Router();
    renderLayout();
    await router.init({
      initialPage: page('Inbox', {}, { url: '/list' }),
      resolveComponent: (n) => n,
      swapComponent: renderLayout,
    });
    window.history.replaceState(window.history.state, '', '/list');
    server.use(http.get('/item', () => pageResponse(page('Item', {}, { url: '/item' }))));
    sidebar().scrollTop = 40;
    content().scrollTop = 900;
    await router.visit('/item');
    expect(sidebar().scrollTop).toBe(0);
    expect(content().scrollTop).toBe(0);
    const shown = nextNavigate();
    window.history.back();
    await shown;
    expect(sidebar().scrollTop).toBe(40);
    expect(content().scrollTop).toBe(900);
    router.dispose();
  });
});
