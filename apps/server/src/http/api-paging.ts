import { z } from 'zod';

const pageNumber = (label: string, max: number, tooBig: string) =>
  z.coerce
    .number({ error: `${label} معتبر نیست.` })
    .int(`${label} معتبر نیست.`)
    .min(1, `${label} معتبر نیست.`)
    .max(max, tooBig);

/**
 * The paging of the JSON API's lists (docs/api.md): `?page=` from 1, `?per_page=` at most 100,
 * 25 by default. A list's answer says `meta: {page, per_page, has_more}`.
 */
export const apiPaging = {
  page: pageNumber('شماره صفحه', 100_000, 'شماره صفحه معتبر نیست.').default(1),
  per_page: pageNumber('اندازه صفحه', 100, 'اندازه صفحه نباید بیش از ۱۰۰ باشد.').default(25),
};
