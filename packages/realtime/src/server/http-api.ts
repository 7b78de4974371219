/**
 * The Pusher HTTP API served on the realtime port (realtime-routes.md §1.6): signed publishes,
 * channel queries, terminate_connections, plus Reverb's `/up` and `/apps/{id}/connections`.
 * Unlike Reverb, `auth_key` and the ±600 s `auth_timestamp` window are enforced.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  AUTH_TIMESTAMP_WINDOW_SECONDS,
  MAX_BATCH_SIZE,
  MAX_CHANNELS_PER_PUBLISH,
  MAX_EVENT_NAME_LENGTH,
} from '../shared/constants.js';
import { channelInfo, isValidChannelName } from './channel-name.js';
import type { ResolvedApp } from './config.js';
import {
  HttpApiError,
  NotFoundError,
  PayloadTooLargeError,
  SignatureError,
  ValidationError,
} from './errors.js';
import type { Hub } from './hub.js';
import { md5Hex, safeEqual, signRequest } from './signing.js';
import { SOCKET_ID_RE } from './socket-id.js';

type Json = Record<string, unknown>;

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      reject(new PayloadTooLargeError());
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new PayloadTooLargeError());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function verifySignedRequest(
  app: ResolvedApp,
  method: string,
  path: string,
  query: URLSearchParams,
  body: string,
  now = Date.now(),
): void {
  const params: Record<string, string> = {};
  for (const [k, v] of query) params[k] = v;
  if (params.auth_key !== app.key) throw new SignatureError('Unknown auth_key.');
  const timestamp = Number(params.auth_timestamp);
  if (!Number.isFinite(timestamp) || Math.abs(now / 1000 - timestamp) > AUTH_TIMESTAMP_WINDOW_SECONDS) {
    throw new SignatureError(
      'Timestamp expired: auth_timestamp is not within 600 seconds of the server time.',
    );
  }
  if (body.length > 0) {
    if (!params.body_md5 || !safeEqual(params.body_md5, md5Hex(body)))
      throw new SignatureError('body_md5 does not match the body.');
  } else if (params.body_md5 !== undefined && params.body_md5 !== md5Hex('')) {
    throw new SignatureError('body_md5 does not match the body.');
  }
  const signature = params.auth_signature;
  if (!signature || !safeEqual(signature, signRequest(app.secret, method, path, params)))
    throw new SignatureError();
}

interface EventInput {
  name: string;
  data: string;
  channels: string[];
  socketId: string | undefined;
  info: string[];
}

function parseEvent(raw: unknown, app: ResolvedApp): EventInput {
  if (!raw || typeof raw !== 'object') throw new ValidationError('The event must be an object.');
  const body = raw as Json;
  const name = body.name;
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_EVENT_NAME_LENGTH) {
    throw new ValidationError(`The name field must be a string of 1 to ${MAX_EVENT_NAME_LENGTH} characters.`);
  }
  if (body.data === undefined) throw new ValidationError('The data field is required.');
  const data = typeof body.data === 'string' ? body.data : JSON.stringify(body.data);
  if (Buffer.byteLength(data) > app.maxMessageSize)
    throw new PayloadTooLargeError(`Event data is larger than ${app.maxMessageSize} bytes.`);
  const channels = Array.isArray(body.channels)
    ? body.channels
    : typeof body.channel === 'string'
      ? [body.channel]
      : null;
  if (!channels || channels.length === 0 || channels.length > MAX_CHANNELS_PER_PUBLISH) {
    throw new ValidationError(`Between 1 and ${MAX_CHANNELS_PER_PUBLISH} channels are required.`);
  }
  for (const c of channels)
    if (!isValidChannelName(c)) throw new ValidationError(`Invalid channel name: ${String(c).slice(0, 200)}`);
  const socketId = body.socket_id;
  if (
    socketId !== undefined &&
    socketId !== null &&
    (typeof socketId !== 'string' || !SOCKET_ID_RE.test(socketId))
  ) {
    throw new ValidationError('Invalid socket_id.');
  }
  const info = typeof body.info === 'string' ? body.info.split(',').filter(Boolean) : [];
  return {
    name,
    data,
    channels: channels as string[],
    socketId: (socketId as string | undefined) ?? undefined,
    info,
  };
}

export class HttpApi {
  constructor(private readonly hub: Hub) {}

  private async channelAttributes(
    app: ResolvedApp,
    channel: string,
    info: string[],
    counts?: Map<string, number>,
  ): Promise<Json> {
    const out: Json = {};
    if (info.includes('subscription_count'))
      out.subscription_count = (counts ?? (await this.hub.state.channelCounts(app.id))).get(channel) ?? 0;
    if (info.includes('user_count') && channelInfo(channel).kind === 'presence') {
      out.user_count = (await this.hub.state.presenceMembers(app.id, channel)).length;
    }
    return out;
  }

  /** Answers the request when it belongs to the API; returns false to let the caller 404. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    if (url.pathname === '/up' && (method === 'GET' || method === 'HEAD')) {
      send(res, 200, { health: 'OK' });
      return true;
    }
    const match = /^\/apps\/([^/]+)(\/.*)$/.exec(url.pathname);
    if (!match) return false;
    try {
      const app = this.hub.appById(decodeURIComponent(match[1] ?? ''));
      if (!app) throw new NotFoundError(`No matching application for ID [${match[1]}].`);
      const body = method === 'POST' ? await readBody(req, this.hub.config.maxRequestSize) : '';
      verifySignedRequest(app, method, url.pathname, url.searchParams, body);
      const result = await this.route(app, method, match[2] ?? '', url.searchParams, body);
      if (result === undefined) throw new NotFoundError('Not found.');
      send(res, 200, result);
    } catch (error) {
      if (error instanceof HttpApiError) send(res, error.status, { error: error.message, code: error.code });
      else {
        this.hub.config.onError(error);
        send(res, 500, { error: 'Internal server error.' });
      }
    }
    return true;
  }

  private parseJson(body: string): unknown {
    try {
      return JSON.parse(body);
    } catch {
      throw new ValidationError('The body must be JSON.', 400);
    }
  }

  private async route(
    app: ResolvedApp,
    method: string,
    rest: string,
    query: URLSearchParams,
    body: string,
  ): Promise<unknown> {
    const hub = this.hub;
    if (method === 'POST' && rest === '/events') {
      const event = parseEvent(this.parseJson(body), app);
      await hub.trigger(app, event.channels, event.name, event.data, event.socketId);
      if (event.info.length === 0) return {};
      const counts = await hub.state.channelCounts(app.id);
      const channels: Json = {};
      for (const c of event.channels) channels[c] = await this.channelAttributes(app, c, event.info, counts);
      return { channels };
    }
    if (method === 'POST' && rest === '/batch_events') {
      const batch = (this.parseJson(body) as { batch?: unknown }).batch;
      if (!Array.isArray(batch) || batch.length === 0 || batch.length > MAX_BATCH_SIZE) {
        throw new ValidationError(`batch must hold 1 to ${MAX_BATCH_SIZE} events.`);
      }
      // Validate every event before publishing any, so a bad batch publishes nothing.
      const events = batch.map((e) => parseEvent(e, app));
      for (const e of events) await hub.trigger(app, e.channels, e.name, e.data, e.socketId);
      if (!events.some((e) => e.info.length > 0)) return { batch: {} };
      const counts = await hub.state.channelCounts(app.id);
      return {
        batch: await Promise.all(
          events.map((e) => this.channelAttributes(app, e.channels[0] ?? '', e.info, counts)),
        ),
      };
    }
    if (method === 'GET' && rest === '/channels') {
      const prefix = query.get('filter_by_prefix') ?? '';
      const info = (query.get('info') ?? '').split(',').filter(Boolean);
      if (info.includes('user_count') && !prefix.startsWith('presence-')) {
        throw new ValidationError('info=user_count requires filter_by_prefix=presence-', 400);
      }
      const counts = await hub.state.channelCounts(app.id);
      const channels: Json = {};
      for (const name of counts.keys())
        if (name.startsWith(prefix)) channels[name] = await this.channelAttributes(app, name, info, counts);
      return { channels };
    }
    if (method === 'GET' && rest === '/connections')
      return { connections: await hub.state.connectionCount(app.id) };
    const users = /^\/channels\/([^/]+)\/users$/.exec(rest);
    if (method === 'GET' && users) {
      const channel = decodeURIComponent(users[1] ?? '');
      if (!isValidChannelName(channel)) throw new NotFoundError('Unknown channel.');
      if (channelInfo(channel).kind !== 'presence')
        throw new ValidationError('Only presence channels have users.', 400);
      const members = await hub.state.presenceMembers(app.id, channel);
      return { users: members.map((m) => ({ id: m.user_id })) };
    }
    const single = /^\/channels\/([^/]+)$/.exec(rest);
    if (method === 'GET' && single) {
      const channel = decodeURIComponent(single[1] ?? '');
      if (!isValidChannelName(channel)) throw new NotFoundError('Unknown channel.');
      const info = (query.get('info') ?? '').split(',').filter(Boolean);
      const counts = await hub.state.channelCounts(app.id);
      const count = counts.get(channel) ?? 0;
      if (count === 0) return { occupied: false };
      const out: Json = { occupied: true, ...(await this.channelAttributes(app, channel, info, counts)) };
      if (info.includes('cache') && channelInfo(channel).cache)
        out.cache = await hub.state.cacheGet(app.id, channel);
      return out;
    }
    const terminate = /^\/users\/([^/]+)\/terminate_connections$/.exec(rest);
    if (method === 'POST' && terminate) {
      await hub.terminateUser(app, decodeURIComponent(terminate[1] ?? ''));
      return {};
    }
    return undefined;
  }
}
