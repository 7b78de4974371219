/**
 * HTTP publish client for the app's `broadcast()`: signs requests exactly like pusher-http-node so
 * the same code works against this server, Reverb, soketi or Pusher itself.
 */
import { PublishError } from './errors.js';
import { signedQuery } from './signing.js';

export interface PublisherOptions {
  appId: string;
  key: string;
  secret: string;
  host?: string;
  port?: number;
  scheme?: 'http' | 'https';
  /** Abort a request after this many milliseconds (default 5000). */
  timeoutMs?: number;
}

export interface TriggerOptions {
  /** Excludes this socket (Laravel `toOthers()`, from the X-Socket-ID header). */
  socketId?: string | undefined;
  /** `user_count`, `subscription_count`: ask for channel attributes in the response. */
  info?: string[];
}

export interface BatchEvent {
  channel: string;
  name: string;
  data: unknown;
  socketId?: string;
}

export interface Publisher {
  trigger(
    channels: string | string[],
    event: string,
    data: unknown,
    options?: TriggerOptions,
  ): Promise<Record<string, unknown>>;
  triggerBatch(events: BatchEvent[]): Promise<Record<string, unknown>>;
  get(path: string, params?: Record<string, string>): Promise<Record<string, unknown>>;
  terminateUserConnections(userId: string | number): Promise<void>;
}

export function createPublisher(options: PublisherOptions): Publisher {
  const base = `${options.scheme ?? 'http'}://${options.host ?? '127.0.0.1'}:${options.port ?? 3000}`;
  const timeoutMs = options.timeoutMs ?? 5000;

  async function request(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    params: Record<string, string> = {},
  ): Promise<Record<string, unknown>> {
    const fullPath = `/apps/${options.appId}${path}`;
    const text = body === undefined ? '' : JSON.stringify(body);
    const query = signedQuery(
      { key: options.key, secret: options.secret, method, path: fullPath, body: text },
      params,
    );
    const init: RequestInit = { method, signal: AbortSignal.timeout(timeoutMs) };
    if (text) {
      init.body = text;
      init.headers = { 'content-type': 'application/json' };
    }
    const response = await fetch(`${base}${fullPath}?${new URLSearchParams(query)}`, init);
    const answer = await response.text();
    if (!response.ok) throw new PublishError(response.status, answer);
    return answer ? (JSON.parse(answer) as Record<string, unknown>) : {};
  }

  const encode = (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data));

  return {
    trigger(channels, event, data, opts = {}) {
      const body: Record<string, unknown> = {
        name: event,
        data: encode(data),
        channels: Array.isArray(channels) ? channels : [channels],
      };
      if (opts.socketId) body.socket_id = opts.socketId;
      if (opts.info?.length) body.info = opts.info.join(',');
      return request('POST', '/events', body);
    },
    triggerBatch(events) {
      return request('POST', '/batch_events', {
        batch: events.map((e) => ({
          channel: e.channel,
          name: e.name,
          data: encode(e.data),
          ...(e.socketId ? { socket_id: e.socketId } : {}),
        })),
      });
    },
    get(path, params = {}) {
      return request('GET', path, undefined, params);
    },
    async terminateUserConnections(userId) {
      await request('POST', `/users/${encodeURIComponent(String(userId))}/terminate_connections`, {});
    },
  };
}
