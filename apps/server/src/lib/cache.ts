import { Redis } from 'ioredis';

/**
 * Values that change rarely and are read on every page (public settings, menus, footer links),
 * kept in this process until someone says they changed. With REDIS_URL an invalidation is
 * published, so every app server drops its copy at once; without it the cache is this process's.
 */
export interface Cache {
  /** The cached value of `key`, loading it once when absent. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets `key` here and (with Redis) on every other server. */
  invalidate(key: string): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'renderfarm:cache:invalidate';

export function createCache(options: { redisUrl?: string | undefined } = {}): Cache {
  const values = new Map<string, Promise<unknown>>();
  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  if (options.redisUrl) {
    // Errors are logged by nobody on purpose: without Redis each server still invalidates itself.
    publisher = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 });
    subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    publisher.on('error', () => {});
    subscriber.on('error', () => {});
    void subscriber.subscribe(CHANNEL).catch(() => {});
    subscriber.on('message', (_channel, key: string) => values.delete(key));
  }
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      let value = values.get(key) as Promise<T> | undefined;
      if (!value) {
        value = load();
        values.set(key, value);
        // A failed load is not kept: the next reader tries again.
        value.catch(() => values.delete(key));
      }
      return value;
    },
    async invalidate(key: string) {
      values.delete(key);
      if (publisher) await publisher.publish(CHANNEL, key).catch(() => 0);
    },
    async close() {
      await Promise.all([publisher?.quit().catch(() => {}), subscriber?.quit().catch(() => {})]);
    },
  };
}
