// inertiajs/inertia#1698: Back did not restore scroll when the previous page's component loaded
// asynchronously: the position was applied before the page was rendered (still short), so it
// was clamped to the top. Here the position is applied only after the adapter says the page is
// on screen.
import { http } from 'msw';
import { expect, it } from 'vitest';
import { Router } from '../../src/router';
import { nextNavigate, page, pageResponse, server, useServer } from '../helpers';

useServer();

it('inertiajs/inertia#1698: scroll is restored after the asynchronously loaded page has rendered', async () => {
  const router = new Router();
  let rendered = 'Home';
  const scrolledWhileRendered: string[] = [];
  const realScrollTo = window.scrollTo;
  window.scrollTo = ((x: number, y: number) => {
    scrolledWhileRendered.push(`${rendered}@${y}`);
    realScrollTo.call(window, x, y);
  }) as typeof window.scrollTo;
  await router.init({
    initialPage: page('Feed', {}, { url: '/feed' }),
    // A lazily loaded chunk for every page.
    resolveComponent: async (name) => {
      await new Promise((r) => setTimeout(r, 15));
      return name;
    },
    swapComponent: async ({ page: next }) => {
      await new Promise((r) => setTimeout(r, 15));
      rendered = next.component;
    },
  });
  window.history.replaceState(window.history.state, '', '/feed');
  server.use(http.get('/article', () => pageResponse(page('Article', {}, { url: '/article' }))));
  window.scrollTo(0, 1500);
  await router.visit('/article');
  scrolledWhileRendered.length = 0;
  const shown = nextNavigate();
  window.history.back();
  await shown;
  expect(scrolledWhileRendered).toEqual(['Feed@1500']);
  expect(window.scrollY).toBe(1500);
  router.dispose();
  window.scrollTo = realScrollTo;
});
