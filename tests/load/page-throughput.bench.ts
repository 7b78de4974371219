/**
 * Page throughput: a page visit through @renderfarm/fastify that reads the session and one
 * database row (embedded PostgreSQL, PGlite) against a bare Fastify route, in the same run,
 * reported as a ratio (goal: ≥ 40 % of bare Fastify's requests per second).
 *
 * Each server runs in its own child process (this file, PAGE_BENCH_SERVER=bare|page) and
 * autocannon drives it from this process over loopback, for a fixed time. `run()` returns a
 * markdown section; `npx tsx tests/load/page-throughput.bench.ts` prints it.
 *
 * Knobs (environment): PAGE_BENCH_SECONDS (5 per round), PAGE_BENCH_ROUNDS (2), PAGE_BENCH_CONNECTIONS (10),
 * PAGE_BENCH_KINDS (comma-separated subset of the page rows; the bare baseline always runs),
 * PAGE_BENCH_PREPARED=1 (named, server-side prepared statements on PostgreSQL).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const require = createRequire(import.meta.url);
const SECONDS = Number(process.env.PAGE_BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.PAGE_BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.PAGE_BENCH_CONNECTIONS ?? 10);
const START_BUDGET_MS = 60_000;

/**
 * `page`: session and row in PGlite (the goal); `page-postgres`: both in a PostgreSQL server over
 * TCP (DATABASE_URL, skipped when none answers); `page-memory-session`: session in memory, row in
 * PGlite; `page-no-db`: the plugin alone.
 */
type Kind =
  | 'bare'
  | 'page'
  | 'page-postgres'
  | 'page-memory-session'
  | 'page-no-db'
  | 'bare-pglite-queries'
  | 'bare-postgres-queries';
/** The bare routes that run a page visit's two queries (the session, the row) with the same driver and pool. */
const SAME_QUERIES: Partial<Record<Kind, Kind>> = {
  page: 'bare-pglite-queries',
  'page-postgres': 'bare-postgres-queries',
};
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = 'bench_page_throughput';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;

// ---- child: one server -------------------------------------------------------------------------

async function serve(kind: Kind): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  if (kind === 'bare') {
    app.get('/bare', async () => ({
      component: 'Plans/Show',
      props: { plan: { id: 1, name: 'RTX 4090', price: 1200000 } },
    }));
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const { MemorySessionStore, pages } = await import('@renderfarm/fastify');
    const { SqlSessionStore } = await import('../conformance/fixtures/inertia/sql-session-store.js');
    let db: { query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }> };
    let table = 'plans';
    if (kind === 'page-postgres' || kind === 'bare-postgres-queries') {
      const { default: pg } = await import('pg');
      const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: CONNECTIONS });
      await pool.query(`drop schema if exists ${SCHEMA} cascade`);
      await pool.query(`create schema ${SCHEMA}`);
      table = `${SCHEMA}.plans`;
      // PAGE_BENCH_PREPARED=1: every statement named, so PostgreSQL parses and plans it once per
      // connection (an attempt of issue 17, docs/benchmarks.md).
      db = (process.env.PAGE_BENCH_PREPARED === '1'
        ? {
            query: (text: string, values?: unknown[]) =>
              pool.query({
                name: `q${createHash('sha1').update(text).digest('hex').slice(0, 16)}`,
                text,
                values,
              }),
          }
        : pool) as unknown as typeof db;
      process.once('SIGTERM', () => {
        void pool
          .query(`drop schema if exists ${SCHEMA} cascade`)
          .finally(() => pool.end())
          .finally(() => process.exit(0));
      });
    } else {
      db = new PGlite();
    }
    await db.query(`create table ${table} (id int primary key, name text not null, price bigint not null)`);
    await db.query(`insert into ${table} values (1, 'RTX 4090', 1200000), (2, 'RTX 3090', 800000)`);
    if (kind === 'bare-pglite-queries' || kind === 'bare-postgres-queries') {
      // The page visit's two queries, as the store and the handler send them, with no plugin.
      const sessions = kind === 'bare-postgres-queries' ? `${SCHEMA}.sessions` : 'sessions';
      const sessionStore = await SqlSessionStore.create(db, sessions);
      const id = 'a'.repeat(40);
      await sessionStore.set(
        {
          id,
          userId: null,
          ipAddress: '127.0.0.1',
          userAgent: 'bench',
          payload: { token: 't', flash: {} },
          lastActivity: new Date(),
        },
        3600,
      );
      app.get('/plans/:id', async (request) => {
        const session = await sessionStore.get(id);
        const plan = (
          await db.query(`select id, name, price from ${table} where id = $1`, [
            Number((request.params as { id: string }).id),
          ])
        ).rows[0];
        return { component: 'Plans/Show', props: { plan, signed_in: session?.userId != null } };
      });
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      process.send?.({ address });
      return;
    }
    const store =
      kind === 'page'
        ? await SqlSessionStore.create(db)
        : kind === 'page-postgres'
          ? await SqlSessionStore.create(db, `${SCHEMA}.sessions`)
          : new MemorySessionStore();
    await app.register(pages, {
      session: { store, secret: 'bench-secret-bench-secret-bench-secret' },
      version: 'v1',
    });
    const fixed = { id: 1, name: 'RTX 4090', price: 1200000 };
    app.get('/plans/:id', async (request, reply) => {
      const plan =
        kind === 'page-no-db'
          ? fixed
          : (
              await db.query(`select id, name, price from ${table} where id = $1`, [
                Number((request.params as { id: string }).id),
              ])
            ).rows[0];
      return reply.page('Plans/Show', { plan, signed_in: request.session.userId !== null });
    });
  }
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ address });
}

// ---- parent: drive both ------------------------------------------------------------------------

function start(kind: Kind): Promise<{ child: ChildProcess; address: string }> {
  const child = spawn(process.execPath, ['--import', require.resolve('tsx'), SELF], {
    env: { ...process.env, PAGE_BENCH_SERVER: kind },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${kind} server did not start within ${START_BUDGET_MS} ms`));
    }, START_BUDGET_MS);
    child.once('message', (m: { address: string }) => {
      clearTimeout(timer);
      resolve({ child, address: m.address });
    });
    child.once('exit', (code) => reject(new Error(`${kind} server exited (${code})`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
}

/** A first load gives the session cookie; the visits then carry it like a browser would. */
async function visitHeaders(address: string): Promise<Record<string, string>> {
  const res = await fetch(`${address}/plans/1`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0] as string);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  const check = await fetch(`${address}/plans/1`, {
    headers: { cookie: cookies.join('; '), 'x-inertia': 'true', 'x-inertia-version': 'v1' },
  });
  if (check.status !== 200 || check.headers.get('x-inertia') !== 'true') {
    throw new Error(`page visit answered ${check.status}`);
  }
  return {
    cookie: cookies.join('; '),
    'x-inertia': 'true',
    'x-inertia-version': 'v1',
    'x-requested-with': 'XMLHttpRequest',
    'x-xsrf-token': decodeURIComponent(xsrf),
  };
}

async function measure(kind: Kind, autocannon: Autocannon): Promise<AutocannonResult> {
  const { child, address } = await start(kind);
  try {
    const url = kind === 'bare' ? `${address}/bare` : `${address}/plans/1`;
    const headers = kind === 'bare' || kind.startsWith('bare-') ? {} : await visitHeaders(address);
    await autocannon({ url, connections: CONNECTIONS, duration: 1, headers }); // warm-up
    const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
    if (result.non2xx || result.errors)
      throw new Error(`${kind}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result;
  } finally {
    await stop(child);
  }
}

const KINDS: { kind: Kind; label: string }[] = [
  { kind: 'bare', label: 'bare Fastify route (baseline)' },
  { kind: 'page', label: '**page visit: session + 1 row, both in PGlite** (the goal)' },
  { kind: 'page-postgres', label: 'page visit: session + 1 row in a PostgreSQL server (TCP, `pg` pool)' },
  { kind: 'page-memory-session', label: 'page visit: session in memory, 1 row in PGlite' },
  { kind: 'page-no-db', label: 'page visit: session in memory, no database (plugin cost alone)' },
  { kind: 'bare-pglite-queries', label: 'bare Fastify route running the same two queries in PGlite' },
  {
    kind: 'bare-postgres-queries',
    label: 'bare Fastify route running the same two queries in PostgreSQL (`pg` pool)',
  },
];

async function postgresAnswers(): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function run(): Promise<string> {
  const autocannon = require('autocannon') as Autocannon;
  const only = process.env.PAGE_BENCH_KINDS?.split(',');
  const wanted = KINDS.filter((k) => k.kind === 'bare' || !only || only.includes(k.kind));
  const kinds =
    wanted.some((k) => k.kind.includes('postgres')) && !(await postgresAnswers())
      ? wanted.filter((k) => !k.kind.includes('postgres'))
      : wanted;
  const results = new Map<Kind, AutocannonResult[]>(kinds.map(({ kind }) => [kind, []]));
  for (let i = 0; i < ROUNDS; i++) {
    // Rotate the order each round so drift on a shared machine does not favour one route.
    const order = kinds.map((_, j) => kinds[(i + j) % kinds.length] as (typeof kinds)[number]);
    for (const { kind } of order) results.get(kind)?.push(await measure(kind, autocannon));
  }
  const mean = (kind: Kind, f: (r: AutocannonResult) => number) => {
    const list = results.get(kind) ?? [];
    return list.reduce((s, r) => s + f(r), 0) / list.length;
  };
  const bare = mean('bare', (r) => r.requests.average);
  const ratio = (kind: Kind) => mean(kind, (r) => r.requests.average) / bare;
  const rows = kinds.map(
    ({ kind, label }) =>
      `| ${label} | ${Math.round(mean(kind, (r) => r.requests.average))} | ${(ratio(kind) * 100).toFixed(1)} % | ${mean(kind, (r) => r.latency.p50).toFixed(1)} | ${mean(kind, (r) => r.latency.p99).toFixed(1)} |`,
  );
  const goal = ratio('page');
  const has = (kind: Kind) => kinds.some((k) => k.kind === kind);
  // Issue 17's goals: the protocol's overhead over the same queries, and a whole visit on PostgreSQL.
  const overhead = (Object.entries(SAME_QUERIES) as [Kind, Kind][])
    .filter(([page, same]) => has(page) && has(same))
    .map(
      ([page, same]) =>
        `- protocol overhead, ${page === 'page' ? 'PGlite' : 'PostgreSQL'}: the page visit is ${((ratio(page) / ratio(same)) * 100).toFixed(1)} % of the bare route running the same two queries (goal ≥ 85 %)`,
    );
  if (has('page-postgres')) {
    overhead.push(
      `- the whole visit on PostgreSQL is ${(ratio('page-postgres') * 100).toFixed(1)} % of a bare route with no queries (goal ≥ 25 %)`,
    );
  }
  return [
    '## Page throughput (@renderfarm/fastify)',
    '',
    `Page visits (\`X-Inertia\` JSON through \`reply.page\`, session cookie, CSRF and version checks) against a bare Fastify JSON route; each server in its own process, autocannon on loopback from the parent, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per route (order rotated), ${cpus().length} cores shared by server and load generator.`,
    '',
    '| route | req/s | of bare | p50 ms | p99 ms |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `**Goal (≥ 40 % of bare Fastify for a visit reading the session and one row): ${(goal * 100).toFixed(1)} %, ${goal >= 0.4 ? 'met' : 'not met'}.**`,
    ...(overhead.length ? ['', ...overhead] : []),
    "PGlite (PostgreSQL compiled to WebAssembly, running in the server's own thread) takes roughly 0.25 ms or more per parameterised query on this machine, several times the whole cost of a bare Fastify request, so no visit that queries it twice can reach the goal here; the other rows show what a PostgreSQL server and the plugin itself cost.",
    ...(wanted.length > kinds.length
      ? ['', `No PostgreSQL answered at ${POSTGRES_URL.replace(/:[^:@/]*@/, ':***@')}: its row was skipped.`]
      : []),
    '',
  ].join('\n');
}

const role = process.env.PAGE_BENCH_SERVER as Kind | undefined;
if (role) {
  await serve(role);
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await run());
}
