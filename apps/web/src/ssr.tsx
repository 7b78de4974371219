import { renderPage } from '@renderfarm/react/server';
import type { Page } from '@renderfarm/router';
import { resolvePage } from './app/resolve-page';
import { formatTitle } from './app/title';

/**
 * The server-render entry (`vite build --ssr`, into dist-ssr/): the server imports this in its
 * own process and calls `render` for each first load. Same pages, layouts and title as main.tsx,
 * so the browser's hydration finds exactly this HTML.
 */
export function render(page: Page) {
  return renderPage(page, { resolve: resolvePage, title: (title) => formatTitle(title) });
}
