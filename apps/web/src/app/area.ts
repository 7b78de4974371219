import type { Area } from './page-types';

// Account pages (docs/screens.md §2–3) carry no area prefix but belong with the customer panel.
const PANEL_PAGES = ['Users/Home', 'Users/Landing', 'Dashboard'];
const PANEL_PREFIXES = ['Panel/', 'Profile/', 'API/'];
const AUTH_PREFIXES = ['Auth/', 'Users/Auth/'];

/** The area a page belongs to, from the component name the server sends (`Admin/Users/List` → admin). */
export function areaOf(component: string): Area {
  if (component.startsWith('Admin/')) return 'admin';
  if (component.startsWith('Care/')) return 'care';
  if (AUTH_PREFIXES.some((prefix) => component.startsWith(prefix))) return 'auth';
  if (PANEL_PAGES.includes(component) || PANEL_PREFIXES.some((prefix) => component.startsWith(prefix))) {
    return 'panel';
  }
  return 'public';
}
