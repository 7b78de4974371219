import { ServiceUnavailableError } from '../service-unavailable';
import { createMemoryRateLimiter } from './memory';
import type { RateLimiter } from './rate-limiter';

/** A shared limiter that can say, without a round trip, whether its link is lost now. */
export interface SharedRateLimiter extends RateLimiter {
  ready(): boolean;
}

export interface FallbackLog {
  info(message: string): void;
  warn(message: string): void;
}

export const FALLBACK_WORDS = {
  away: 'Rate limits: Redis does not answer; counting in this process until it returns',
  back: 'Rate limits: counting in Redis again',
};

/**
 * Limits that outlive a Redis outage: counters in Redis (shared by every server) while it answers,
 * in this process's memory while it does not, so sign-in, codes and the API keep working (and keep
 * refusing guessers, per server) instead of answering 503. Each switch is logged once, not per
 * request. A disconnected client is not asked at all, so nobody waits for its retries.
 */
export function withMemoryFallback(shared: SharedRateLimiter, log: FallbackLog): RateLimiter {
  const memory = createMemoryRateLimiter();
  let away = false;
  const switchTo = (awayNow: boolean) => {
    if (awayNow === away) return;
    away = awayNow;
    if (away) log.warn(FALLBACK_WORDS.away);
    else log.info(FALLBACK_WORDS.back);
  };
  /** Redis's answer when it gives one, else the same question asked of this process's counters. */
  const ask = async <T>(question: (limiter: RateLimiter) => Promise<T>): Promise<T> => {
    if (shared.ready()) {
      try {
        const answer = await question(shared);
        switchTo(false);
        return answer;
      } catch (error) {
        if (!(error instanceof ServiceUnavailableError)) throw error;
      }
    }
    switchTo(true);
    return question(memory);
  };

  return {
    hit: (key, limit, windowSeconds) => ask((limiter) => limiter.hit(key, limit, windowSeconds)),
    peek: (key, limit) => ask((limiter) => limiter.peek(key, limit)),
    // A place taken in either store is given back in both (never below zero in each).
    async release(key) {
      await memory.release(key);
      if (shared.ready()) await shared.release(key).catch(ignoreUnavailable);
    },
    async reset(key) {
      await memory.reset(key);
      if (shared.ready()) await shared.reset(key).catch(ignoreUnavailable);
    },
    async close() {
      await Promise.all([shared.close(), memory.close()]);
    },
  };
}

function ignoreUnavailable(error: unknown): void {
  if (!(error instanceof ServiceUnavailableError)) throw error;
}
