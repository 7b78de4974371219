/**
 * Bad input at the protocol level: each kind of abuse gets its Pusher error code, and the server
 * keeps serving afterwards. Ends with a fast-check fuzz run of arbitrary frames.
 */
import { createPublisher, signChannelAuth, signedQuery } from '@renderfarm/realtime/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, startServer } from './realtime/harness.js';
import { type Frame, isError, type RawClient, rawConnect } from './realtime/raw-client.js';

/** Every code the server may send in a pusher:error (realtime-routes.md §1.3). */
const KNOWN_CODES = new Set([4001, 4004, 4005, 4006, 4007, 4008, 4009, 4100, 4200, 4201, 4301]);

describe('bad input gets its protocol error code and the server stays up', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let quotaServer: Awaited<ReturnType<typeof startServer>>;
  const open: RawClient[] = [];
  const connect = async (...args: Parameters<typeof rawConnect> extends [number, ...infer R] ? R : never) => {
    const c = await rawConnect(server.port, ...args);
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    server = await startServer();
    quotaServer = await startServer({
      apps: [{ ...APP, maxConnections: 2, allowedOrigins: ['app.renderfarm.test', '*.renderfarm.ir'] }],
    });
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await server.close();
    await quotaServer.close();
  });

  async function stillUp(port = server.port, headers: Record<string, string> = {}) {
    const c = await rawConnect(port, undefined, headers);
    expect(c.frames[0]?.event).toBe('pusher:connection_established');
    c.send({ event: 'pusher:ping', data: {} });
    await c.next((f) => f.event === 'pusher:pong');
    c.close();
    const up = await fetch(`http://127.0.0.1:${port}/up`);
    expect(await up.json()).toEqual({ health: 'OK' });
  }

  it('4200 for non-JSON, binary, non-object and unknown frames; the socket stays open', async () => {
    const c = await connect();
    for (const bad of ['not json', '{"event":', '[1,2]', '42', 'null', '{"data":{}}', '{"event":12}']) {
      c.frames.length = 0;
      c.send(bad);
      await c.next(isError(4200));
    }
    c.frames.length = 0;
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await c.next(isError(4200));
    c.frames.length = 0;
    c.send({ event: 'pusher:teleport', data: {} });
    const unknown = await c.next(isError(4200));
    expect(unknown.data.message).toContain('Unknown event');
    c.frames.length = 0;
    c.send({ event: 'pusher:subscribe', data: { channel: 'bad channel!' } });
    await c.next(isError(4200));
    expect(c.ws.readyState).toBe(1);
  });

  it('4301 for frames above the 10 KB default message size', async () => {
    const c = await connect();
    c.send({ event: 'client-big', channel: 'private-x', data: 'x'.repeat(10_001) });
    const error = await c.next(isError(4301));
    expect(error.data.message).toContain('10000');
    expect(c.ws.readyState).toBe(1);
  });

  it('4009 for bad signatures (private and presence) with a channel-scoped subscription_error', async () => {
    const c = await connect();
    c.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-instances.7', auth: `${APP.key}:${'0'.repeat(64)}` },
    });
    await c.next(isError(4009));
    const scoped = await c.next((f) => f.event === 'pusher:subscription_error');
    expect(scoped.channel).toBe('private-instances.7');
    // A signature made for another socket id is refused too.
    const other = signChannelAuth(APP, '1.1', 'private-instances.7');
    c.frames.length = 0;
    c.send({ event: 'pusher:subscribe', data: { channel: 'private-instances.7', auth: other.auth } });
    await c.next(isError(4009));
    c.frames.length = 0;
    c.send({ event: 'pusher:subscribe', data: { channel: 'presence-room', auth: 'k:abc' } });
    await c.next(isError(4009));
    // pusher:signin with a forged signature.
    c.frames.length = 0;
    c.send({ event: 'pusher:signin', data: { auth: 'k:forged', user_data: '{"id":"1"}' } });
    await c.next(isError(4009));
    // The reserved server-to-user channel of someone else.
    c.frames.length = 0;
    c.send({ event: 'pusher:subscribe', data: { channel: '#server-to-user-1' } });
    await c.next(isError(4009));
  });

  it('client events: 4301 on public channels, 4009 when not a member, 4301 beyond 10 per second', async () => {
    const c = await connect();
    c.send({ event: 'pusher:subscribe', data: { channel: 'public-room' } });
    await c.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    c.send({ event: 'client-hi', channel: 'public-room', data: {} });
    await c.next(isError(4301));
    c.frames.length = 0;
    c.send({ event: 'client-hi', channel: 'private-not-joined', data: {} });
    await c.next(isError(4009));
    const auth = signChannelAuth(APP, c.socketId, 'private-chat');
    c.send({ event: 'pusher:subscribe', data: { channel: 'private-chat', auth: auth.auth } });
    await c.next((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === 'private-chat');
    c.frames.length = 0;
    for (let i = 0; i < 15; i++) c.send({ event: 'client-typing', channel: 'private-chat', data: { i } });
    const limited = await c.next(isError(4301));
    expect(limited.data.message).toBe('Rate limit exceeded');
    // 17 client events in about one second (2 above + 15): 10 pass, the rest are refused. A ping's
    // pong comes after the answers to every frame sent before it on this socket: all are counted.
    c.send({ event: 'pusher:ping', data: {} });
    await c.next((f) => f.event === 'pusher:pong');
    const refused = c.frames.filter(isError(4301)).length;
    expect(refused).toBeGreaterThanOrEqual(5);
    expect(refused).toBeLessThanOrEqual(7);
  });

  it('a flood of frames is cut with 4301 and does not take the server down', async () => {
    const c = await connect();
    for (let i = 0; i < 300; i++) c.send({ event: 'pusher:ping', data: {} });
    await c.next(isError(4301));
    const pongs = c.frames.filter((f) => f.event === 'pusher:pong').length;
    expect(pongs).toBeLessThanOrEqual(100);
    await stillUp();
  });

  it('connection-level codes: 4001 unknown app, 4005 bad path, 4006/4007/4008 protocol, 4004 quota, 4009 origin', async () => {
    const cases: [string, number, Record<string, string>?][] = [
      ['/app/nope?protocol=7', 4001],
      ['/elsewhere', 4005],
      ['/app/test-key?protocol=x', 4006],
      ['/app/test-key?protocol=3', 4007],
      ['/app/test-key', 4008],
    ];
    for (const [path, code] of cases) {
      const c = await rawConnect(server.port, path);
      expect(c.frames[0]).toMatchObject({ event: 'pusher:error', data: { code } });
      expect((await c.closed).code).toBe(code);
    }
    const origin = { origin: 'https://app.renderfarm.test' };
    const first = await rawConnect(quotaServer.port, undefined, origin);
    const second = await rawConnect(quotaServer.port, undefined, { origin: 'https://panel.renderfarm.ir' });
    expect(second.frames[0]?.event).toBe('pusher:connection_established');
    const third = await rawConnect(quotaServer.port, undefined, origin);
    expect(third.frames[0]).toMatchObject({ event: 'pusher:error', data: { code: 4004 } });
    expect((await third.closed).code).toBe(4004);
    first.close();
    await first.closed;
    const evil = await rawConnect(quotaServer.port, undefined, { origin: 'https://evil.example' });
    expect(evil.frames[0]).toMatchObject({ event: 'pusher:error', data: { code: 4009 } });
    expect((await evil.closed).code).toBe(4009);
    second.close();
    await stillUp(quotaServer.port, origin);
  });

  it('HTTP API: 401 for bad signature, stale timestamp, wrong key or body_md5; 404 unknown app; 413 oversized data', async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const body = JSON.stringify({ name: 'x', data: '{}', channel: 'news' });
    const post = (path: string, query: Record<string, string>, payload = body) =>
      fetch(`${base}${path}?${new URLSearchParams(query)}`, {
        method: 'POST',
        body: payload,
        headers: { 'content-type': 'application/json' },
      });
    const path = `/apps/${APP.id}/events`;
    const good = signedQuery({ key: APP.key, secret: APP.secret, method: 'POST', path, body });
    expect((await post(path, good)).status).toBe(200);
    expect((await post(path, { ...good, auth_signature: 'f'.repeat(64) })).status).toBe(401);
    const stale = signedQuery({
      key: APP.key,
      secret: APP.secret,
      method: 'POST',
      path,
      body,
      timestamp: Math.floor(Date.now() / 1000) - 601,
    });
    expect((await post(path, stale)).status).toBe(401);
    const wrongKey = signedQuery({ key: 'other', secret: APP.secret, method: 'POST', path, body });
    expect((await post(path, wrongKey)).status).toBe(401);
    expect((await post(path, good, JSON.stringify({ name: 'y', data: '{}', channel: 'news' }))).status).toBe(
      401,
    );
    const wrongSecret = signedQuery({ key: APP.key, secret: 'nope', method: 'POST', path, body });
    expect((await post(path, wrongSecret)).status).toBe(401);
    expect((await post('/apps/999/events', good)).status).toBe(404);
    const publisher = createPublisher({ appId: APP.id, key: APP.key, secret: APP.secret, port: server.port });
    await expect(publisher.trigger('news', 'big', 'x'.repeat(10_001))).rejects.toMatchObject({ status: 413 });
    await expect(publisher.trigger('bad channel', 'e', '{}')).rejects.toMatchObject({ status: 422 });
    await expect(publisher.get('/channels/news/users')).rejects.toMatchObject({ status: 400 });
    await stillUp();
  });

  it('fuzz: arbitrary frames only ever produce known error codes, and the server keeps answering', async () => {
    const c = await rawConnect(server.port);
    open.push(c);
    const frameArb = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.json({ maxDepth: 3 }),
      fc
        .record({
          event: fc.oneof(
            fc.constantFrom(
              'pusher:subscribe',
              'pusher:unsubscribe',
              'pusher:signin',
              'pusher:ping',
              'client-x',
              'pusher:zzz',
            ),
            fc.string(),
          ),
          channel: fc.option(
            fc.oneof(fc.string(), fc.constantFrom('private-a', 'presence-b', 'cache-c', '#server-to-user-1')),
          ),
          data: fc.option(
            fc.oneof(
              fc.jsonValue({ maxDepth: 2 }),
              fc.record({ channel: fc.string(), auth: fc.string(), channel_data: fc.string() }),
            ),
          ),
        })
        .map((f) => JSON.stringify(f)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(frameArb, { minLength: 1, maxLength: 8 }), async (frames) => {
        for (const f of frames) c.send(f);
        c.frames.length = 0;
        // A ping round trip orders after every frame above on this socket.
        c.send({ event: 'pusher:ping', data: {} });
        await c.next(
          (f: Frame) => f.event === 'pusher:pong' || (f.event === 'pusher:error' && f.data?.code === 4301),
          5000,
        );
        for (const f of c.frames)
          if (f.event === 'pusher:error') expect(KNOWN_CODES.has(f.data.code)).toBe(true);
        expect(c.ws.readyState).toBe(1);
        // Stay under the 100 frames/s flood limit.
        await new Promise((r) => setTimeout(r, 60));
      }),
      { numRuns: 60 },
    );
    await stillUp();
  });
});
