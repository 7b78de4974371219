import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';

/** What an app process tells the primary once it listens (main.ts). */
export const READY_MESSAGE = 'renderfarm:ready';
/** Which of the N processes this is (1…N): the first runs the job worker and the demo seed. */
export const CLUSTER_INDEX_ENV = 'RF_CLUSTER_INDEX';

/** This process's place in a `WEB_CONCURRENCY` cluster: 1…N in an app process of one, 0 alone. */
export function clusterIndex(): number {
  return cluster.isWorker ? Number(process.env[CLUSTER_INDEX_ENV] ?? 0) : 0;
}

/**
 * `pnpm start` with WEB_CONCURRENCY=N (N > 1, PostgreSQL and Redis: config.ts): this primary forks N
 * app processes of main.ts that share PORT and REVERB_PORT (Node's cluster hands connections
 * round-robin). The first starts alone, so migrations and the demo seed run once before the others
 * open; only it runs the in-process job worker (WORKER_IN_PROCESS), though any number of workers
 * would take each job once. A process that dies is started again (after 1 s, up to 30 s when it
 * keeps dying at once); SIGTERM/SIGINT stop them all, each draining its requests.
 */
export async function runCluster(config: Config): Promise<void> {
  const count = config.WEB_CONCURRENCY;
  const say = (line: string) => console.log(`[cluster ${process.pid}] ${line}`);
  let stopping = false;
  const live = new Map<number, Worker>();
  const quickDeaths = new Map<number, number>();

  const fork = (index: number) =>
    new Promise<Worker>((resolve, reject) => {
      const startedAt = Date.now();
      const worker = cluster.fork({ [CLUSTER_INDEX_ENV]: String(index) });
      live.set(index, worker);
      let ready = false;
      worker.on('message', (message: unknown) => {
        if ((message as { type?: string } | null)?.type !== READY_MESSAGE) return;
        ready = true;
        quickDeaths.set(index, 0);
        resolve(worker);
      });
      worker.once('exit', (code, signal) => {
        if (live.get(index) === worker) live.delete(index);
        if (stopping) return;
        const why = signal ? `signal ${signal}` : `code ${code}`;
        if (!ready && index === 1 && live.size === 0) {
          reject(new Error(`app process 1 exited with ${why} before it listened`));
          return;
        }
        const quick = Date.now() - startedAt < 10_000 ? (quickDeaths.get(index) ?? 0) + 1 : 0;
        quickDeaths.set(index, quick);
        const delay = Math.min(1000 * 2 ** Math.max(0, quick - 1), 30_000);
        say(
          `app process ${index} (pid ${worker.process.pid}) exited with ${why}; starting it again in ${delay} ms`,
        );
        setTimeout(() => {
          if (!stopping) fork(index).catch(() => {});
        }, delay).unref();
        if (!ready) resolve(worker);
      });
    });

  const stopAll = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping ${live.size} app processes (each drains its requests and jobs)`);
    const exits = [...live.values()].map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          worker.once('exit', () => resolve());
          worker.process.kill('SIGTERM');
        }),
    );
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    Promise.all(exits).then(() => process.exit(0));
  };
  process.on('SIGTERM', stopAll);
  process.on('SIGINT', stopAll);

  try {
    await fork(1);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  await Promise.all(Array.from({ length: count - 1 }, (_, i) => fork(i + 2)));
  say(`${count} app processes listening on ${config.HOST}:${config.PORT} (${config.APP_URL})`);
}
