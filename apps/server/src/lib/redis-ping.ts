import { Redis } from 'ioredis';

/**
 * A health probe of the Redis at `url` (GET /up): its own connection, so a busy or broken one of
 * the limiter or the cache does not hide the answer; a reply within a second counts as up.
 *
 * With `onLink`, the probe also watches the link from the start and reports each change once: lost
 * (the first error after it was up) and back (ready again). The other connections of the process
 * (limiter, cache, realtime) stay quiet about connection errors, so an outage logs two lines, not
 * one per request or per reconnection attempt.
 */
export function createRedisPing(
  url: string,
  options: { onLink?: (up: boolean, error?: unknown) => void } = {},
): { ping(): Promise<boolean>; close(): Promise<void> } {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    // The probe only asks; a client that has lost its server keeps trying in the background.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let up: boolean | undefined;
  client.on('error', (error) => {
    if (up !== false && options.onLink) options.onLink(false, error);
    up = false;
  });
  client.on('ready', () => {
    if (up === false) options.onLink?.(true);
    up = true;
  });
  if (options.onLink) client.connect().catch(() => {});
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

/** What a process says, once each way, when its Redis link goes and when it returns. */
export interface RedisLinkWords {
  lost: string;
  back: string;
}

/**
 * The one voice of the Redis link in a process (the app, the worker): a probe that watches the link
 * and logs `lost` once (a warning, with the first error) and `back` once, however many requests,
 * jobs or reconnection attempts fall in between. Close it with the process.
 */
export function watchRedisLink(
  url: string,
  log: { info(message: string): void; warn(context: { err: unknown }, message: string): void },
  words: RedisLinkWords,
): ReturnType<typeof createRedisPing> {
  return createRedisPing(url, {
    onLink: (up, error) => (up ? log.info(words.back) : log.warn({ err: error }, words.lost)),
  });
}

/**
 * An error of the link itself (refused, reset, timed out, closed), which the link watcher reports,
 * or one it caused (the realtime server's ClusterUnavailableError, a job's QuietRetryError).
 */
export function isRedisConnectionError(error: unknown): boolean {
  return isLinkError(error, 0);
}

function isLinkError(error: unknown, depth: number): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, name, cause } = error as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
    cause?: unknown;
  };
  if (cause && depth < 3 && isLinkError(cause, depth + 1)) return true;
  if (
    typeof code === 'string' &&
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN'].includes(
      code,
    )
  ) {
    return true;
  }
  if (name === 'MaxRetriesPerRequestError') return true;
  return (
    typeof message === 'string' &&
    /Connection is closed|connect ETIMEDOUT|Stream isn't writeable/i.test(message)
  );
}

/** The URL without its password, for messages. */
export function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'REDIS_URL';
  }
}

export class RedisUnreachableError extends Error {
  readonly code = 'RF_REDIS_UNREACHABLE';
  constructor(url: string, cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(
      `REDIS_URL: nothing answers at ${redisAddress(url)} (${why}). Start Redis, or for a single ` +
        'process only leave REDIS_URL unset (limits and cache then live in that process; see ' +
        'docs/operations.md). Redis در دسترس نیست: آن را راه بیندازید یا برای یک پردازهٔ تنها REDIS_URL را خالی بگذارید.',
      { cause },
    );
    this.name = 'RedisUnreachableError';
  }
}

/** At start: Redis must answer within `timeoutMs`, or the process stops with a clear reason. */
export async function assertRedisAnswers(url: string, timeoutMs = 3000): Promise<void> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  let lastError: unknown;
  client.on('error', (error) => {
    lastError = error;
  });
  try {
    await client.connect();
    const answer = await client.ping();
    if (answer !== 'PONG') throw new Error(`PING answered ${answer}`);
  } catch (error) {
    throw new RedisUnreachableError(url, lastError ?? error);
  } finally {
    client.disconnect();
  }
}
