/**
 * The realtime server process: one HTTP server carrying the websocket endpoint `/app/{key}` and
 * the signed HTTP API, a ClusterState (Redis when configured) and the ping/prune timer. Usable as
 * its own process or inside the app process (it only owns the port it listens on).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { PROTOCOL_VERSION } from '../shared/constants.js';
import { clientAddressResolver } from './client-address.js';
import type { ClusterState } from './cluster-state.js';
import { type RealtimeServerConfig, type ResolvedApp, type ResolvedConfig, resolveConfig } from './config.js';
import { ConnectionCaps } from './connection-caps.js';
import {
  ApplicationNotFoundError,
  OriginNotAllowedError,
  OverCapacityError,
  RealtimeError,
} from './errors.js';
import { HttpApi } from './http-api.js';
import { Hub } from './hub.js';
import { MemoryState } from './memory-state.js';
import { RedisState } from './redis-state.js';

export interface RealtimeServer {
  /** The bound port (useful with `port: 0`). */
  readonly port: number;
  readonly host: string;
  /** In-process publish, same semantics as POST /apps/{id}/events (no HTTP round trip). */
  trigger(
    channels: string | string[],
    event: string,
    data: unknown,
    options?: { socketId?: string; appId?: string },
  ): Promise<void>;
  /** Sockets connected to this process. */
  connectionCount(): number;
  close(): Promise<void>;
}

/** Shell-style `*` wildcard match, as Reverb's `Str::is` on the Origin host. */
function wildcard(pattern: string, value: string): boolean {
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    'i',
  );
  return re.test(value);
}

export function originAllowed(app: ResolvedApp, origin: string | undefined, socketHost?: string): boolean {
  if (app.allowedOrigins.includes('*')) return true;
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (socketHost && samePageServer(app, url, socketHost)) return true;
  return app.allowedOrigins.some((allowed) => wildcard(allowed, url.host) || wildcard(allowed, origin));
}

/** The page came from this machine's page server: the socket's host name, a page server port. */
function samePageServer(app: ResolvedApp, origin: URL, socketHost: string): boolean {
  if (app.pageServerPorts.length === 0) return false;
  let socket: URL;
  try {
    socket = new URL(`http://${socketHost}`);
  } catch {
    return false;
  }
  const port = Number(origin.port || (origin.protocol === 'https:' ? 443 : 80));
  return origin.hostname === socket.hostname && app.pageServerPorts.includes(port);
}

/** Protocol version errors: 4008 missing, 4006 not a number, 4007 unsupported (Pusher speaks 5–7). */
function protocolError(query: URLSearchParams): RealtimeError | undefined {
  const raw = query.get('protocol');
  if (raw === null || raw === '') return new RealtimeError(4008, 'No protocol version supplied', true);
  if (!/^\d+$/.test(raw)) return new RealtimeError(4006, 'Invalid version string format', true);
  const version = Number(raw);
  if (version < 5 || version > PROTOCOL_VERSION)
    return new RealtimeError(4007, 'Unsupported protocol version', true);
  return undefined;
}

export async function startRealtimeServer(input: RealtimeServerConfig): Promise<RealtimeServer> {
  const config: ResolvedConfig = resolveConfig(input);
  const state: ClusterState = config.redisUrl
    ? await RedisState.connect({
        url: config.redisUrl,
        prefix: config.redisPrefix,
        activityTimeout: config.activityTimeout,
        appIds: config.apps.map((a) => a.id),
        onError: config.onError,
      })
    : new MemoryState();
  const hub = new Hub(config, state);
  const api = new HttpApi(hub);
  const largest = Math.max(...config.apps.map((a) => a.maxMessageSize));
  // Frames up to 10× the limit are read and answered with 4301; larger ones are cut by ws (1009).
  const wss = new WebSocketServer({ noServer: true, maxPayload: largest * 10, perMessageDeflate: false });

  const http: Server = createServer((req, res) => {
    api
      .handle(req, res)
      .then((handled) => {
        if (!handled) {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'Not found.' }));
        }
      })
      .catch((error: unknown) => {
        config.onError(error);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });

  const caps = new ConnectionCaps(config.maxConnectionsTotal, config.maxConnectionsPerIp);
  const clientAddress = clientAddressResolver(config.trustedProxies);

  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const address = clientAddress(req);
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      // Counted once the socket exists (a handshake that never completes holds nothing).
      if (!caps.admit(address)) return hub.fail(ws, new OverCapacityError('Over capacity', true));
      ws.once('close', () => caps.release(address));
      const url = new URL(req.url ?? '/', 'http://localhost');
      const match = /^\/app\/([^/]+)\/?$/.exec(url.pathname);
      // Errors are reported over an accepted socket so clients see the Pusher code.
      if (!match) return hub.fail(ws, new RealtimeError(4005, 'Path not found', true));
      const app = hub.appByKey(decodeURIComponent(match[1] ?? ''));
      if (!app) return hub.fail(ws, new ApplicationNotFoundError());
      const versionError = protocolError(url.searchParams);
      if (versionError) return hub.fail(ws, versionError);
      if (!originAllowed(app, req.headers.origin, req.headers.host))
        return hub.fail(ws, new OriginNotAllowedError());
      hub.accept(ws, app);
    });
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.port, config.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  const tickMs = Math.min(
    5000,
    Math.max(20, (Math.min(config.activityTimeout, config.pongTimeout) * 1000) / 4),
  );
  const timer = setInterval(() => hub.prune(), tickMs);
  timer.unref();

  let closing: Promise<void> | undefined;
  return {
    port,
    host: config.host,
    async trigger(channels, event, data, options = {}) {
      const app = options.appId ? hub.appById(options.appId) : config.apps[0];
      if (!app) throw new ApplicationNotFoundError();
      const list = Array.isArray(channels) ? channels : [channels];
      await hub.trigger(
        app,
        list,
        event,
        typeof data === 'string' ? data : JSON.stringify(data),
        options.socketId,
      );
    },
    connectionCount: () => hub.localConnectionCount(),
    close() {
      closing ??= (async () => {
        clearInterval(timer);
        await hub.closeAll();
        for (const ws of wss.clients) ws.terminate();
        wss.close();
        http.closeAllConnections();
        await new Promise<void>((resolve) => http.close(() => resolve()));
        await state.close();
      })();
      return closing;
    },
  };
}
