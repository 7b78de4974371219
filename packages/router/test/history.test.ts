import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_SAVE_DEBOUNCE } from '../src/scroll';
import type { HistoryEntry } from '../src/types';
import { nextNavigate, page, pageResponse, server, startRouter, useServer } from './helpers';

useServer();

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const state = () => window.history.state as HistoryEntry;

function pages() {
  server.use(
    http.get('/one', () => pageResponse(page('Users/Index', { n: 1 }, { url: '/one' }))),
    http.get('/two', () => pageResponse(page('Users/Show', { n: 2 }, { url: '/two' }))),
  );
}

describe('history entries', () => {
  it('push {page, scrollRegions, rememberedState} for each visit, replace with replace: true', async () => {
    const { router } = await startRouter(page('Home', {}, { url: '/' }));
    pages();
    const length = window.history.length;
    await router.visit('/one');
    expect(window.history.length).toBe(length + 1);
    expect(state()).toMatchObject({
      page: { component: 'Users/Index', url: '/one' },
      scrollRegions: [],
      rememberedState: {},
    });
    await router.visit('/two', { replace: true });
    expect(window.history.length).toBe(length + 1);
    expect(state().page.url).toBe('/two');
  });

  it('a visit to the current URL replaces the entry instead of pushing', async () => {
    const { router } = await startRouter(page('Users/Index', {}, { url: '/one' }));
    window.history.replaceState(window.history.state, '', '/one');
    pages();
    const length = window.history.length;
    await router.visit('/one');
    expect(window.history.length).toBe(length);
  });

  it('back and forward restore the page from history without a request', async () => {
    const { router } = await startRouter(page('Home', {}, { url: '/' }));
    pages();
    await router.visit('/one');
    await router.visit('/two');
    const requests = vi.fn();
    server.events.on('request:start', requests);
    let shown = nextNavigate();
    window.history.back();
    expect((await shown).component).toBe('Users/Index');
    expect(router.page.props.n).toBe(1);
    shown = nextNavigate();
    window.history.forward();
    expect((await shown).component).toBe('Users/Show');
    server.events.removeAllListeners();
    expect(requests).not.toHaveBeenCalled();
  });

  it('a visit writes history once: no rewrite of an entry that already holds the scroll positions', async () => {
    // Each write copies the whole page (structured clone) and costs Chromium a round trip to the
    // browser process; the positions of an unscrolled page are already in its entry.
    const { router } = await startRouter(page('Home', {}, { url: '/' }));
    pages();
    const push = vi.spyOn(window.history, 'pushState');
    const replace = vi.spyOn(window.history, 'replaceState');
    try {
      await router.visit('/one');
      expect(push).toHaveBeenCalledTimes(1);
      expect(replace).not.toHaveBeenCalled();
      // A scrolled page still has its positions written before it is left.
      window.scrollTo(0, 300);
      await router.visit('/two');
      expect(replace).toHaveBeenCalledTimes(1);
      window.history.back();
      await vi.waitFor(() => expect(state().page.url).toBe('/one'));
      expect(state().documentScrollPosition).toEqual({ top: 300, left: 0 });
    } finally {
      push.mockRestore();
      replace.mockRestore();
    }
  });

  it('a restored entry written with another asset version is fetched again', async () => {
    const { router } = await startRouter(page('Home', {}, { url: '/', version: 'v2' }));
    server.use(
      http.get('/old', () =>
        pageResponse(page('Dashboard', { fresh: true }, { url: '/old', version: 'v2' })),
      ),
    );
    window.history.pushState(
      {
        page: page('Dashboard', { fresh: false }, { url: '/old', version: 'v1' }),
        scrollRegions: [],
        rememberedState: {},
        id: 'x',
        documentScrollPosition: { top: 0, left: 0 },
      },
      '',
      '/old',
    );
    window.history.pushState(state(), '', '/');
    window.history.back();
    await vi.waitFor(() => expect(router.page.props.fresh).toBe(true));
  });
});

describe('remembered state', () => {
  it('remember/restore write to the current entry and come back on back/forward', async () => {
    const { router } = await startRouter(page('Home', {}, { url: '/' }));
    pages();
    await router.visit('/one');
    router.remember({ q: 'gpu' }, 'filters');
    expect(router.restore('filters')).toEqual({ q: 'gpu' });
    await router.visit('/two');
    expect(router.restore('filters')).toBeUndefined();
    const shown = nextNavigate();
    window.history.back();
    await shown;
    expect(router.restore('filters')).toEqual({ q: 'gpu' });
  });

  it('a write tagged with another entry id is dropped', async () => {
    const { router } = await startRouter(page('Home', {}, { url: '/' }));
    pages();
    await router.visit('/one');
    const oldEntry = router.entryId!;
    await router.visit('/two');
    router.remember('late', 'k', oldEntry);
    expect(router.restore('k')).toBeUndefined();
  });

  it('a new visit to a page starts with empty remembered state', async () => {
    const { router } = await startRouter(page('Home', {}, { url: '/' }));
    pages();
    await router.visit('/one');
    router.remember('x', 'k');
    await router.visit('/two');
    await router.visit('/one');
    expect(router.restore('k')).toBeUndefined();
  });
});

describe('scroll', () => {
  it('saves document and [scroll-region] positions with a 100 ms debounce', async () => {
    expect(SCROLL_SAVE_DEBOUNCE).toBe(100);
    document.body.innerHTML = '<div scroll-region id="r1"></div><div scroll-region id="r2"></div>';
    await startRouter(page('Home', {}, { url: '/' }));
    vi.useFakeTimers();
    const r2 = document.getElementById('r2')!;
    r2.scrollTop = 120;
    r2.dispatchEvent(new Event('scroll'));
    window.scrollTo(0, 300);
    document.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(99);
    expect(state().scrollRegions[1]).toEqual({ top: 0, left: 0 });
    expect(state().documentScrollPosition).toEqual({ top: 0, left: 0 });
    vi.advanceTimersByTime(1);
    expect(state().scrollRegions).toEqual([
      { top: 0, left: 0 },
      { top: 120, left: 0 },
    ]);
    expect(state().documentScrollPosition).toEqual({ top: 300, left: 0 });
  });

  it('resets to the top on a new page, to #anchor when the URL has one, keeps it with preserveScroll', async () => {
    document.body.innerHTML = '<div scroll-region id="r"></div><h2 id="faq" data-offset-top="800"></h2>';
    const { router } = await startRouter(page('Home', {}, { url: '/' }));
    pages();
    const region = document.getElementById('r')!;
    region.scrollTop = 50;
    window.scrollTo(0, 400);
    await router.visit('/one');
    expect(window.scrollY).toBe(0);
    expect(region.scrollTop).toBe(0);
    await router.visit('/two#faq');
    expect(window.scrollY).toBe(800);
    window.scrollTo(0, 123);
    region.scrollTop = 77;
    await router.visit('/one', { preserveScroll: true });
    expect(window.scrollY).toBe(123);
    expect(region.scrollTop).toBe(77);
  });
});

describe('in-page anchors', () => {
  it('an #anchor jump on the page (an entry without router state) keeps the page and scrolls to the anchor', async () => {
    document.body.innerHTML = '<h2 id="pricing" data-offset-top="640"></h2>';
    const { router, swaps } = await startRouter(page('Home', { n: 1 }, { url: '/' }));
    const shown = nextNavigate();
    window.history.pushState(null, '', '/#pricing');
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    await shown;
    expect(router.page).toMatchObject({ component: 'Home', url: '/#pricing', props: { n: 1 } });
    expect(swaps.at(-1)!.preserveState).toBe(true);
    expect(window.scrollY).toBe(640);
    expect((window.history.state as HistoryEntry).page.url).toBe('/#pricing');
  });

  it('Back to such an entry from another page asks the server for it', async () => {
    const { router } = await startRouter(page('Home', {}, { url: '/' }));
    window.history.pushState(null, '', '/#faq');
    pages();
    server.use(http.get('/', () => pageResponse(page('Home', { fresh: true }, { url: '/' }))));
    await router.visit('/one');
    window.history.back();
    await vi.waitFor(() => expect(router.page.props.fresh).toBe(true));
    expect(window.location.hash).toBe('#faq');
  });
});
