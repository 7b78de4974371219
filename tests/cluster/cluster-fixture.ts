import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import pg from 'pg';
import { type CrashFixture, createCrashFixture } from '../../apps/server/src/testing/crash-fixture';
import { freePort, type ServerProcess, startServerProcess } from '../support/server-process';
import { REDIS_TEST_URL, reachable } from '../support/services';
import { type Child, redisServerInstalled, startRedisServer, startWorkerProcess } from './processes';

/*
 * The farm of a cluster test file: two app servers (A and B) and a job worker, each its own
 * process (`pnpm start` twice with WORKER_IN_PROCESS=false, `pnpm worker`), on one fresh
 * PostgreSQL database and one Redis. Each app runs its realtime server in process; Redis joins the
 * two, and the worker sends its events to B's (the HTTP API), from where Redis carries them to A.
 *
 * Redis: a redis-server of the file alone when the binary is installed (so a test may stop it),
 * else REDIS_URL's server (database 13, emptied first).
 */
export const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const CUSTOMER = 'customer@renderfarm.test';
export const ADMIN = 'admin@renderfarm.test';
export const CARE = 'care@renderfarm.test';
export const ownRedis = redisServerInstalled();

/**
 * Whether PostgreSQL and Redis answer. Without them the file is skipped with a note on a
 * developer's machine, and fails in CI, where they must be there.
 */
export async function clusterServicesUp(what: string): Promise<boolean> {
  const missing: string[] = [];
  if (!(await reachable(PG_URL))) missing.push(`PostgreSQL at ${new URL(PG_URL).host}`);
  if (!ownRedis && !(await reachable(REDIS_TEST_URL)))
    missing.push(`Redis at ${REDIS_TEST_URL} (and no redis-server to start)`);
  if (missing.length === 0) return true;
  const message = `no answer from ${missing.join(' or ')}.`;
  if (process.env.CI) throw new Error(`${message} They are required in CI.`);
  console.warn(`${what} skipped: ${message}`);
  return false;
}

export interface Cluster {
  fixture: CrashFixture;
  /** The file's own redis-server (absent when REDIS_URL's is shared). */
  redis: Awaited<ReturnType<typeof startRedisServer>> | undefined;
  redisUrl: string;
  a: ServerProcess;
  b: ServerProcess;
  worker: Child;
  /** B's realtime server, which the worker also sends to. */
  realtimePortB: number;
  customerId: number;
  /** Two connections to the farm's database, for what the tests set up or count. */
  sql: pg.Pool;
  /** The error lines (pino level 50+) the servers and the worker logged, for a failure's message. */
  errorLines(): string;
  /** Stops whatever still runs, drops the database; with CLUSTER_LOGS, keeps each process's output. */
  stop(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const appKey = `base64:${randomBytes(32).toString('base64')}`;
  let redis: Cluster['redis'];
  let redisUrl: string;
  if (ownRedis) {
    redis = await startRedisServer();
    redisUrl = redis.url;
  } else {
    redisUrl = `${REDIS_TEST_URL.replace(/\/\d*$/, '')}/13`;
    const client = new Redis(redisUrl);
    await client.flushdb();
    client.disconnect();
  }
  const fixture = await createCrashFixture(PG_URL, appKey);
  const sql = new pg.Pool({ connectionString: fixture.url, max: 2 });
  const { rows } = await sql.query<{ id: number }>('select id from users where email = $1', [CUSTOMER]);
  const realtimePortB = await freePort();
  const shared = {
    // Not `test`, which silences the logs: the Redis link's two lines and any error are read here.
    NODE_ENV: 'development',
    DATABASE_URL: fixture.url,
    REDIS_URL: redisUrl,
    APP_KEY: appKey,
    SEED_DEMO: 'false',
    INSTANCE_SIMULATED_LATENCY_MS: '0',
    JOB_LEASE_MS: '3000',
  };
  // The three start together: migrations ran in the fixture (and take an advisory lock anyway).
  const started = await Promise.allSettled([
    startServerProcess({ ...shared, WORKER_IN_PROCESS: 'false', LOG_LEVEL: 'warn' }),
    startServerProcess({
      ...shared,
      WORKER_IN_PROCESS: 'false',
      LOG_LEVEL: 'info',
      REVERB_PORT: String(realtimePortB),
    }),
    startWorkerProcess({
      ...shared,
      // `info`: the worker's own Redis link lines are read by the outage test.
      LOG_LEVEL: 'info',
      REVERB_HOST: '127.0.0.1',
      REVERB_PORT: String(realtimePortB),
    }),
  ]);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    // Nothing is left running or kept when one of them could not start.
    await Promise.all(started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : null)));
    await sql.end();
    await fixture.destroy();
    await redis?.stop();
    throw failed.reason;
  }
  const [a, b, worker] = started.map((result) => (result as PromiseFulfilledResult<unknown>).value) as [
    ServerProcess,
    ServerProcess,
    Child,
  ];
  const processes = [
    ['A', a],
    ['B', b],
    ['W', worker],
  ] as const;

  return {
    fixture,
    redis,
    redisUrl,
    a,
    b,
    worker,
    realtimePortB,
    customerId: rows[0]!.id,
    sql,
    errorLines: () =>
      processes
        .flatMap(([name, proc]) =>
          proc
            .output()
            .split('\n')
            .filter((line) => /"level":(50|60)/.test(line))
            .map((line) => `${name}: ${line.slice(0, 1500)}`),
        )
        .slice(0, 5)
        .join('\n'),
    async stop() {
      if (process.env.CLUSTER_LOGS) {
        for (const [name, proc] of processes)
          writeFileSync(`${process.env.CLUSTER_LOGS}-${name}.log`, proc.output());
      }
      const alive = (proc: ServerProcess) =>
        proc.child.exitCode === null && proc.child.signalCode === null ? proc.stop() : undefined;
      await Promise.all([alive(a), alive(b), worker.stop()]);
      await sql.end();
      await fixture.destroy();
      await redis?.stop();
    },
  };
}
