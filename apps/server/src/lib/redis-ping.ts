import { Redis } from 'ioredis';

/**
 * A health probe of the Redis at `url` (GET /up): its own connection, so a busy or broken one of
 * the limiter or the cache does not hide the answer; a reply within a second counts as up.
 */
export function createRedisPing(url: string): { ping(): Promise<boolean>; close(): Promise<void> } {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    // The probe only asks; a client that has lost its server keeps trying in the background.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  client.on('error', () => {});
  return {
    async ping() {
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      client.disconnect();
    },
  };
}
