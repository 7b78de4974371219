/**
 * Channel and user authorisation requests, shaped as pusher-js sends them: a form-encoded POST of
 * `socket_id` and `channel_name` to /broadcasting/auth (or `socket_id` to /broadcasting/user-auth),
 * with `X-CSRF-TOKEN` from `<meta name="csrf-token">` so Laravel-style CSRF checks pass.
 */
import { AuthorizationError } from './errors.js';

export interface AuthOptions {
  endpoint: string;
  headers: Record<string, string>;
  csrfToken: string | null;
  fetch: typeof fetch;
}

export function csrfFromMeta(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const meta = document.querySelector(`meta[name="${name}"]`);
  return meta?.getAttribute('content') ?? null;
}

export async function postAuth<T>(options: AuthOptions, params: Record<string, string>): Promise<T> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    ...options.headers,
  };
  if (options.csrfToken) headers['X-CSRF-TOKEN'] = options.csrfToken;
  if (params.socket_id) headers['X-Socket-ID'] = params.socket_id;
  let response: Response;
  try {
    response = await options.fetch(options.endpoint, {
      method: 'POST',
      headers,
      body: new URLSearchParams(params).toString(),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new AuthorizationError(0, `Authorization request failed: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (response.status !== 200)
    throw new AuthorizationError(response.status, `Authorization returned HTTP ${response.status}`);
  try {
    const body = JSON.parse(text) as T & { auth?: unknown };
    if (typeof body.auth !== 'string') throw new Error('no auth field');
    return body;
  } catch {
    throw new AuthorizationError(
      response.status,
      `Authorization returned invalid JSON: ${text.slice(0, 100)}`,
    );
  }
}
