import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisServerInstalled, startRedisServer } from '../../../../../tests/cluster/processes';
import { ServiceUnavailableError } from '../service-unavailable';
import { FALLBACK_WORDS, type SharedRateLimiter, withMemoryFallback } from './fallback';
import { createMemoryRateLimiter } from './memory';
import { createRedisRateLimiter } from './redis';

const logged = () => {
  const lines: string[] = [];
  return { lines, log: { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) } };
};

/** A shared store that is up or away at the test's word (away: it throws as Redis's limiter does). */
function switchable(): SharedRateLimiter & { up: boolean } {
  const inner = createMemoryRateLimiter();
  const state = {
    up: true,
    ready: () => state.up,
    hit: (key: string, limit: number, window: number) =>
      state.up ? inner.hit(key, limit, window) : Promise.reject(new ServiceUnavailableError()),
    peek: (key: string, limit: number) =>
      state.up ? inner.peek(key, limit) : Promise.reject(new ServiceUnavailableError()),
    release: (key: string) => (state.up ? inner.release(key) : Promise.reject(new ServiceUnavailableError())),
    reset: (key: string) => (state.up ? inner.reset(key) : Promise.reject(new ServiceUnavailableError())),
    close: () => inner.close(),
  };
  return state;
}

describe('rate limits while Redis is away', () => {
  it('counts in memory while the shared store fails, says so once each way, and goes back', async () => {
    const shared = switchable();
    const { lines, log } = logged();
    const limiter = withMemoryFallback(shared, log);
    expect((await limiter.hit('k', 3, 60)).allowed).toBe(true);
    shared.up = false;
    // Still limited while away: three more hits in memory are allowed, the fourth is not.
    const away = [];
    for (let i = 0; i < 4; i++) away.push((await limiter.hit('k', 3, 60)).allowed);
    expect(away).toEqual([true, true, true, false]);
    expect((await limiter.peek('k', 3)).allowed).toBe(false);
    await limiter.reset('k');
    expect(lines).toEqual([FALLBACK_WORDS.away]);
    shared.up = true;
    // Back: the shared count (one hit before the outage) is the one that counts again.
    expect(await limiter.hit('k', 3, 60)).toMatchObject({ allowed: true, remaining: 1 });
    await limiter.hit('k', 3, 60);
    expect(lines).toEqual([FALLBACK_WORDS.away, FALLBACK_WORDS.back]);
  });

  it('passes on errors that are not an outage', async () => {
    const shared = switchable();
    shared.hit = () => Promise.reject(new RangeError('limit must be a positive integer'));
    const limiter = withMemoryFallback(shared, logged().log);
    await expect(limiter.hit('k', 0, 60)).rejects.toBeInstanceOf(RangeError);
  });
});

describe.runIf(redisServerInstalled())('rate limits with a real Redis stopped and started', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  beforeAll(async () => {
    redis = await startRedisServer();
  }, 30_000);
  afterAll(() => redis.stop());

  it('answers every hit during the outage (no 503), then counts in Redis again', async () => {
    const { lines, log } = logged();
    const limiter = withMemoryFallback(createRedisRateLimiter({ redis: redis.url, prefix: 'fb:' }), log);
    const direct = new Redis(redis.url);
    direct.on('error', () => {});
    try {
      await expect.poll(() => limiter.hit('ip', 100, 60).then((r) => r.allowed)).toBe(true);
      expect(Number(await direct.get('fb:ip'))).toBeGreaterThan(0);
      await redis.stop();
      const started = Date.now();
      for (let i = 0; i < 20; i++) expect((await limiter.hit('ip', 100, 60)).allowed).toBe(true);
      // Not a retry per request: twenty hits answer quickly from memory.
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(lines).toEqual([FALLBACK_WORDS.away]);
      await redis.start();
      await expect
        .poll(
          async () => {
            await limiter.hit('ip', 100, 60);
            return lines.length;
          },
          {
            timeout: 15_000,
            interval: 200,
          },
        )
        .toBe(2);
      expect(lines).toEqual([FALLBACK_WORDS.away, FALLBACK_WORDS.back]);
      const direct2 = new Redis(redis.url);
      expect(Number(await direct2.get('fb:ip'))).toBeGreaterThan(0);
      direct2.disconnect();
    } finally {
      direct.disconnect();
      await limiter.close();
    }
  }, 60_000);
});
