import { execFileSync, spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type ServerProcess, startServerProcess } from '../support/server-process';
import { REDIS_TEST_URL, reachable } from '../support/services';
import { redisServerInstalled, startRedisServer } from './processes';

/*
 * `WEB_CONCURRENCY=2 pnpm start` (apps/server/src/cluster.ts): a primary and two app processes on
 * one port, on a fresh PostgreSQL database that the first process migrates and seeds alone. A
 * process killed with SIGKILL is started again while the other keeps answering; SIGTERM to the
 * primary stops them all. With the embedded database the start is refused, naming the setting.
 */
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ownRedis = redisServerInstalled();

async function servicesUp(): Promise<boolean> {
  const missing: string[] = [];
  if (!(await reachable(PG_URL))) missing.push(`PostgreSQL at ${new URL(PG_URL).host}`);
  if (!ownRedis && !(await reachable(REDIS_TEST_URL))) missing.push(`Redis at ${REDIS_TEST_URL}`);
  if (missing.length === 0) return true;
  const message = `no answer from ${missing.join(' or ')}.`;
  if (process.env.CI) throw new Error(`${message} They are required in CI.`);
  console.warn(`WEB_CONCURRENCY tests skipped: ${message}`);
  return false;
}
const up = await servicesUp();

const children = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter(Boolean);

async function eventually<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  what: string,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!up)('WEB_CONCURRENCY=2', () => {
  const name = `rf_webc_${Date.now().toString(36)}`;
  let redis: Awaited<ReturnType<typeof startRedisServer>> | undefined;
  let server: ServerProcess | undefined;
  let databaseUrl: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    if (ownRedis) redis = await startRedisServer();
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null) await server.stop();
    await redis?.stop();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('runs two app processes on one port, starts a killed one again, and stops them all on SIGTERM', async () => {
    server = await startServerProcess({
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '2',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis?.url ?? `${REDIS_TEST_URL.replace(/\/\d*$/, '')}/14`,
    });
    const primary = server.child.pid!;
    await eventually(
      () => (/2 app processes listening/.test(server!.output()) ? true : undefined),
      60_000,
      'both',
    );
    const first = children(primary);
    expect(first, 'two app processes under the primary').toHaveLength(2);
    // The first process migrated and seeded alone: the demo data is there once.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query(
      `select count(*)::int as n from users where email = 'customer@renderfarm.test'`,
    );
    await client.end();
    expect(rows[0].n).toBe(1);

    const second = Number(/app process 2 \(pid (\d+)\) listening/.exec(server.output())![1]);
    process.kill(second, 'SIGKILL');
    // The other keeps answering while the primary starts a new second one.
    for (let i = 0; i < 5; i++) {
      expect((await fetch(`${server.url}/login`)).status).toBe(200);
    }
    await eventually(
      () =>
        /app process 2 \(pid \d+\) exited with signal SIGKILL; starting it again/.test(server!.output())
          ? true
          : undefined,
      10_000,
      'the restart notice',
    );
    const again = await eventually(
      () => {
        const pids = children(primary);
        return pids.length === 2 && !pids.includes(second) ? pids : undefined;
      },
      60_000,
      'a new second process',
    );
    expect(again).toHaveLength(2);

    const code = await server.stop();
    expect(code).toBe(0);
    for (const pid of again) expect(() => process.kill(pid, 0), `process ${pid} gone`).toThrow();
  });

  it('refuses the embedded database, naming WEB_CONCURRENCY', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, WEB_CONCURRENCY: '2', DATABASE_URL: '', REDIS_URL: 'redis://127.0.0.1:6379' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('WEB_CONCURRENCY: is 2 but DATABASE_URL is not set');
  });
});
