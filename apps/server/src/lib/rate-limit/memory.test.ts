import { expect, it } from 'vitest';
import { createMemoryRateLimiter } from './memory';
import { runRateLimiterContract } from './rate-limiter.contract';

runRateLimiterContract('memory', () => createMemoryRateLimiter());

it('follows an injected clock', async () => {
  let now = Date.parse('2025-01-01T00:00:00Z');
  const limiter = createMemoryRateLimiter({ clock: () => new Date(now) });
  await limiter.hit('c', 1, 3600);
  const refused = await limiter.hit('c', 1, 3600);
  expect(refused).toEqual({ allowed: false, remaining: 0, retryAfter: 3600 });
  now += 3599_000;
  expect((await limiter.hit('c', 1, 3600)).retryAfter).toBe(1);
  now += 1000;
  expect((await limiter.hit('c', 1, 3600)).allowed).toBe(true);
});
