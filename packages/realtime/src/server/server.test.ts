import { afterEach, describe, expect, it } from 'vitest';
import { ACTIVITY_TIMEOUT_SECONDS } from '../shared/constants.js';
import { signChannelAuth, signUserAuth } from './broadcast-auth.js';
import { createPublisher } from './publisher.js';
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

async function client(server: RealtimeServer, headers: Record<string, string> = {}) {
  const c = await TestClient.open(server.port, APP.key, 'protocol=7', headers);
  clients.push(c);
  return c;
}

async function joinPresence(c: TestClient, channel: string, userId: number, info: object = {}) {
  const auth = signChannelAuth(APP, c.socketId, channel, { user_id: userId, user_info: info });
  c.send({ event: 'pusher:subscribe', data: { channel, ...auth } });
  return c.event('pusher_internal:subscription_succeeded', channel);
}

afterEach(async () => {
  for (const c of clients) c.close();
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  clients = [];
});

describe('realtime server', () => {
  it('hands out a \\d+.\\d+ socket id and the default 120 s activity timeout', async () => {
    const server = await start();
    const ws = await TestClient.open(server.port);
    clients.push(ws);
    expect(ws.socketId).toMatch(/^\d+\.\d+$/);
    expect(ACTIVITY_TIMEOUT_SECONDS).toBe(120);
    const again = await TestClient.open(server.port);
    clients.push(again);
    expect(again.socketId).not.toBe(ws.socketId);
  });

  it('sends connection_established with activity_timeout 120 by default', async () => {
    const server = await start();
    const { WebSocket } = await import('ws');
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/app/key?protocol=7`);
    const first = await new Promise<string>((r) => ws.once('message', (m) => r(m.toString())));
    ws.close();
    const frame = JSON.parse(first);
    expect(frame.event).toBe('pusher:connection_established');
    expect(typeof frame.data).toBe('string');
    expect(JSON.parse(frame.data).activity_timeout).toBe(120);
  });

  it('refuses a page from an origin not allowed, and a socket with no Origin, with 4009', async () => {
    const server = await startRealtimeServer({
      port: 0,
      apps: [{ ...APP, allowedOrigins: ['farm.example'] }],
      onError: () => {},
    });
    servers.push(server);
    const from = async (headers: Record<string, string>) => {
      const c = await TestClient.open(server.port, APP.key, 'protocol=7', headers);
      clients.push(c);
      return c;
    };
    expect((await from({ origin: 'https://farm.example' })).socketId).not.toBe('');
    const strangers: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'https://farm.example.evil.test' },
      {},
    ];
    for (const headers of strangers) {
      const refused = await from(headers);
      expect(refused.socketId).toBe('');
      expect(await refused.closed).toBe(4009);
    }
  });

  it("presence: member_added only on a user's first connection, member_removed only on the last", async () => {
    const server = await start();
    const watcher = await client(server);
    const ok = await joinPresence(watcher, 'presence-room', 1, { name: 'Ali' });
    expect(ok.data).toEqual({ presence: { count: 1, ids: ['1'], hash: { '1': { name: 'Ali' } } } });
    const tab1 = await client(server);
    const tab2 = await client(server);
    await joinPresence(tab1, 'presence-room', 2, { name: 'Sara' });
    const second = await joinPresence(tab2, 'presence-room', 2, { name: 'Sara' });
    expect(second.data.presence.count).toBe(2);
    await watcher.event('pusher_internal:member_added', 'presence-room');
    tab1.send({ event: 'pusher:unsubscribe', data: { channel: 'presence-room' } });
    await new Promise((r) => setTimeout(r, 100));
    expect(watcher.frames.filter((f) => f.event.startsWith('pusher_internal:member'))).toEqual([]);
    tab2.close();
    const removed = await watcher.event('pusher_internal:member_removed', 'presence-room');
    expect(removed.data).toEqual({ user_id: 2 });
    expect(watcher.frames.filter((f) => f.event === 'pusher_internal:member_added')).toEqual([]);
  });

  it('presence: refuses a member beyond maxPresenceMembers with 4100', async () => {
    const server = await start({ apps: [{ ...APP, maxPresenceMembers: 1 }] });
    await joinPresence(await client(server), 'presence-full', 1);
    const late = await client(server);
    const auth = signChannelAuth(APP, late.socketId, 'presence-full', { user_id: 2 });
    late.send({ event: 'pusher:subscribe', data: { channel: 'presence-full', ...auth } });
    const error = await late.event('pusher:error');
    expect(error.data.code).toBe(4100);
  });

  it('pings a silent client after the activity timeout and drops it with 4201 after the pong timeout', async () => {
    const server = await start({ activityTimeout: 0.2, pongTimeout: 0.2 });
    const silent = await client(server);
    const alive = await client(server);
    const ping = await silent.event('pusher:ping', undefined, 2000);
    expect(ping.event).toBe('pusher:ping');
    // `alive` answers its ping, `silent` does not.
    await alive.event('pusher:ping', undefined, 2000);
    alive.send({ event: 'pusher:pong', data: {} });
    const error = await silent.event('pusher:error', undefined, 2000);
    expect(error.data).toEqual({ code: 4201, message: 'Pong reply not received in time' });
    expect(await silent.closed).toBe(4201);
    expect(alive.ws.readyState).toBe(1);
  });

  it('cache channels replay the last event to new subscribers, or send pusher:cache_miss', async () => {
    const server = await start();
    const a = await client(server);
    a.send({ event: 'pusher:subscribe', data: { channel: 'cache-status' } });
    await a.event('pusher_internal:subscription_succeeded', 'cache-status');
    await a.event('pusher:cache_miss', 'cache-status');
    await server.trigger('cache-status', 'status', { load: 0.5 });
    const b = await client(server);
    b.send({ event: 'pusher:subscribe', data: { channel: 'cache-status' } });
    await b.event('pusher_internal:subscription_succeeded', 'cache-status');
    const replay = await b.event('status', 'cache-status');
    expect(replay.data).toEqual({ load: 0.5 });
  });

  it('presence client events carry the sender user_id and are not echoed', async () => {
    const server = await start();
    const a = await client(server);
    const b = await client(server);
    await joinPresence(a, 'presence-chat', 1);
    await joinPresence(b, 'presence-chat', 2);
    a.send({ event: 'client-typing', channel: 'presence-chat', data: { on: true } });
    const got = await b.event('client-typing', 'presence-chat');
    expect(got).toEqual({
      event: 'client-typing',
      channel: 'presence-chat',
      data: { on: true },
      user_id: '1',
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(a.frames.some((f) => f.event === 'client-typing')).toBe(false);
  });

  it('pusher:signin, #server-to-user channel, watchlist online/offline and terminate_connections', async () => {
    const server = await start();
    const watcher = await client(server);
    const w = signUserAuth(APP, watcher.socketId, { id: 'w', watchlist: ['42'] });
    watcher.send({ event: 'pusher:signin', data: w });
    await watcher.event('pusher:signin_success');
    const initial = await watcher.event('pusher_internal:watchlist_events');
    expect(initial.data).toEqual({ events: [{ name: 'offline', user_ids: ['42'] }] });

    const user = await client(server);
    user.send({ event: 'pusher:subscribe', data: { channel: '#server-to-user-42' } });
    expect((await user.event('pusher:error')).data.code).toBe(4009);
    user.send({ event: 'pusher:signin', data: signUserAuth(APP, user.socketId, { id: 42 }) });
    const success = await user.event('pusher:signin_success');
    expect(JSON.parse(success.data.user_data)).toEqual({ id: '42' });
    user.send({ event: 'pusher:subscribe', data: { channel: '#server-to-user-42' } });
    await user.event('pusher_internal:subscription_succeeded', '#server-to-user-42');
    const online = await watcher.event('pusher_internal:watchlist_events');
    expect(online.data).toEqual({ events: [{ name: 'online', user_ids: ['42'] }] });

    const publisher = createPublisher({ appId: APP.id, key: APP.key, secret: APP.secret, port: server.port });
    await publisher.terminateUserConnections(42);
    expect(await user.closed).toBe(4009);
    const offline = await watcher.event('pusher_internal:watchlist_events');
    expect(offline.data).toEqual({ events: [{ name: 'offline', user_ids: ['42'] }] });
  });

  it('HTTP API: channel listing, channel info, users, connections, batch and info on publish', async () => {
    const server = await start();
    const publisher = createPublisher({ appId: APP.id, key: APP.key, secret: APP.secret, port: server.port });
    const a = await client(server);
    const b = await client(server);
    await joinPresence(a, 'presence-team', 1);
    await joinPresence(b, 'presence-team', 2);
    a.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    await a.event('pusher_internal:subscription_succeeded', 'news');
    expect(await publisher.get('/channels')).toEqual({ channels: { 'presence-team': {}, news: {} } });
    expect(await publisher.get('/channels', { filter_by_prefix: 'presence-', info: 'user_count' })).toEqual({
      channels: { 'presence-team': { user_count: 2 } },
    });
    expect(await publisher.get('/channels/news', { info: 'subscription_count' })).toEqual({
      occupied: true,
      subscription_count: 1,
    });
    expect(await publisher.get('/channels/empty')).toEqual({ occupied: false });
    expect(await publisher.get('/channels/presence-team/users')).toEqual({ users: [{ id: 1 }, { id: 2 }] });
    expect(await publisher.get('/connections')).toEqual({ connections: 2 });
    expect(
      await publisher.trigger(
        ['presence-team', 'news'],
        'e',
        {},
        { info: ['user_count', 'subscription_count'] },
      ),
    ).toEqual({
      channels: {
        'presence-team': { user_count: 2, subscription_count: 2 },
        news: { subscription_count: 1 },
      },
    });
    expect(
      await publisher.triggerBatch([
        { channel: 'news', name: 'one', data: { n: 1 } },
        { channel: 'news', name: 'two', data: 'raw' },
      ]),
    ).toEqual({
      batch: {},
    });
    expect((await a.event('one', 'news')).data).toEqual({ n: 1 });
    expect((await a.event('two', 'news')).data).toBe('raw');
    const up = await fetch(`http://127.0.0.1:${server.port}/up`);
    expect(await up.json()).toEqual({ health: 'OK' });
    expect((await fetch(`http://127.0.0.1:${server.port}/nowhere`)).status).toBe(404);
  });
});
