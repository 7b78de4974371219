import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisSessionStore } from './redis-store';
import { randomToken } from './session';
import { MemorySessionStore, type SessionRecord, type SessionStore } from './session-store';

const record = (): SessionRecord => ({
  id: randomToken(),
  userId: 42,
  ipAddress: '127.0.0.1',
  userAgent: 'test',
  payload: { data: { cart: [1, 2] }, flash: { success: 'ذخیره شد' }, token: 't'.repeat(40) },
  lastActivity: new Date('2026-01-02T03:04:05.000Z'),
});

/** The contract every store keeps (the app's database store runs the same checks). */
function contract(name: string, make: () => SessionStore | undefined) {
  describe(name, () => {
    it('stores, reads back and destroys a record', async (ctx) => {
      const store = make();
      if (!store) return ctx.skip();
      const r = record();
      await store.set(r, 60);
      expect(await store.get(r.id)).toEqual(r);
      await store.set({ ...r, userId: null }, 60);
      expect((await store.get(r.id))?.userId).toBeNull();
      await store.destroy(r.id);
      expect(await store.get(r.id)).toBeUndefined();
    });

    it('forgets a record after its time to live', async (ctx) => {
      const store = make();
      if (!store) return ctx.skip();
      const r = record();
      await store.set(r, 1);
      expect(await store.get(r.id)).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await store.get(r.id)).toBeUndefined();
    });

    it('returns copies: changing a read record does not change the stored one', async (ctx) => {
      const store = make();
      if (!store) return ctx.skip();
      const r = record();
      await store.set(r, 60);
      const read = await store.get(r.id);
      (read?.payload.data as Record<string, unknown>).cart = [];
      expect((await store.get(r.id))?.payload.data).toEqual({ cart: [1, 2] });
    });
  });
}

contract('MemorySessionStore', () => new MemorySessionStore());

// Redis runs on this machine (127.0.0.1:6379) in development and CI; skipped where it does not.
let redis: Redis | undefined;
beforeAll(async () => {
  const client = new Redis({
    host: '127.0.0.1',
    port: 6379,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 500,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    redis = client;
  } catch {
    client.disconnect();
  }
});
afterAll(() => redis?.disconnect());
contract('RedisSessionStore', () =>
  redis ? new RedisSessionStore(redis, `test:session:${randomToken()}:`) : undefined,
);
