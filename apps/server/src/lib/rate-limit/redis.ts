import { Redis } from 'ioredis';
import { ServiceUnavailableError } from '../service-unavailable';
import type { SharedRateLimiter } from './fallback';
import { assertLimitArguments, rateLimitResult } from './rate-limiter';

// One round trip, atomic: count the hit, open the window on the first one, report the time left.
// The PTTL < 0 branch repairs a key that lost its expiry (it would otherwise lock forever).
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

// Atomic too: a key that has expired (or never was) stays absent, and a count never goes below 0.
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

const LOST = new Set(['reconnecting', 'close', 'end']);

export interface RedisRateLimiterOptions {
  /** A redis:// URL, or an existing client (which `close` then leaves open). */
  redis: string | Redis;
  /** Put before every key, so several apps (or test runs) can share one Redis. */
  prefix?: string;
}

/** Counters in Redis, shared by every node of the app. */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): SharedRateLimiter {
  const owned = typeof options.redis === 'string';
  const client =
    typeof options.redis === 'string'
      ? new Redis(options.redis, { maxRetriesPerRequest: 2, lazyConnect: false, commandTimeout: 2000 })
      : options.redis;
  // Reconnecting is ioredis's job; each refused command says so below.
  if (owned) client.on('error', () => {});
  const prefix = options.prefix ?? 'rf:rl:';
  /** Redis not answering: a Persian 503 for the request, not a 500 (the cause kept for the log). */
  const asked = async <T>(command: () => Promise<T>): Promise<T> => {
    try {
      return await command();
    } catch (error) {
      throw new ServiceUnavailableError(error);
    }
  };

  return {
    // Lost (reconnecting, closed): not asked. Still connecting at start: asked (the command waits for it).
    ready: () => !LOST.has(client.status),
    async hit(key, limit, windowSeconds) {
      assertLimitArguments(limit, windowSeconds);
      const windowMs = Math.max(1, Math.round(windowSeconds * 1000));
      const [count, ttl] = (await asked(() => client.eval(HIT_SCRIPT, 1, prefix + key, windowMs))) as [
        number,
        number,
      ];
      return rateLimitResult(count, limit, ttl);
    },
    async peek(key, limit) {
      const [count, ttl] = await asked(() =>
        Promise.all([client.get(prefix + key), client.pttl(prefix + key)]),
      );
      const used = Number(count ?? 0);
      if (used === 0 || ttl <= 0) return rateLimitResult(0, limit, 0);
      const result = rateLimitResult(used + 1, limit, ttl);
      return { ...result, remaining: Math.max(0, limit - used) };
    },
    async release(key) {
      await asked(() => client.eval(RELEASE_SCRIPT, 1, prefix + key));
    },
    async reset(key) {
      await asked(() => client.del(prefix + key));
    },
    async close() {
      if (owned) await client.quit().catch(() => client.disconnect());
    },
  };
}
