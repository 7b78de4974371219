import { join } from 'node:path';
import { type RealtimeServer, startRealtimeServer } from '@renderfarm/realtime/server';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ensureAppKey } from './app-key';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { seedIfEmpty, storageOf } from './demo-seed';
import { type InProcessNode, ownUrl, startInProcessNode } from './in-process-node';
import { startModuleJobs } from './jobs';
import { assertRedisAnswers, isRedisConnectionError } from './lib/redis-ping';
import { fromRoot } from './paths';
import { realtimeConfig } from './platform/broadcasting';
import { createWorker, type Worker } from './platform/jobs';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The websocket server when it runs in this process (REVERB_IN_PROCESS). */
  realtime: RealtimeServer | undefined;
  /** The job worker when it runs in this process (WORKER_IN_PROCESS). */
  worker: Worker | undefined;
  /** The render node when it runs in this process (RENDER_NODE_IN_PROCESS and Blender found). */
  renderNode: InProcessNode | undefined;
  url: string;
  seeded: boolean;
  /**
   * Stops the in-process render node (its task handed back), stops accepting connections and
   * claiming jobs, lets in-flight requests and jobs finish, then closes the database.
   */
  stop(): Promise<void>;
}

/** Opens and migrates the database, seeds it on first start, and listens. */
export async function startServer(
  config: Config,
  hooks: { beforeListen?: (app: FastifyInstance) => void | Promise<void> } = {},
): Promise<RunningServer> {
  const storageDir = fromRoot(config.STORAGE_DIR);
  const appKey = ensureAppKey(config.APP_KEY, storageDir);
  const resolved: Config = { ...config, APP_KEY: appKey };
  // Redis set but not answering: stop now with the reason, not later with a 503 on every sign-in.
  if (config.REDIS_URL) await assertRedisAnswers(config.REDIS_URL);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: join(storageDir, 'db') });
  let app: FastifyInstance | undefined;
  let realtime: RealtimeServer | undefined;
  let worker: Worker | undefined;
  try {
    await runMigrations(database);
    const seeded = config.SEED_DEMO
      ? await seedIfEmpty(database.db, { storage: storageOf(resolved) })
      : false;
    // The realtime server first (docs/decisions/0005-realtime-server.md), so the app publishes to
    // it in process instead of through its own HTTP API.
    if (config.REVERB_IN_PROCESS) {
      realtime = await startRealtimeServer(
        realtimeConfig(config, (error) => {
          // A lost Redis link is the app's Redis watcher's to report, once (app.ts).
          if (isRedisConnectionError(error)) return;
          if (app) app.log.error({ err: error }, 'realtime');
          else console.error('realtime', error);
        }),
      );
    }
    app = await buildApp({ config: resolved, database, realtime });
    await hooks.beforeListen?.(app);
    await app.listen({ port: config.PORT, host: config.HOST });
    if (config.WORKER_IN_PROCESS) {
      worker = createWorker({
        db: database.db,
        handlers: app.jobHandlers,
        leaseMs: config.JOB_LEASE_MS,
        log: app.log.child({ area: 'jobs' }),
      });
      await startModuleJobs(database.db);
      worker.start();
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const running = app;
    const runningRealtime = realtime;
    const runningWorker = worker;
    // Last, once the app answers: the node talks to it over HTTP like any render node.
    const renderNode =
      config.RENDER_NODE_IN_PROCESS && typeof address === 'object' && address
        ? startInProcessNode({
            manager: app.services.renderManager,
            url: ownUrl(address),
            blenderPath: config.BLENDER_PATH,
            workDir: join(storageDir, 'render-node'),
            log: app.log.child({ area: 'render-node' }),
          })
        : undefined;
    let stopping: Promise<void> | undefined;
    return {
      app: running,
      database,
      realtime,
      worker,
      renderNode,
      seeded,
      url: `http://${config.HOST}:${port}`,
      stop: () => {
        stopping ??= (async () => {
          // The node first: it hands its task back through the app, which must still answer.
          await renderNode?.stop();
          // Jobs finish while requests drain; both may still publish, so realtime closes after.
          await Promise.all([runningWorker?.stop(), closeDraining(running)]);
          await runningRealtime?.close();
          await database.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await worker?.stop().catch(() => {});
    await app?.close().catch(() => {});
    await realtime?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}

/**
 * Closes the HTTP server after its in-flight requests. A keep-alive connection that was busy when
 * closing began becomes idle only after its response, and Node closes idle connections once, at
 * the start: without sweeping again, such a socket would hold the close for the whole keep-alive
 * timeout (72 s) and outlast the process's forced exit.
 */
async function closeDraining(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
