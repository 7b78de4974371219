import { afterEach, describe, expect, it } from 'vitest';
import { type Cache, createCache } from './cache';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const caches: Cache[] = [];
afterEach(async () => {
  await Promise.all(caches.splice(0).map((cache) => cache.close()));
});

async function redisAnswers(): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 500 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

describe('cache', () => {
  it('loads a key once, until it is invalidated; a failed load is not kept', async () => {
    const cache = createCache();
    caches.push(cache);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('menus', load), cache.get('menus', load)])).toEqual([1, 1]);
    await cache.invalidate('menus');
    expect(await cache.get('menus', load)).toBe(2);
    await expect(cache.get('broken', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('broken', async () => 'back')).toBe('back');
  });

  it('drops a key on every server when one invalidates it (Redis)', async (context) => {
    if (!(await redisAnswers())) {
      if (process.env.CI) throw new Error(`Redis must answer on ${REDIS_URL} in CI`);
      context.skip();
    }
    const [a, b] = [createCache({ redisUrl: REDIS_URL }), createCache({ redisUrl: REDIS_URL })];
    caches.push(a, b);
    await new Promise((resolve) => setTimeout(resolve, 200)); // both subscribed
    let version = 1;
    expect(await b.get('settings', async () => version)).toBe(1);
    version = 2;
    await a.invalidate('settings');
    // The invalidation reaches b through Redis a moment later.
    for (let i = 0; i < 50 && (await b.get('settings', async () => version)) !== 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await b.get('settings', async () => version)).toBe(2);
  });
});
