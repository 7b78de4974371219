import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_TEST_URL, redisForTests } from '../../../../../tests/support/services';
import { createSharedCache, type SharedCache } from './shared-cache';

const haveRedis = await redisForTests();
// A channel of its own per run: parallel runs never forget each other's keys.
const channel = `rf:test:cache:${randomBytes(6).toString('hex')}`;
const opened: SharedCache[] = [];
const open = () => {
  const cache = createSharedCache({ redisUrl: REDIS_TEST_URL, channel });
  opened.push(cache);
  return cache;
};

afterAll(async () => {
  await Promise.all(opened.map((cache) => cache.close()));
});

/** Waits until `check` passes (a pub/sub message takes a moment to arrive). */
async function eventually(check: () => Promise<void>, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

describe.runIf(haveRedis)('shared cache across processes (Redis)', () => {
  it('a forget in one process drops the value in the other', async () => {
    const a = open();
    const b = open();
    // Both subscribed before anything is cached (a cache's link coming up starts it afresh, and a
    // forget sent before b listens would never reach it): Redis counts the channel's subscribers.
    const probe = new Redis(REDIS_TEST_URL);
    try {
      await expect
        .poll(async () => ((await probe.pubsub('NUMSUB', channel)) as [string, number])[1], {
          timeout: 10_000,
          interval: 20,
        })
        .toBe(2);
    } finally {
      probe.disconnect();
    }
    let menus = 'قدیم';
    const load = async () => menus;
    expect(await a.remember('menus', load)).toBe('قدیم');
    expect(await b.remember('menus', load)).toBe('قدیم');
    menus = 'تازه';
    expect(await b.remember('menus', load)).toBe('قدیم');
    await a.forget('menus');
    expect(await a.remember('menus', load)).toBe('تازه');
    await eventually(async () => expect(await b.remember('menus', load)).toBe('تازه'));
  });
});
