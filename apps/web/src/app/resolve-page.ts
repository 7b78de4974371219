import { areaOf } from './area';
import type { Area, LayoutComponent, PageComponent } from './page-types';

// One lazy chunk per page, so the public site never downloads admin code. Pieces under `parts/`
// belong to the pages beside them and tests are not pages.
const pages = import.meta.glob<{ default: PageComponent }>([
  '../pages/**/*.tsx',
  '!../pages/**/parts/**',
  '!../pages/**/*.test.tsx',
]);

// Layouts are lazy too: the admin layout (sections, compact tables) stays out of public chunks.
const layouts: Record<Area, () => Promise<{ default: LayoutComponent }>> = {
  public: () => import('../layouts/PublicLayout'),
  auth: () => import('../layouts/AuthLayout'),
  panel: () => import('../layouts/PanelLayout'),
  care: () => import('../layouts/CareLayout'),
  admin: () => import('../layouts/AdminLayout'),
};

/** Thrown when the server names a component this build does not have (a stale deploy, a typo). */
export class PageNotFoundError extends Error {
  readonly code = 'WEB_ERR_PAGE_NOT_FOUND';

  constructor(readonly component: string) {
    super(`No page component named "${component}" in pages/.`);
    this.name = 'PageNotFoundError';
  }
}

/**
 * Loads the page named by the server and attaches its area layout as `layout`, the form both the
 * temporary bootstrap and the page client's createApp render.
 */
export async function resolvePage(component: string): Promise<PageComponent> {
  const load = pages[`../pages/${component}.tsx`];
  if (!load) throw new PageNotFoundError(component);
  const Page = (await load()).default;
  const declared = Page.layout;
  if (declared === null || typeof declared === 'function') return Page;
  const area = declared ?? areaOf(component);
  Page.layout = (await layouts[area]()).default;
  return Page;
}
