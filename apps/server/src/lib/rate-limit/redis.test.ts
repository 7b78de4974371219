import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisForTests } from '../../../../../tests/support/services';
import { runRateLimiterContract } from './rate-limiter.contract';
import { createRedisRateLimiter } from './redis';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const haveRedis = await redisForTests();
// A prefix of its own per run: parallel runs and leftovers never share a counter.
const prefix = `rf:test:${randomBytes(6).toString('hex')}:`;
const admin = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });

afterAll(async () => {
  if (!haveRedis) return;
  const keys = await admin.keys(`${prefix}*`);
  if (keys.length > 0) await admin.del(...keys);
  await admin.quit();
});

describe.runIf(haveRedis)('Redis rate limiter', () => {
  let run = 0;
  runRateLimiterContract('redis', () => createRedisRateLimiter({ redis: url, prefix: `${prefix}${run++}:` }));

  it('shares counters between two clients of one Redis (two nodes)', async () => {
    const a = createRedisRateLimiter({ redis: url, prefix: `${prefix}shared:` });
    const b = createRedisRateLimiter({ redis: url, prefix: `${prefix}shared:` });
    try {
      expect((await a.hit('login', 2, 60)).allowed).toBe(true);
      expect((await b.hit('login', 2, 60)).allowed).toBe(true);
      expect((await a.hit('login', 2, 60)).allowed).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
