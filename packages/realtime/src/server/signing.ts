/**
 * HMAC-SHA256 signatures of the Pusher protocol (realtime-routes.md §1.4, §1.6): channel auth,
 * user (sign-in) auth and the HTTP API request signature. Comparisons are constant time so a
 * client cannot learn a signature byte by byte from response timing.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

export function md5Hex(body: string | Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

/** Constant-time string comparison that also tolerates different lengths. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  if (ab.length !== bb.length) return false;
  return timingSafeEqual(ab, bb);
}

/** The string a private/presence subscription signs: `socket:channel[:channel_data]`. */
export function channelAuthPayload(socketId: string, channel: string, channelData?: string): string {
  return channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
}

/** `key:hex(hmac)` as returned by /broadcasting/auth and checked on pusher:subscribe. */
export function signChannel(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  return `${key}:${hmacHex(secret, channelAuthPayload(socketId, channel, channelData))}`;
}

/** `key:hex(hmac(socket::user::user_data))` as returned by /broadcasting/user-auth. */
export function signUser(key: string, secret: string, socketId: string, userData: string): string {
  return `${key}:${hmacHex(secret, `${socketId}::user::${userData}`)}`;
}

/**
 * Verifies an `auth` field. Like Reverb only the part after `:` is compared; the key prefix is
 * still required to be present so `auth: "sig"` without a key is refused.
 */
export function verifyAuth(auth: unknown, secret: string, payload: string): boolean {
  if (typeof auth !== 'string') return false;
  const colon = auth.indexOf(':');
  if (colon <= 0) return false;
  return safeEqual(auth.slice(colon + 1), hmacHex(secret, payload));
}

/**
 * The canonical query string of a signed HTTP API request: every parameter except
 * `auth_signature`, keys lower-cased and sorted, `key=value` joined by `&` (Pusher HTTP API).
 */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'auth_signature')
    .map((k) => [k.toLowerCase(), params[k] ?? ''] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

export function signRequest(
  secret: string,
  method: string,
  path: string,
  params: Record<string, string>,
): string {
  return hmacHex(secret, `${method.toUpperCase()}\n${path}\n${canonicalQuery(params)}`);
}

/**
 * Builds the signed query parameters for an HTTP API call. `body` adds `body_md5` when it is
 * non-empty, as pusher-http-node does.
 */
export function signedQuery(
  opts: { key: string; secret: string; method: string; path: string; body?: string; timestamp?: number },
  extra: Record<string, string> = {},
): Record<string, string> {
  const params: Record<string, string> = {
    ...extra,
    auth_key: opts.key,
    auth_timestamp: String(opts.timestamp ?? Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
  };
  if (opts.body) params.body_md5 = md5Hex(opts.body);
  params.auth_signature = signRequest(opts.secret, opts.method, opts.path, params);
  return params;
}
