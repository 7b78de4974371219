/**
 * Shared harness of the realtime conformance tests: our server on a random loopback port, a bare
 * node:http /broadcasting/auth + /broadcasting/user-auth endpoint built on the package's signers,
 * and two client drivers (the real laravel-echo + pusher-js, and our own client) with one API.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRealtimeClient } from '@renderfarm/realtime/client';
import {
  createBroadcastAuth,
  createChannelRegistry,
  HttpApiError,
  type RealtimeServerConfig,
  startRealtimeServer,
} from '@renderfarm/realtime/server';
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import WebSocket from 'ws';

export const APP = { id: 'app-1', key: 'test-key', secret: 'test-secret' };
export const CSRF = 'csrf-token-for-tests';

export interface TestUser {
  id: number;
  name: string;
}

export const USERS: Record<string, TestUser> = {
  '1': { id: 1, name: 'Ali' },
  '2': { id: 2, name: 'Sara' },
  '3': { id: 3, name: 'Reza' },
};

/** Owner of each render instance: user 1 owns instance 7, user 2 owns instance 8. */
export const INSTANCE_OWNERS: Record<string, number> = { '7': 1, '8': 2 };

/** Channel rules of the tests: users see their own instances; room members are anyone. */
export function testRegistry() {
  return createChannelRegistry<TestUser>()
    .define('instances.{id}', (user, id) => INSTANCE_OWNERS[id] === user.id)
    .define('users.{id}', (user, id) => user.id === Number(id))
    .define('chat.{room}', () => true)
    .define('render.{room}', (user) => ({ id: user.id, name: user.name }));
}

function readBody(req: import('node:http').IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
  });
}

/** A minimal app server: user from `X-User`, CSRF from `X-CSRF-TOKEN`, as the real app does with the session. */
export async function startAuthServer(): Promise<{
  url: string;
  requests: { path: string; csrf: string | undefined }[];
  close(): Promise<void>;
}> {
  const auth = createBroadcastAuth<TestUser>({
    key: APP.key,
    secret: APP.secret,
    channels: testRegistry(),
    userId: (u) => u.id,
  });
  const requests: { path: string; csrf: string | undefined }[] = [];
  const server: Server = createServer(async (req, res) => {
    const body = new URLSearchParams(await readBody(req));
    const csrf = req.headers['x-csrf-token'] as string | undefined;
    requests.push({ path: req.url ?? '', csrf });
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify(payload));
    };
    if (csrf !== CSRF) return reply(419, { message: 'CSRF token mismatch.' });
    const user = USERS[String(req.headers['x-user'])];
    if (!user) return reply(403, { message: 'Unauthenticated.' });
    try {
      if (req.url === '/broadcasting/auth') {
        return reply(
          200,
          await auth.authorizeChannel(user, body.get('socket_id') ?? '', body.get('channel_name') ?? ''),
        );
      }
      if (req.url === '/broadcasting/user-auth')
        return reply(200, auth.authenticateUser(user, body.get('socket_id') ?? '', { name: user.name }));
      reply(404, {});
    } catch (error) {
      reply(error instanceof HttpApiError ? error.status : 500, { message: (error as Error).message });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export async function startServer(extra: Partial<RealtimeServerConfig> = {}, port = 0) {
  return startRealtimeServer({ port, host: '127.0.0.1', apps: [{ ...APP }], onError: () => {}, ...extra });
}

/** The surface shared by laravel-echo and our client, which the scenarios use. */
export interface EchoLike {
  channel(name: string): any;
  private(name: string): any;
  join(name: string): any;
  leave(name: string): void;
  socketId(): string | undefined;
  disconnect(): void;
}

export type Driver = {
  name: string;
  connect(opts: { port: number; authUrl: string; user?: string }): EchoLike;
};

export const echoDriver: Driver = {
  name: 'laravel-echo + pusher-js',
  connect({ port, authUrl, user = '1' }) {
    return new Echo({
      broadcaster: 'reverb',
      key: APP.key,
      wsHost: '127.0.0.1',
      wsPort: port,
      wssPort: port,
      forceTLS: false,
      enabledTransports: ['ws', 'wss'],
      Pusher,
      csrfToken: CSRF,
      authEndpoint: `${authUrl}/broadcasting/auth`,
      auth: { headers: { 'X-User': user } },
      userAuthentication: { endpoint: `${authUrl}/broadcasting/user-auth`, headers: { 'X-User': user } },
    } as any) as unknown as EchoLike;
  },
};

export const ourDriver: Driver = {
  name: '@renderfarm/realtime/client',
  connect({ port, authUrl, user = '1' }) {
    return createRealtimeClient({
      key: APP.key,
      wsHost: '127.0.0.1',
      wsPort: port,
      forceTLS: false,
      csrfToken: CSRF,
      authEndpoint: `${authUrl}/broadcasting/auth`,
      userAuthEndpoint: `${authUrl}/broadcasting/user-auth`,
      headers: { 'X-User': user },
      WebSocket: WebSocket as any,
    });
  },
};

export async function waitFor<T>(
  check: () => T | undefined | false,
  timeoutMs = 10_000,
  label = 'condition',
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Resolves when the channel reports a successful subscription. */
export function subscribed(channel: any): Promise<void> {
  return new Promise((resolve) => channel.subscribed(() => resolve()));
}
