import { createApp, type Page, type PageComponent, router } from '@renderfarm/react';
import { cleanup, type queries, render } from '@testing-library/react';
import { createElement } from 'react';

export interface RenderAppOptions {
  /** The URL of the first load (default `/`); the mock server must answer it with a page. */
  url?: string;
  /** Page components by name, or a resolver as given to createApp. */
  pages: Record<string, PageComponent> | ((name: string) => unknown);
  title?: (title: string) => string;
}

type RenderResult = ReturnType<typeof render>;

export interface RenderedApp extends RenderResult {
  /** The router the app visits with (the one `@renderfarm/react` exports). */
  router: typeof router;
  /** The page on screen now. */
  page(): Page;
}

/**
 * Mounts the app as a browser would: a first load of `url` from the mock server (the HTML shell
 * with the page JSON, read by the real createApp), rendered by React Testing Library into the
 * shell's `#app`. Visits then go through the real router to the mock. Call `cleanupApp()` after
 * each test. Visits re-render outside act(), as in a browser: wait with findBy/waitFor.
 */
export async function renderApp({ url = '/', pages, title }: RenderAppOptions): Promise<RenderedApp> {
  window.history.replaceState(null, '', url);
  const response = await fetch(new URL(url, window.location.href), { headers: { Accept: 'text/html' } });
  const html = await response.text();
  const shell = new DOMParser().parseFromString(html, 'text/html');
  if (!response.ok || !shell.querySelector('script[data-page]')) {
    throw new Error(`renderApp: GET ${url} gave ${response.status}, not a page shell: ${html.slice(0, 200)}`);
  }
  document.title = shell.title;
  document.body.innerHTML = shell.body.innerHTML;
  let result: RenderResult | undefined;
  await createApp({
    resolve: typeof pages === 'function' ? pages : (name) => pages[name],
    ...(title ? { title } : {}),
    progress: false,
    setup: ({ el, App, props }) => {
      result = render<typeof queries>(createElement(App, props), { container: el });
    },
  });
  if (!result) throw new Error('renderApp: createApp did not call setup');
  return { ...result, router, page: () => router.page };
}

/** Unmounts what renderApp mounted, stops the router (listeners, timers) and empties the document. */
export function cleanupApp(): void {
  cleanup();
  router.dispose();
  document.body.innerHTML = '';
}
