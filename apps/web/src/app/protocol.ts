/**
 * The one place the app imports the page client from, so pages and layouts see the shared props
 * with their types (docs/screens.md §0) without repeating them.
 */
import { usePage as usePageObject } from '@renderfarm/react';
import type { PageObject } from '../types/shared-props';

export { Head, Link, type LinkProps, router } from '@renderfarm/react';

/** The current page object; `props` holds the page's own props and the shared props. */
export function usePage<TProps = Record<string, unknown>>(): PageObject<TProps> {
  return usePageObject() as unknown as PageObject<TProps>;
}
