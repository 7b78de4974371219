import type { Clock } from '../clock';
import { assertLimitArguments, type RateLimiter, rateLimitResult } from './rate-limiter';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Counters in this process's memory: right for one node and for tests (the clock is injectable).
 * Expired windows are dropped as they are met and by a sweep every 1000 hits, so memory stays
 * bounded by the keys active in the last window.
 */
export function createMemoryRateLimiter(options: { clock?: Clock } = {}): RateLimiter {
  const now = () => (options.clock ? options.clock().getTime() : Date.now());
  const windows = new Map<string, Window>();
  let hits = 0;

  const sweep = (at: number) => {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  };

  return {
    async hit(key, limit, windowSeconds) {
      assertLimitArguments(limit, windowSeconds);
      const at = now();
      if (++hits % 1000 === 0) sweep(at);
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      return rateLimitResult(window.count, limit, window.resetAt - at);
    },
    async peek(key, limit) {
      const at = now();
      const window = windows.get(key);
      if (!window || window.resetAt <= at) return rateLimitResult(0, limit, 0);
      // A peek asks "may one more go through?", so a full window reads as refused.
      const result = rateLimitResult(window.count + 1, limit, window.resetAt - at);
      return { ...result, remaining: Math.max(0, limit - window.count) };
    },
    async release(key) {
      const window = windows.get(key);
      if (window && window.resetAt > now() && window.count > 0) window.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}
