import { createConnection } from 'node:net';

/** True when something accepts TCP connections at the URL's host and port. */
export function reachable(url: string, timeoutMs = 1000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname || '127.0.0.1', port: Number(port) || 6379 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export const REDIS_TEST_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether the Redis tests can run. On a developer's machine without Redis they are skipped with a
 * note; in CI (CI=true), where Redis runs, a missing server is a failure, never a silent skip.
 */
export async function redisForTests(): Promise<boolean> {
  if (await reachable(REDIS_TEST_URL)) return true;
  if (process.env.CI) throw new Error(`Redis is required in CI but ${REDIS_TEST_URL} does not answer.`);
  console.warn(`Redis tests skipped: nothing answers at ${REDIS_TEST_URL}.`);
  return false;
}
