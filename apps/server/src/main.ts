import cluster from 'node:cluster';
import { loadEnvironment } from './boot';
import { CLUSTER_INDEX_ENV, clusterIndex, READY_MESSAGE, runCluster } from './cluster';
import { DEMO_LOGINS } from './demo-seed';
import { startServer } from './server';

const config = loadEnvironment();
if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
  await runCluster(config);
} else {
  await serve();
}

async function serve() {
  const index = clusterIndex();
  // In a cluster only the first process runs the job worker (main.ts of N share one queue anyway)
  // and the in-process render node (Blender takes every core for one frame).
  const server = await startServer(
    index > 1
      ? { ...config, WORKER_IN_PROCESS: false, RENDER_NODE_IN_PROCESS: false, SEED_DEMO: false }
      : config,
  ).catch((error: Error & { code?: string }) => {
    // Our own refusals (Redis not answering, the database locked) are sentences, not stacks.
    if (typeof error.code === 'string' && error.code.startsWith('RF_')) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  });
  if (index > 1) {
    console.log(`  app process ${index} (pid ${process.pid}) listening`);
  } else {
    announce(server);
    if (index === 1)
      console.log(`  app process 1 of ${config.WEB_CONCURRENCY} (${CLUSTER_INDEX_ENV}=1) runs the worker`);
  }
  process.send?.({ type: READY_MESSAGE, url: server.url });

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    server.app.log.info({ signal }, 'shutting down: draining requests and jobs');
    // A request that never ends must not keep the process alive forever.
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    server
      .stop()
      .then(() => process.exit(0))
      .catch((error) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

function announce(server: Awaited<ReturnType<typeof startServer>>) {
  const publicUrl = config.APP_URL;
  console.log(`\n  رندر فارم ابری is running at ${publicUrl} (listening on ${server.url})`);
  console.log(
    `  Database: ${server.database.engine === 'pglite' ? `embedded PGlite in ${config.STORAGE_DIR}/db` : 'PostgreSQL'}`,
  );
  if (config.SEED_DEMO && config.NODE_ENV !== 'production') {
    console.log(
      `  Demo data ${server.seeded ? 'seeded now' : 'already present'}. Demo sign-ins (password "password"):`,
    );
    for (const login of DEMO_LOGINS)
      console.log(`    ${login.role.padEnd(8)} ${login.email}  mobile ${login.mobile}`);
  }
  console.log('');
}
