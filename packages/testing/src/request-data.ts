/**
 * The data a request carries, as a handler wants it: the query of a GET (repeated keys become
 * arrays), the JSON body of the other methods, or their multipart form (files kept as `File`).
 */
export async function readData(method: string, request: Request, url: URL): Promise<Record<string, unknown>> {
  if (method === 'get' || method === 'delete') {
    const data: Record<string, unknown> = {};
    for (const key of new Set(url.searchParams.keys())) {
      const values = url.searchParams.getAll(key);
      data[key] = values.length > 1 ? values : values[0];
    }
    if (method === 'get') return data;
  }
  const type = request.headers.get('Content-Type') ?? '';
  const body = request.clone();
  if (type.includes('application/json')) return ((await body.json()) as Record<string, unknown>) ?? {};
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries((await body.formData()).entries());
  }
  return {};
}
