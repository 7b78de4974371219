import type { Page } from './types';

/** A page object: a non-empty component name and a props object. Fills the optional fields in. */
export function asPage(value: unknown): Page | undefined {
  const page = value as Page;
  if (
    !page ||
    typeof page.component !== 'string' ||
    !page.component ||
    !page.props ||
    typeof page.props !== 'object'
  )
    return undefined;
  page.props.errors ??= {};
  page.version ??= null;
  return page;
}
