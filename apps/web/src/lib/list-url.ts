/**
 * A list page's URL with its filters in the query: empty values are left out, so a cleared filter
 * (or page 1) leaves no trace in the address bar and the same view always has the same URL.
 */
export function listUrl(base: string, params: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}
