import { router } from '@renderfarm/react';
import { listUrl } from '../../lib/list-url';

type QueryValue = string | number | null | undefined;
export type QueryPatch = Record<string, QueryValue>;

/** A list page's address and the ways to change it (see `useListQuery`). */
export interface ListQuery {
  values: object;
  url: (over?: QueryPatch, to?: string) => string;
  visit: (over: QueryPatch) => void;
  pageHref: (page: number) => string;
}

/**
 * A list page's address: its filters in the query, a change of filter starting again at page 1.
 * `url` builds a link (a tab, an export), `visit` goes there keeping the scroll, `pageHref` is the
 * pagination's link for a page (page 1 leaves no `page=`); `values` are the filters as they stand.
 */
export function useListQuery(base: string, filters: object): ListQuery {
  const current = filters as QueryPatch;
  const url = (over: QueryPatch = {}, to = base) => listUrl(to, { ...current, page: '', ...over });
  const visit = (over: QueryPatch) => router.visit(url(over), { preserveScroll: true });
  const pageHref = (page: number) => url({ page: page > 1 ? String(page) : '' });
  return { values: filters, url, visit, pageHref };
}
