import type { Page, PageProps } from '@renderfarm/router';
import { useContext } from 'react';
import { PageContext } from './context';

/** The current page object; re-renders on every page change. */
export function usePage<Props extends PageProps = PageProps>(): Page<Props> {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage() must be used inside the <App> created by createApp().');
  return page as Page<Props>;
}
