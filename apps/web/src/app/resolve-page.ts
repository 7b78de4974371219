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
 * Loads the page named by the server and attaches its area layout as `layout` (`[Layout]`, the
 * page client's persistent-layout form). The page and layout chunks load in parallel.
 */
export async function resolvePage(component: string): Promise<PageComponent> {
  const load = pages[`../pages/${component}.tsx`];
  if (!load) throw new PageNotFoundError(component);
  const [module, layoutModule] = await Promise.all([load(), loadLayoutFor(component)]);
  const Page = module.default;
  const declared = Page.layout;
  if (declared === null || Array.isArray(declared)) return Page;
  const layout = declared ? (await layouts[declared]()).default : layoutModule?.default;
  if (layout) Page.layout = [layout];
  return Page;
}

// Guessing the area from the name lets the layout download alongside the page; a page that
// declares another area (rare) costs one more round trip.
function loadLayoutFor(component: string) {
  return layouts[areaOf(component)]().catch(() => undefined);
}
