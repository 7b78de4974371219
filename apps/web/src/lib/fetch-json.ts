/** Thrown when a JSON route answers with an error status. */
export class JsonRequestError extends Error {
  readonly code = 'WEB_ERR_JSON_REQUEST';
  constructor(readonly status: number) {
    super(`JSON request failed with ${status}`);
    this.name = 'JsonRequestError';
  }
}

/**
 * GET a JSON route of our own server (QR code, recovery codes) with the session cookie. These are
 * not page visits: the page client is not involved and the page stays as it is.
 */
export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, {
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    credentials: 'same-origin',
  });
  if (!response.ok) throw new JsonRequestError(response.status);
  return (await response.json()) as T;
}
