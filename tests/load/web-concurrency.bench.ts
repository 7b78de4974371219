/**
 * `WEB_CONCURRENCY=2` against 1 (issue 17): the app itself (`pnpm start`, apps/server/src/main.ts)
 * on one fresh PostgreSQL database and Redis, a signed-in customer's panel page (first load, HTML)
 * driven by autocannon from this process. Both settings run in turn on the same machine, rounds
 * alternated; the answer is the ratio of their requests per second, with the cores stated (more
 * processes than cores only share them, and here the load generator shares them too).
 *
 * Knobs: WEBC_BENCH_SECONDS (5 per round), WEBC_BENCH_ROUNDS (2), WEBC_BENCH_CONNECTIONS (10).
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { Visitor } from '../cluster/visitor';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { REDIS_TEST_URL, reachable } from '../support/services';

const require = createRequire(import.meta.url);
const SECONDS = Number(process.env.WEBC_BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.WEBC_BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.WEBC_BENCH_CONNECTIONS ?? 10);
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<{
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}>;

export async function run(): Promise<string> {
  const title = '## WEB_CONCURRENCY=2 against 1 (apps/server, PostgreSQL and Redis)';
  if (!(await reachable(PG_URL)) || !(await reachable(REDIS_TEST_URL))) {
    return `${title}\n\nSkipped: PostgreSQL (${new URL(PG_URL).host}) or Redis (${REDIS_TEST_URL}) does not answer.`;
  }
  const autocannon = require('autocannon') as Autocannon;
  const name = `rf_bench_webc_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const env = {
    DATABASE_URL: url.toString(),
    REDIS_URL: `${REDIS_TEST_URL.replace(/\/\d*$/, '')}/15`,
    APP_KEY: `base64:${randomBytes(32).toString('base64')}`,
    LOG_LEVEL: 'warn',
  };
  const results = new Map<number, { rps: number; p50: number; p99: number }[]>([
    [1, []],
    [2, []],
  ]);
  let cookie = '';
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const n of round % 2 === 0 ? [1, 2] : [2, 1]) {
        const server: ServerProcess = await startServerProcess({ ...env, WEB_CONCURRENCY: String(n) });
        try {
          if (n === 2) {
            // Every process listening before the clock starts.
            const deadline = Date.now() + 60_000;
            while (!/2 app processes listening/.test(server.output()) && Date.now() < deadline) {
              await new Promise((resolve) => setTimeout(resolve, 200));
            }
          }
          if (!cookie) {
            const visitor = new Visitor();
            await visitor.signIn(server.url, 'customer@renderfarm.test');
            cookie = visitor.cookie;
          }
          const target = { url: `${server.url}/panel`, connections: CONNECTIONS, headers: { cookie } };
          await autocannon({ ...target, duration: 1 });
          const result = await autocannon({ ...target, duration: SECONDS });
          if (result.non2xx || result.errors) {
            throw new Error(`WEB_CONCURRENCY=${n}: ${result.non2xx} non-2xx, ${result.errors} errors`);
          }
          results
            .get(n)!
            .push({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    const drop = new pg.Client({ connectionString: PG_URL });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  }
  const mean = (n: number, key: 'rps' | 'p50' | 'p99') =>
    results.get(n)!.reduce((sum, r) => sum + r[key], 0) / results.get(n)!.length;
  const ratio = mean(2, 'rps') / mean(1, 'rps');
  return [
    title,
    '',
    `A signed-in customer's \`/panel\` (first load, HTML; the session and its user in one query, the page's own reads), ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per setting (order alternated), on ${cpus().length} cores shared by the app processes, PostgreSQL, Redis and autocannon.`,
    '',
    '| setting | req/s | of one process | p50 ms | p99 ms |',
    '|---|---|---|---|---|',
    ...[1, 2].map(
      (n) =>
        `| WEB_CONCURRENCY=${n} | ${Math.round(mean(n, 'rps'))} | ${((mean(n, 'rps') / mean(1, 'rps')) * 100).toFixed(1)} % | ${mean(n, 'p50').toFixed(1)} | ${mean(n, 'p99').toFixed(1)} |`,
    ),
    '',
    `Two processes give ${ratio.toFixed(2)}× one on this ${cpus().length}-core machine.`,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await run());
}
