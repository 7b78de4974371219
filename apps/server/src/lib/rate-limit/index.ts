import { type FallbackLog, withMemoryFallback } from './fallback';
import { createMemoryRateLimiter } from './memory';
import type { RateLimiter } from './rate-limiter';
import { createRedisRateLimiter } from './redis';

export { FALLBACK_WORDS, type SharedRateLimiter, withMemoryFallback } from './fallback';
export { createMemoryRateLimiter } from './memory';
export type { RateLimiter, RateLimitResult } from './rate-limiter';
export { createRedisRateLimiter } from './redis';

/**
 * Redis-backed when REDIS_URL is set (counters shared by every node; in this process's memory while
 * Redis is away, said once in `log`), in memory otherwise.
 */
export function createRateLimiter(options: {
  redisUrl?: string | undefined;
  prefix?: string;
  log: FallbackLog;
}): RateLimiter {
  if (options.redisUrl) {
    const shared = createRedisRateLimiter({
      redis: options.redisUrl,
      ...(options.prefix ? { prefix: options.prefix } : {}),
    });
    return withMemoryFallback(shared, options.log);
  }
  return createMemoryRateLimiter();
}
