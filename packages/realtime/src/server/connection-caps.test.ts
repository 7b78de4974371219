import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { resolveConfig } from './config.js';
import { type RealtimeServer, startRealtimeServer } from './server.js';
import { TestClient } from './test-client.js';

const APP = { id: '1', key: 'key', secret: 'secret' };
let servers: RealtimeServer[] = [];
let clients: TestClient[] = [];

async function start(extra: Record<string, unknown> = {}) {
  const server = await startRealtimeServer({ port: 0, apps: [APP], onError: () => {}, ...extra });
  servers.push(server);
  return server;
}

async function open(server: RealtimeServer, headers: Record<string, string> = {}) {
  const c = await TestClient.open(server.port, APP.key, 'protocol=7', headers);
  clients.push(c);
  return c;
}

/** What a socket hears first, and the code it is closed with. */
async function firstWords(server: RealtimeServer, headers: Record<string, string> = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/app/${APP.key}?protocol=7`, { headers });
  const first = new Promise<{ event: string; data: string }>((resolve) =>
    ws.once('message', (raw) => resolve(JSON.parse(raw.toString()))),
  );
  const closed = new Promise<number>((resolve) => ws.once('close', resolve));
  const frame = await first;
  if (frame.event === 'pusher:connection_established') ws.close();
  return { frame, code: await closed };
}

/** A refusal: Pusher's 4100 "Over capacity" in a frame, then the socket closed with that code. */
async function expectOverCapacity(server: RealtimeServer, headers: Record<string, string> = {}) {
  const { frame, code } = await firstWords(server, headers);
  expect(frame.event).toBe('pusher:error');
  expect(JSON.parse(frame.data)).toEqual({ code: 4100, message: 'Over capacity' });
  expect(code).toBe(4100);
}

afterEach(async () => {
  for (const c of clients) c.close();
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  clients = [];
});

describe('connection caps', () => {
  it('has safe defaults: a cap per IP and a total, not unlimited', () => {
    const config = resolveConfig({ apps: [APP] });
    expect(config.maxConnectionsPerIp).toBe(100);
    expect(config.maxConnectionsTotal).toBe(5000);
    expect(config.trustedProxies).toEqual([]);
  });

  it('refuses a socket beyond the per-IP cap with 4100, and takes one again once another closes', async () => {
    const server = await start({ maxConnectionsPerIp: 3 });
    const admitted = [await open(server), await open(server), await open(server)];
    expect(admitted.every((c) => c.socketId !== '')).toBe(true);
    await expectOverCapacity(server);
    expect(server.connectionCount()).toBe(3);
    admitted[0]!.close();
    await admitted[0]!.closed;
    // The client has seen its close; the server counts it gone when its own close event has run.
    await expect.poll(() => server.connectionCount()).toBe(2);
    expect((await open(server)).socketId).not.toBe('');
  });

  it('holds a burst to the cap: 200 at once from one address → 20 connected', async () => {
    const server = await start({ maxConnectionsPerIp: 20 });
    const burst = await Promise.all(Array.from({ length: 200 }, () => TestClient.open(server.port)));
    clients.push(...burst);
    expect(burst.filter((c) => c.socketId !== '')).toHaveLength(20);
    expect(server.connectionCount()).toBe(20);
  });

  it('refuses beyond the total whatever the address', async () => {
    const server = await start({ maxConnectionsTotal: 2, trustedProxies: ['127.0.0.1'] });
    await open(server, { 'x-forwarded-for': '198.51.100.1' });
    await open(server, { 'x-forwarded-for': '198.51.100.2' });
    await expectOverCapacity(server, { 'x-forwarded-for': '198.51.100.3' });
  });

  it('counts X-Forwarded-For only from a trusted proxy', async () => {
    const trusting = await start({ maxConnectionsPerIp: 1, trustedProxies: ['127.0.0.0/8'] });
    expect((await open(trusting, { 'x-forwarded-for': '198.51.100.1' })).socketId).not.toBe('');
    expect((await open(trusting, { 'x-forwarded-for': '198.51.100.2' })).socketId).not.toBe('');
    await expectOverCapacity(trusting, { 'x-forwarded-for': '198.51.100.2' });

    // Nobody trusted: a rotating header changes nothing.
    const plain = await start({ maxConnectionsPerIp: 1 });
    await open(plain, { 'x-forwarded-for': '198.51.100.1' });
    await expectOverCapacity(plain, { 'x-forwarded-for': '198.51.100.9' });
  });
});
