import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RateLimiter } from './rate-limiter';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One behaviour suite that every RateLimiter implementation must pass (Hono's contract tests). */
export function runRateLimiterContract(name: string, create: () => RateLimiter): void {
  describe(`rate limiter contract: ${name}`, () => {
    let limiter: RateLimiter;
    beforeEach(() => {
      limiter = create();
    });
    afterEach(async () => {
      await limiter.close();
    });

    it('allows up to the limit, then refuses with the time left in the window', async () => {
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limiter.hit('login:a', 3, 60));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
      expect(results.slice(0, 3).every((r) => r.retryAfter === 0)).toBe(true);
      expect(results[3]!.retryAfter).toBeGreaterThan(55);
      expect(results[3]!.retryAfter).toBeLessThanOrEqual(60);
    });

    it('counts every key on its own', async () => {
      await limiter.hit('k:1', 1, 60);
      expect((await limiter.hit('k:1', 1, 60)).allowed).toBe(false);
      expect((await limiter.hit('k:2', 1, 60)).allowed).toBe(true);
    });

    it('opens a new window when the old one has passed', async () => {
      expect((await limiter.hit('short', 1, 0.2)).allowed).toBe(true);
      expect((await limiter.hit('short', 1, 0.2)).allowed).toBe(false);
      await sleep(260);
      expect((await limiter.hit('short', 1, 0.2)).allowed).toBe(true);
    });

    it('keeps the window fixed while refused attempts keep coming', async () => {
      await limiter.hit('fixed', 1, 0.3);
      await sleep(150);
      expect((await limiter.hit('fixed', 1, 0.3)).allowed).toBe(false);
      await sleep(200);
      expect((await limiter.hit('fixed', 1, 0.3)).allowed).toBe(true);
    });

    it('forgets a key on reset', async () => {
      await limiter.hit('r', 1, 60);
      await limiter.reset('r');
      expect((await limiter.hit('r', 1, 60)).allowed).toBe(true);
    });

    it('gives one attempt back on release, keeping the window and never going below zero', async () => {
      await limiter.hit('g', 2, 60);
      await limiter.hit('g', 2, 60);
      await limiter.release('g');
      expect((await limiter.peek('g', 2)).remaining).toBe(1);
      expect((await limiter.hit('g', 2, 60)).allowed).toBe(true);
      expect((await limiter.hit('g', 2, 60)).allowed).toBe(false);
      await limiter.release('never-hit');
      await limiter.release('never-hit');
      expect((await limiter.hit('never-hit', 1, 60)).allowed).toBe(true);
      await limiter.release('never-hit');
      await limiter.release('never-hit');
      expect((await limiter.peek('never-hit', 1)).remaining).toBe(1);
    });

    it('peeks without counting', async () => {
      expect(await limiter.peek('p', 2)).toEqual({ allowed: true, remaining: 2, retryAfter: 0 });
      await limiter.hit('p', 2, 60);
      expect((await limiter.peek('p', 2)).remaining).toBe(1);
      await limiter.hit('p', 2, 60);
      const full = await limiter.peek('p', 2);
      expect(full.allowed).toBe(false);
      expect(full.retryAfter).toBeGreaterThan(0);
      expect((await limiter.hit('p', 2, 60)).allowed).toBe(false);
    });

    it('refuses nonsense limits', async () => {
      await expect(limiter.hit('x', 0, 60)).rejects.toThrow(RangeError);
      await expect(limiter.hit('x', 1, 0)).rejects.toThrow(RangeError);
    });

    it('counts concurrent hits exactly', async () => {
      const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('burst', 5, 60)));
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
    });
  });
}
