import { Redis } from 'ioredis';

/**
 * Values every page reads and an admin rarely changes (settings, menus, links), kept in this
 * process's memory. Keys are named after what they read, `table` or `table:part`; whoever writes
 * that table calls `forget('table')`. With Redis the forget reaches every process of the app
 * (pub/sub), so a change shows at once everywhere; a value is also dropped after `maxAgeMs`, which
 * heals a write made behind the app's back (an SQL console, a seed run without Redis).
 */
export interface SharedCache {
  /** The value under `key`, loaded by `load` on a miss; concurrent misses share one load. */
  remember<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops `name` and every `name:…` key, here and (with Redis) in every other process. */
  forget(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface SharedCacheOptions {
  /** When set, forgets travel to every process subscribed to `channel` on this Redis. */
  redisUrl?: string | undefined;
  channel?: string;
  /** Default ten minutes. */
  maxAgeMs?: number;
  now?: () => number;
  /** A Redis failure never fails a request: it is reported here and the cache carries on. */
  onError?: (error: unknown) => void;
}

export const CACHE_INVALIDATION_CHANNEL = 'renderfarm:cache:forget';

interface Entry {
  value: Promise<unknown>;
  loadedAt: number;
}

export function createSharedCache(options: SharedCacheOptions = {}): SharedCache {
  const maxAgeMs = options.maxAgeMs ?? 10 * 60 * 1000;
  const now = options.now ?? Date.now;
  const onError = options.onError ?? (() => {});
  const channel = options.channel ?? CACHE_INVALIDATION_CHANNEL;
  const entries = new Map<string, Entry>();

  const dropLocal = (name: string) => {
    for (const key of entries.keys()) if (key === name || key.startsWith(`${name}:`)) entries.delete(key);
  };

  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  if (options.redisUrl) {
    publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
    subscriber = publisher.duplicate();
    publisher.on('error', onError);
    subscriber.on('error', onError);
    subscriber.on('message', (_channel: string, name: string) => dropLocal(name));
    // (Re)connected: forgets sent while the link was down are lost, so start afresh.
    subscriber.on('ready', () => entries.clear());
    subscriber.subscribe(channel).catch(onError);
  }

  return {
    remember<T>(key: string, load: () => Promise<T>): Promise<T> {
      const cached = entries.get(key);
      if (cached && now() - cached.loadedAt < maxAgeMs) return cached.value as Promise<T>;
      const entry: Entry = { value: load(), loadedAt: now() };
      entries.set(key, entry);
      // A failed load is not kept: the next call tries again.
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value as Promise<T>;
    },
    async forget(name) {
      dropLocal(name);
      // A load still in flight finishes for those already waiting on it; it was removed above,
      // so the next read loads afresh.
      if (publisher) await publisher.publish(channel, name).catch(onError);
    },
    async close() {
      entries.clear();
      await Promise.all(
        [subscriber, publisher].map((client) => client?.quit().catch(() => client.disconnect())),
      );
    },
  };
}
