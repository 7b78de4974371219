/**
 * Conformance: the real laravel-echo + pusher-js, and our own client, against our server.
 * Every scenario runs for both drivers with the same code.
 */
import { createPublisher } from '@renderfarm/realtime/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  APP,
  CSRF,
  type Driver,
  type EchoLike,
  echoDriver,
  ourDriver,
  startAuthServer,
  startServer,
  subscribed,
  waitFor,
} from './realtime/harness.js';

describe.each([echoDriver, ourDriver] as Driver[])('$name against our server', (driver) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let auth: Awaited<ReturnType<typeof startAuthServer>>;
  let clients: EchoLike[] = [];
  const publisher = () =>
    createPublisher({
      appId: APP.id,
      key: APP.key,
      secret: APP.secret,
      host: '127.0.0.1',
      port: server.port,
    });
  const connect = (user = '1') => {
    const client = driver.connect({ port: server.port, authUrl: auth.url, user });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startServer();
    auth = await startAuthServer();
  });
  afterEach(() => {
    for (const c of clients) c.disconnect();
    clients = [];
  });
  afterAll(async () => {
    await server.close();
    await auth.close();
  });

  it('receives a namespaced event on a public channel published through the signed HTTP API', async () => {
    const echo = connect();
    const got: unknown[] = [];
    const channel = echo.channel('render-news').listen('FrameRendered', (e: unknown) => got.push(e));
    await subscribed(channel);
    await publisher().trigger('render-news', 'App\\Events\\FrameRendered', { frame: 12, job: 'scene-1' });
    await publisher().trigger('render-news', 'App\\Events\\Other', { ignored: true });
    await waitFor(() => got.length === 1, 5000, 'event');
    expect(got).toEqual([{ frame: 12, job: 'scene-1' }]);
  });

  it('authorises a private channel through /broadcasting/auth with the CSRF header, and refuses a forbidden one', async () => {
    const echo = connect('1');
    const got: unknown[] = [];
    const own = echo.private('instances.7').listen('.instance.updated', (e: unknown) => got.push(e));
    await subscribed(own);
    expect(auth.requests.some((r) => r.path === '/broadcasting/auth' && r.csrf === CSRF)).toBe(true);
    const errors: unknown[] = [];
    echo.private('instances.8').error((e: unknown) => errors.push(e));
    await waitFor(() => errors.length > 0, 5000, 'forbidden channel error');
    await publisher().trigger(['private-instances.7', 'private-instances.8'], 'instance.updated', {
      status: 'running',
    });
    await waitFor(() => got.length === 1, 5000, 'private event');
    expect(got).toEqual([{ status: 'running' }]);
  });

  it('presence: here, joining and leaving', async () => {
    const a = connect('1');
    const here: unknown[][] = [];
    const joined: unknown[] = [];
    const left: unknown[] = [];
    const roomA = a
      .join('render.42')
      .here((m: unknown[]) => here.push(m))
      .joining((m: unknown) => joined.push(m))
      .leaving((m: unknown) => left.push(m));
    await subscribed(roomA);
    await waitFor(() => here.length === 1, 5000, 'here A');
    expect(here[0]).toEqual([{ id: 1, name: 'Ali' }]);

    const b = connect('2');
    const hereB: unknown[][] = [];
    b.join('render.42').here((m: unknown[]) => hereB.push(m));
    await waitFor(() => hereB.length === 1 && joined.length === 1, 5000, 'join');
    expect(joined).toEqual([{ id: 2, name: 'Sara' }]);
    expect(hereB[0]).toHaveLength(2);
    expect(hereB[0]).toEqual(
      expect.arrayContaining([
        { id: 1, name: 'Ali' },
        { id: 2, name: 'Sara' },
      ]),
    );

    b.leave('render.42');
    await waitFor(() => left.length === 1, 5000, 'leave');
    expect(left).toEqual([{ id: 2, name: 'Sara' }]);
  });

  it('whisper reaches the other members and is not echoed to the sender', async () => {
    const a = connect('1');
    const b = connect('2');
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    const chA = a.private('chat.5').listenForWhisper('typing', (e: unknown) => gotA.push(e));
    const chB = b.private('chat.5').listenForWhisper('typing', (e: unknown) => gotB.push(e));
    await Promise.all([subscribed(chA), subscribed(chB)]);
    chA.whisper('typing', { name: 'Ali' });
    await waitFor(() => gotB.length === 1, 5000, 'whisper');
    await new Promise((r) => setTimeout(r, 150));
    expect(gotB).toEqual([{ name: 'Ali' }]);
    expect(gotA).toEqual([]);
  });

  it('skips the sender socket when the publish carries socket_id (toOthers)', async () => {
    const a = connect('1');
    const b = connect('2');
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    const chA = a.channel('ticket-9').listen('.replied', (e: unknown) => gotA.push(e));
    const chB = b.channel('ticket-9').listen('.replied', (e: unknown) => gotB.push(e));
    await Promise.all([subscribed(chA), subscribed(chB)]);
    const socketId = a.socketId();
    expect(socketId).toMatch(/^\d+\.\d+$/);
    await publisher().trigger('ticket-9', 'replied', { by: 1 }, { socketId });
    await waitFor(() => gotB.length === 1, 5000, 'toOthers');
    await new Promise((r) => setTimeout(r, 150));
    expect(gotA).toEqual([]);
  });

  it('reconnects and resubscribes (re-authorising) after a server restart', async () => {
    const own = await startServer({}, 0);
    const port = own.port;
    const client = driver.connect({ port, authUrl: auth.url, user: '1' });
    clients.push(client);
    const gotPublic: unknown[] = [];
    const gotPrivate: unknown[] = [];
    const pub = client.channel('restart-news').listen('.ping', (e: unknown) => gotPublic.push(e));
    const priv = client.private('instances.7').listen('.ping', (e: unknown) => gotPrivate.push(e));
    await Promise.all([subscribed(pub), subscribed(priv)]);
    const firstSocket = client.socketId();
    await own.close();
    const again = await startServer({}, port);
    try {
      await waitFor(() => client.socketId() && client.socketId() !== firstSocket, 30_000, 'reconnect');
      const p = createPublisher({ appId: APP.id, key: APP.key, secret: APP.secret, port });
      // Publish until both resubscriptions land (the private one waits for a new auth round trip).
      await waitFor(
        () => {
          const done = gotPublic.length > 0 && gotPrivate.length > 0;
          if (!done)
            void p.trigger(['restart-news', 'private-instances.7'], 'ping', { n: 1 }).catch(() => {});
          return done;
        },
        30_000,
        'events after restart',
      );
    } finally {
      client.disconnect();
      await again.close();
    }
  });
});
