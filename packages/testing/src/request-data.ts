/**
 * The data a request carries, as a handler wants it: the query (repeated keys become arrays), and
 * for the other methods their JSON body or multipart form over it.
 */
export async function readData(method: string, request: Request, url: URL): Promise<Record<string, unknown>> {
  const query: Record<string, unknown> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length > 1 ? values : values[0];
  }
  if (method === 'get') return query;
  const type = request.headers.get('Content-Type') ?? '';
  const body = request.clone();
  if (type.includes('application/json'))
    return { ...query, ...((await body.json()) as Record<string, unknown>) };
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    return { ...query, ...Object.fromEntries((await body.formData()).entries()) };
  }
  return query;
}
