import type { Page, PageProps } from '@renderfarm/router';
import { PageContext } from './context';
import { useContext } from './react';

/** The current page object; re-renders on every page change. */
export function usePage<Props extends PageProps = PageProps>(): Page<Props> {
  // Outside the <App> of createApp there is no page: the null shows up at the first property read.
  return useContext(PageContext) as Page<Props>;
}
