// @vitest-environment jsdom
/**
 * The client against the real server in the same process, in jsdom so the CSRF token comes from
 * the page's <meta name="csrf-token">. Node's `ws` stands in for the browser WebSocket.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signChannelAuth, signUserAuth } from '../server/broadcast-auth.js';
import { type RealtimeServer, startRealtimeServer } from '../server/server.js';
import {
  ACTIVITY_TIMEOUT_SECONDS,
  PONG_TIMEOUT_SECONDS,
  UNAVAILABLE_TIMEOUT_SECONDS,
} from '../shared/constants.js';
import { NOTIFICATION_EVENT } from './channel.js';
import { Connection } from './connection.js';
import { createRealtimeClient } from './echo.js';
import { AuthorizationError, NoWebSocketError } from './errors.js';

const APP = { id: '1', key: 'key', secret: 'secret' };
let server: RealtimeServer;
let authServer: Server;
let authUrl: string;
const seen: { url: string; csrf: string | undefined; socketHeader: string | undefined; body: string }[] = [];

const until = async (check: () => boolean, ms = 3000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timeout');
    await new Promise((r) => setTimeout(r, 10));
  }
};

beforeAll(async () => {
  server = await startRealtimeServer({ port: 0, apps: [APP], onError: () => {} });
  authServer = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({
        url: req.url ?? '',
        csrf: req.headers['x-csrf-token'] as string,
        socketHeader: req.headers['x-socket-id'] as string,
        body,
      });
      const params = new URLSearchParams(body);
      const socketId = params.get('socket_id') ?? '';
      const channel = params.get('channel_name') ?? '';
      res.setHeader('content-type', 'application/json');
      if (channel.includes('forbidden')) {
        res.statusCode = 403;
        res.end('{}');
      } else if (req.url === '/broadcasting/user-auth')
        res.end(JSON.stringify(signUserAuth(APP, socketId, { id: 5 })));
      else if (channel.startsWith('presence-'))
        res.end(
          JSON.stringify(
            signChannelAuth(APP, socketId, channel, { user_id: 5, user_info: { name: 'Nima' } }),
          ),
        );
      else res.end(JSON.stringify(signChannelAuth(APP, socketId, channel)));
    });
  });
  await new Promise<void>((r) => authServer.listen(0, '127.0.0.1', r));
  authUrl = `http://127.0.0.1:${(authServer.address() as AddressInfo).port}`;
  document.head.innerHTML = '<meta name="csrf-token" content="meta-token">';
});

afterAll(async () => {
  await server.close();
  authServer.closeAllConnections();
  await new Promise((r) => authServer.close(r));
});

function client() {
  return createRealtimeClient({
    key: APP.key,
    wsHost: '127.0.0.1',
    wsPort: server.port,
    authEndpoint: `${authUrl}/broadcasting/auth`,
    userAuthEndpoint: `${authUrl}/broadcasting/user-auth`,
    WebSocket: WebSocket as never,
    fetch: globalThis.fetch,
  });
}

describe('realtime client', () => {
  it('uses the docs/protocol.md timeouts by default', () => {
    expect([ACTIVITY_TIMEOUT_SECONDS, PONG_TIMEOUT_SECONDS, UNAVAILABLE_TIMEOUT_SECONDS]).toEqual([
      120, 30, 10,
    ]);
  });

  it('authorises with the CSRF token from the meta tag and X-Socket-ID, form-encoded like pusher-js', async () => {
    const echo = client();
    const events: unknown[] = [];
    const notes: unknown[] = [];
    const channel = echo.private('users.5').listen('.account.updated', (e) => events.push(e));
    channel.notification((n) => notes.push(n));
    await new Promise<void>((r) => channel.subscribed(r));
    const request = seen.find((s) => s.body.includes('private-users.5'));
    expect(request?.csrf).toBe('meta-token');
    expect(request?.socketHeader).toBe(echo.socketId());
    expect(new URLSearchParams(request?.body).get('socket_id')).toBe(echo.socketId());
    await server.trigger('private-users.5', 'account.updated', { ok: 1 });
    await server.trigger('private-users.5', NOTIFICATION_EVENT, { type: 'invoice', id: 3 });
    await until(() => events.length === 1 && notes.length === 1);
    expect(notes).toEqual([{ type: 'invoice', id: 3 }]);
    echo.disconnect();
    expect(echo.state).toBe('disconnected');
  });

  it('reports a refused authorisation through .error() with the HTTP status', async () => {
    const echo = client();
    const errors: unknown[] = [];
    echo.private('forbidden.1').error((e) => errors.push(e));
    await until(() => errors.length === 1);
    expect(errors[0]).toBeInstanceOf(AuthorizationError);
    expect((errors[0] as AuthorizationError).status).toBe(403);
    echo.disconnect();
  });

  it('signs in through /broadcasting/user-auth', async () => {
    const echo = client();
    const states: string[] = [];
    echo.connection.onMessage((m) => states.push(m.event));
    echo.signin();
    await until(() => states.includes('pusher:signin_success'));
    expect(seen.some((s) => s.url === '/broadcasting/user-auth' && s.csrf === 'meta-token')).toBe(true);
    echo.disconnect();
  });

  it('leave() unsubscribes every variant and stops delivery', async () => {
    const echo = client();
    const got: unknown[] = [];
    const ch = echo.join('room').listen('.x', (e) => got.push(e));
    const here: unknown[][] = [];
    ch.here((m) => here.push(m));
    await until(() => here.length === 1);
    expect(here[0]).toEqual([{ name: 'Nima' }]);
    echo.leave('room');
    await new Promise((r) => setTimeout(r, 50));
    await server.trigger('presence-room', 'x', {});
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual([]);
    echo.disconnect();
  });

  it('pings after the activity timeout and reconnects when no pong comes', async () => {
    // A server that never answers: accepts the socket, sends the handshake, then stays silent.
    const { WebSocketServer } = await import('ws');
    const silent = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    const received: string[] = [];
    let connections = 0;
    silent.on('connection', (ws) => {
      connections++;
      ws.on('message', (m) => received.push(m.toString()));
      ws.send(
        JSON.stringify({
          event: 'pusher:connection_established',
          data: JSON.stringify({ socket_id: '1.1', activity_timeout: 120 }),
        }),
      );
    });
    await new Promise((r) => silent.once('listening', r));
    const port = (silent.address() as AddressInfo).port;
    const conn = new Connection({
      url: `ws://127.0.0.1:${port}/app/key`,
      WebSocket: WebSocket as never,
      activityTimeout: 0.1,
      pongTimeout: 0.1,
    });
    conn.connect();
    await until(() => received.some((m) => m.includes('pusher:ping')));
    await until(() => connections === 2);
    conn.disconnect();
    silent.close();
  });

  it('disconnects quietly while the socket is still connecting', async () => {
    // A server that accepts TCP but never answers the upgrade keeps the socket in CONNECTING.
    const { createServer: createTcpServer } = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    const mute = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    const port = (mute.address() as AddressInfo).port;
    const conn = new Connection({ url: `ws://127.0.0.1:${port}/app/key`, WebSocket: WebSocket as never });
    conn.connect();
    await until(() => sockets.length === 1);
    conn.disconnect();
    expect(conn.state).toBe('disconnected');
    // Node's ws reports the aborted handshake on a later tick: let it, then nothing may be thrown.
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => mute.close(() => resolve()));
  });

  it('refuses to start without a WebSocket implementation', () => {
    const saved = (globalThis as { WebSocket?: unknown }).WebSocket;
    (globalThis as { WebSocket?: unknown }).WebSocket = undefined;
    try {
      expect(() => new Connection({ url: 'ws://x' })).toThrow(NoWebSocketError);
    } finally {
      (globalThis as { WebSocket?: unknown }).WebSocket = saved;
    }
  });
});
