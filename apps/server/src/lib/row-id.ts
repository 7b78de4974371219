/** The largest id a `serial`/`integer` column holds (2³¹ − 1). */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row id from text (a route parameter, a token's `<id>|`): digits for 1…2³¹−1, else null. An id
 * past that is no row, and PostgreSQL would refuse it in a query with an error (a 500), not an answer.
 */
export function rowId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ROW_ID ? id : null;
}
