import { createMemoryRateLimiter } from './memory';
import type { RateLimiter } from './rate-limiter';
import { createRedisRateLimiter } from './redis';

export { createMemoryRateLimiter } from './memory';
export type { RateLimiter, RateLimitResult } from './rate-limiter';
export { createRedisRateLimiter } from './redis';

/** Redis-backed when REDIS_URL is set (counters shared by every node), in memory otherwise. */
export function createRateLimiter(options: { redisUrl?: string | undefined; prefix?: string }): RateLimiter {
  if (options.redisUrl) {
    return createRedisRateLimiter({
      redis: options.redisUrl,
      ...(options.prefix ? { prefix: options.prefix } : {}),
    });
  }
  return createMemoryRateLimiter();
}
