import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter', () => {
  it('allows N hits per one-second window', () => {
    let now = 1000;
    const limiter = new RateLimiter(3, () => now);
    expect([limiter.take(), limiter.take(), limiter.take(), limiter.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    now += 999;
    expect(limiter.take()).toBe(false);
    now += 1;
    expect(limiter.take()).toBe(true);
  });
});
