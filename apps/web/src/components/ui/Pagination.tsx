import { Link } from '../../app/protocol';
import { formatNumber } from '../../lib/digits';
import { ChevronBack, ChevronForward } from './DirectionalIcon';

/**
 * «قبلی · صفحه ۲ از ۵ · بعدی» under a list. Lists that read one row past the page know only
 * whether another page exists (`hasMore`); counted lists also give `lastPage`. Links keep the
 * other query parameters (`hrefFor`).
 */
export function Pagination({
  page,
  lastPage,
  hasMore,
  hrefFor,
}: {
  page: number;
  lastPage?: number;
  hasMore?: boolean;
  hrefFor: (page: number) => string;
}) {
  const next = lastPage !== undefined ? page < lastPage : Boolean(hasMore);
  if (page <= 1 && !next) return null;
  const link = 'inline-flex min-h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium';
  return (
    <nav aria-label="صفحه‌ها" className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} className={`${link} text-brand-700 hover:bg-brand-50`} rel="prev">
          <ChevronBack className="size-4" />
          قبلی
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-gray-600" aria-current="page">
        صفحهٔ {formatNumber(page)}
        {lastPage !== undefined && <> از {formatNumber(lastPage)}</>}
      </span>
      {next ? (
        <Link href={hrefFor(page + 1)} className={`${link} text-brand-700 hover:bg-brand-50`} rel="next">
          بعدی
          <ChevronForward className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** `url` with `page` set (1 drops it), keeping every other query parameter. */
export function withPage(url: string, page: number): string {
  const [path, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path!;
}
