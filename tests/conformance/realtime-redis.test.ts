/**
 * Scale-out: two realtime processes sharing Redis (127.0.0.1:6379) under a unique key prefix.
 * A publish on either reaches subscribers on both, presence lists agree on both nodes, and a
 * SIGKILLed node's members are removed within the (shortened) activity timeout.
 */
import { randomBytes } from 'node:crypto';
import { createPublisher } from '@renderfarm/realtime/server';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisForTests } from '../support/services';
import {
  APP,
  type EchoLike,
  echoDriver,
  ourDriver,
  startAuthServer,
  subscribed,
  waitFor,
} from './realtime/harness.js';
import { type ServerProcess, spawnServer } from './realtime/process.js';

const PREFIX = `rt-test-${process.pid}-${randomBytes(4).toString('hex')}`;
const ACTIVITY_TIMEOUT_S = 3;

describe.runIf(await redisForTests())('two realtime processes sharing Redis', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let auth: Awaited<ReturnType<typeof startAuthServer>>;
  const clients: EchoLike[] = [];
  const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true });
  const pub = (port: number) => createPublisher({ appId: APP.id, key: APP.key, secret: APP.secret, port });

  beforeAll(async () => {
    const env = {
      REVERB_APP_ID: APP.id,
      REVERB_APP_KEY: APP.key,
      REVERB_APP_SECRET: APP.secret,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REVERB_REDIS_PREFIX: PREFIX,
      REVERB_APP_ACTIVITY_TIMEOUT: String(ACTIVITY_TIMEOUT_S),
    };
    [a, b, auth] = await Promise.all([spawnServer(env), spawnServer(env), startAuthServer()]);
    await redis.connect();
  });

  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await Promise.all([a?.stop(), b?.stop(), auth?.close()]);
    // Leave nothing behind in the shared Redis.
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${PREFIX}:*`, 'COUNT', 1000);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('delivers a publish made on one node to subscribers on both nodes', async () => {
    const onA = echoDriver.connect({ port: a.port, authUrl: auth.url, user: '1' });
    const onB = ourDriver.connect({ port: b.port, authUrl: auth.url, user: '2' });
    clients.push(onA, onB);
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    const chA = onA.channel('farm-status').listen('.tick', (e: unknown) => gotA.push(e));
    const chB = onB.channel('farm-status').listen('.tick', (e: unknown) => gotB.push(e));
    await Promise.all([subscribed(chA), subscribed(chB)]);
    await pub(a.port).trigger('farm-status', 'tick', { from: 'a' });
    await pub(b.port).trigger('farm-status', 'tick', { from: 'b' });
    await waitFor(() => gotA.length === 2 && gotB.length === 2, 5000, 'fan-out on both nodes');
    expect(gotA).toEqual([{ from: 'a' }, { from: 'b' }]);
    expect(gotB).toEqual([{ from: 'a' }, { from: 'b' }]);
    // Cluster-wide channel counts: the channel has one subscriber on each node.
    const info = await pub(a.port).get('/channels/farm-status', { info: 'subscription_count' });
    expect(info).toEqual({ occupied: true, subscription_count: 2 });
  });

  it("agrees on presence members across nodes, and removes a killed node's members within the activity timeout", async () => {
    const u1 = echoDriver.connect({ port: a.port, authUrl: auth.url, user: '1' });
    const u2 = ourDriver.connect({ port: b.port, authUrl: auth.url, user: '2' });
    const u3 = echoDriver.connect({ port: b.port, authUrl: auth.url, user: '3' });
    clients.push(u1, u2, u3);
    const joined: unknown[] = [];
    const left: { member: unknown; at: number }[] = [];
    const room1 = u1
      .join('render.cluster')
      .joining((m: unknown) => joined.push(m))
      .leaving((m: unknown) => left.push({ member: m, at: Date.now() }));
    await subscribed(room1);
    const here2: unknown[][] = [];
    u2.join('render.cluster').here((m: unknown[]) => here2.push(m));
    await waitFor(() => here2.length === 1, 5000, 'u2 here');
    expect(here2[0]).toEqual(
      expect.arrayContaining([
        { id: 1, name: 'Ali' },
        { id: 2, name: 'Sara' },
      ]),
    );
    await subscribed(u3.join('render.cluster'));
    await waitFor(() => joined.length === 2, 5000, 'joining across nodes');

    const usersOn = async (port: number) =>
      ((await pub(port).get('/channels/presence-render.cluster/users')) as { users: { id: unknown }[] }).users
        .map((u) => String(u.id))
        .sort();
    expect(await usersOn(a.port)).toEqual(['1', '2', '3']);
    expect(await usersOn(b.port)).toEqual(['1', '2', '3']);

    const killedAt = Date.now();
    await b.stop('SIGKILL');
    await waitFor(() => left.length === 2, ACTIVITY_TIMEOUT_S * 1000 + 2000, 'member_removed after kill');
    const slowest = Math.max(...left.map((l) => l.at - killedAt));
    expect(slowest).toBeLessThan(ACTIVITY_TIMEOUT_S * 1000);
    expect(left.map((l) => l.member)).toEqual(
      expect.arrayContaining([
        { id: 2, name: 'Sara' },
        { id: 3, name: 'Reza' },
      ]),
    );
    expect(await usersOn(a.port)).toEqual(['1']);
  });
});
