/**
 * Realtime benchmark: (1) websocket connections held by one server process, with memory per
 * connection; (2) broadcast fan-out latency from a signed HTTP publish to 1,000 subscribers.
 * The server and the clients run in two child processes on loopback; this file is also the
 * child program (REALTIME_BENCH_ROLE=server|clients). `run()` returns a markdown section for
 * docs/benchmarks.md; `npx tsx tests/load/realtime.bench.ts` prints it.
 *
 * Knobs (environment): REALTIME_BENCH_CONNECTIONS (10000), REALTIME_BENCH_SUBSCRIBERS (1000),
 * REALTIME_BENCH_MESSAGES (40). Every phase has a time limit so the run is bounded.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const APP = { id: 'bench', key: 'bench-key', secret: 'bench-secret' };
const CONNECT_BUDGET_MS = 90_000;
const FANOUT_BUDGET_MS = 60_000;

type Msg = Record<string, any>;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Request/response over the IPC channel of a child. */
function ask(child: ChildProcess, message: Msg, timeoutMs: number): Promise<Msg> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`child did not answer ${message.cmd} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (reply: Msg) => {
      if (reply.re !== message.cmd) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(reply);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

/** Spawns this file in a role, through `sh` so the fd limit can be raised to the hard limit first. */
function spawnRole(role: 'server' | 'clients'): ChildProcess {
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const node = [process.execPath, '--expose-gc', '--max-old-space-size=2048', '--import', tsx, SELF]
    .map((a) => `'${a}'`)
    .join(' ');
  return spawn('sh', ['-c', `ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec ${node}`], {
    env: { ...process.env, REALTIME_BENCH_ROLE: role },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

// ---------------------------------------------------------------- server child
async function serverRole(): Promise<void> {
  const { startRealtimeServer } = await import('@renderfarm/realtime/server');
  const server = await startRealtimeServer({
    port: 0,
    host: '127.0.0.1',
    apps: [{ ...APP, messagesPerSecond: 1000 }],
    // It measures how many sockets one process can hold, all from this one address: no caps.
    maxConnectionsTotal: null,
    maxConnectionsPerIp: null,
    onError: () => {},
  });
  const gc = (globalThis as { gc?: () => void }).gc;
  process.on('message', async (m: Msg) => {
    if (m.cmd === 'mem') {
      gc?.();
      await new Promise((r) => setTimeout(r, 200));
      gc?.();
      const mem = process.memoryUsage();
      process.send?.({
        re: 'mem',
        rss: mem.rss,
        heapUsed: mem.heapUsed,
        external: mem.external,
        connections: server.connectionCount(),
      });
    } else if (m.cmd === 'stop') {
      await server.close();
      process.exit(0);
    }
  });
  process.send?.({ re: 'ready', port: server.port });
}

// ---------------------------------------------------------------- clients child
async function clientsRole(): Promise<void> {
  const { default: WebSocket } = await import('ws');
  const { createPublisher } = await import('@renderfarm/realtime/server');
  let sockets: InstanceType<typeof WebSocket>[] = [];

  /** Opens `n` sockets, at most `parallel` handshakes in flight; each one subscribes to `channel`. */
  async function open(
    port: number,
    n: number,
    channel: string,
    budgetMs: number,
    onEvent?: (raw: string) => void,
  ) {
    const started = Date.now();
    let ok = 0;
    let failed = 0;
    let next = 0;
    const parallel = 200;
    const one = () =>
      new Promise<void>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${APP.key}?protocol=7`, {
          perMessageDeflate: false,
        });
        ws.on('error', () => {
          failed++;
          resolve();
        });
        ws.on('message', (data) => {
          const text = data.toString();
          if (text.includes('pusher:connection_established')) {
            ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: '' } }));
          } else if (text.includes('subscription_succeeded')) {
            ok++;
            sockets.push(ws);
            resolve();
          } else onEvent?.(text);
        });
      });
    const workers = Array.from({ length: parallel }, async () => {
      while (next < n && Date.now() - started < budgetMs) {
        next++;
        await one();
      }
    });
    await Promise.all(workers);
    return { ok, failed, ms: Date.now() - started };
  }

  async function closeAll() {
    const all = sockets;
    sockets = [];
    await Promise.all(
      all.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === ws.CLOSED) return resolve();
            ws.once('close', () => resolve());
            ws.terminate();
          }),
      ),
    );
  }

  process.on('message', async (m: Msg) => {
    if (m.cmd === 'connect') {
      const result = await open(m.port, m.n, 'bench-hold', CONNECT_BUDGET_MS);
      process.send?.({ re: 'connect', ...result });
    } else if (m.cmd === 'close') {
      await closeAll();
      process.send?.({ re: 'close' });
    } else if (m.cmd === 'fanout') {
      const latencies: number[] = [];
      const origin = performance.timeOrigin;
      const subscribed = await open(m.port, m.subscribers, 'bench-fanout', FANOUT_BUDGET_MS, (raw) => {
        const frame = JSON.parse(raw) as { event: string; data: string };
        if (frame.event !== 'tick') return;
        const sent = (JSON.parse(frame.data) as { t: number }).t;
        latencies.push(origin + performance.now() - sent);
      });
      const publisher = createPublisher({ appId: APP.id, key: APP.key, secret: APP.secret, port: m.port });
      const started = Date.now();
      for (let i = 0; i < m.messages && Date.now() - started < FANOUT_BUDGET_MS; i++) {
        await publisher.trigger('bench-fanout', 'tick', { t: origin + performance.now(), i });
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 1000));
      latencies.sort((a, b) => a - b);
      const expected = subscribed.ok * m.messages;
      process.send?.({
        re: 'fanout',
        subscribers: subscribed.ok,
        messages: m.messages,
        received: latencies.length,
        expected,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        max: latencies[latencies.length - 1] ?? Number.NaN,
      });
      await closeAll();
    } else if (m.cmd === 'stop') {
      process.exit(0);
    }
  });
  process.send?.({ re: 'ready' });
}

// ---------------------------------------------------------------- orchestrator
function waitReady(child: ChildProcess): Promise<Msg> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('child did not start')), 30_000);
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
    const onMessage = (m: Msg) => {
      if (m.re !== 'ready') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(m);
    };
    child.on('message', onMessage);
  });
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : 'n/a');

export async function run(): Promise<string> {
  const connections = Number(process.env.REALTIME_BENCH_CONNECTIONS ?? 10_000);
  const subscribers = Number(process.env.REALTIME_BENCH_SUBSCRIBERS ?? 1_000);
  const messages = Number(process.env.REALTIME_BENCH_MESSAGES ?? 40);
  const server = spawnRole('server');
  const clients = spawnRole('clients');
  try {
    const [{ port }] = await Promise.all([waitReady(server), waitReady(clients)]);
    const baseline = await ask(server, { cmd: 'mem' }, 10_000);
    const held = await ask(clients, { cmd: 'connect', port, n: connections }, CONNECT_BUDGET_MS + 30_000);
    const loaded = await ask(server, { cmd: 'mem' }, 10_000);
    await ask(clients, { cmd: 'close' }, 60_000);
    const fan = await ask(
      clients,
      { cmd: 'fanout', port, subscribers, messages },
      FANOUT_BUDGET_MS * 2 + 30_000,
    );

    const n = Math.max(1, loaded.connections as number);
    const heapPer =
      ((loaded.heapUsed as number) +
        (loaded.external as number) -
        (baseline.heapUsed as number) -
        (baseline.external as number)) /
      n;
    const rssPer = ((loaded.rss as number) - (baseline.rss as number)) / n;
    const target = (fan.p95 as number) < 100 ? 'met' : 'missed';
    return [
      '## Realtime (`@renderfarm/realtime`)',
      '',
      `Server and clients in separate Node ${process.version} processes on loopback; ${cpus().length} CPU cores shared with other work, ${mb(totalmem())} MB RAM. Run: \`npx tsx tests/load/realtime.bench.ts\`.`,
      '',
      '### Connections held by one server process',
      '',
      '| target | subscribed | failed | time to open | server RSS | memory per connection (heap + external) | RSS per connection |',
      '|---|---|---|---|---|---|---|',
      `| ${connections} | ${held.ok} | ${held.failed} | ${(held.ms as number) / 1000} s | ${mb(loaded.rss as number)} MB | ${(heapPer / 1024).toFixed(1)} KB | ${(rssPer / 1024).toFixed(1)} KB |`,
      '',
      'Each connection completed the handshake and subscribed to one public channel.',
      '',
      `### Broadcast fan-out to ${fan.subscribers} subscribers`,
      '',
      `${fan.messages} events published through the signed HTTP API, 50 ms apart; latency = publish call start → frame received by each subscriber (same clock, clients' process).`,
      '',
      '| received / expected | p50 | p95 | p99 | max | target p95 < 100 ms |',
      '|---|---|---|---|---|---|',
      `| ${fan.received} / ${fan.expected} | ${ms(fan.p50 as number)} ms | ${ms(fan.p95 as number)} ms | ${ms(fan.p99 as number)} ms | ${ms(fan.max as number)} ms | ${target} |`,
      '',
    ].join('\n');
  } finally {
    await Promise.allSettled([ask(server, { cmd: 'stop' }, 5000), ask(clients, { cmd: 'stop' }, 1000)]);
    server.kill('SIGKILL');
    clients.kill('SIGKILL');
  }
}

const role = process.env.REALTIME_BENCH_ROLE;
if (role === 'server') await serverRole();
else if (role === 'clients') await clientsRole();
else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(await run());
}
