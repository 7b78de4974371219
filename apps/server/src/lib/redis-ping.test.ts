import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { ClusterUnavailableError } from '@renderfarm/realtime/server';
import { afterEach, describe, expect, it } from 'vitest';
import { REDIS_TEST_URL, redisForTests } from '../../../../tests/support/services';
import { isRedisConnectionError, watchRedisLink } from './redis-ping';

/**
 * A TCP relay to the test Redis that can be cut and joined again on the same port: Redis as a
 * process on another machine sees it when the network or the server goes away and comes back.
 */
async function relayToRedis(): Promise<{ url: string; cut(): Promise<void>; join(): Promise<void> }> {
  const target = new URL(REDIS_TEST_URL);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const join = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = createConnection({ host: target.hostname, port: Number(target.port) || 6379 });
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server!.address();
        port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  await join();
  return {
    url: `redis://127.0.0.1:${port}`,
    join,
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server ? server.close(() => resolve()) : resolve();
        server = undefined;
      }),
  };
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe.runIf(await redisForTests())('the Redis link watcher (app and worker)', () => {
  it('says «lost» once and «back» once, however long the link is down and however often it retries', async () => {
    const relay = await relayToRedis();
    closers.push(relay.cut);
    const lines: string[] = [];
    const link = watchRedisLink(
      relay.url,
      {
        info: (message) => lines.push(`info ${message}`),
        warn: ({ err }, message) => lines.push(`warn ${message} (${err ? 'with its error' : 'no error'})`),
      },
      { lost: 'lost', back: 'back' },
    );
    closers.push(link.close);
    expect(await link.ping()).toBe(true);
    expect(lines, 'nothing while it is up from the start').toEqual([]);

    await relay.cut();
    await until(() => lines.length > 0);
    // Down long enough for several reconnection attempts (200, 400, 600 ms apart…), each an error,
    // and for pings that fail.
    const downSince = Date.now();
    while (Date.now() - downSince < 1500) expect(await link.ping()).toBe(false);
    expect(lines).toEqual(['warn lost (with its error)']);

    await relay.join();
    await until(() => lines.length > 1);
    expect(await link.ping()).toBe(true);
    expect(lines).toEqual(['warn lost (with its error)', 'info back']);

    // And again: each outage is one pair of lines.
    await relay.cut();
    await until(() => lines.length > 2);
    await relay.join();
    await until(() => lines.length > 3);
    expect(lines.slice(2)).toEqual(['warn lost (with its error)', 'info back']);
  });
});

describe('which errors are the lost link’s (left to the watcher)', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });

  it('the link’s own, and those it caused (a fan-out the realtime server could not send on)', () => {
    expect(isRedisConnectionError(refused)).toBe(true);
    expect(isRedisConnectionError(new ClusterUnavailableError(refused))).toBe(true);
    expect(isRedisConnectionError(new Error('wrapped', { cause: refused }))).toBe(true);
  });

  it('not anything else', () => {
    expect(isRedisConnectionError(new Error('ERR wrong number of arguments'))).toBe(false);
    expect(isRedisConnectionError(new ClusterUnavailableError(new Error('OOM command not allowed')))).toBe(
      false,
    );
    expect(isRedisConnectionError(undefined)).toBe(false);
    const loop: Error & { cause?: unknown } = new Error('loop');
    loop.cause = loop;
    expect(isRedisConnectionError(loop)).toBe(false);
  });
});
