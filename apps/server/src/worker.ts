import { join } from 'node:path';
import pino from 'pino';
import { ensureAppKey } from './app-key';
import { loadEnvironment } from './boot';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { createJobHandlers, startModuleJobs } from './jobs';
import { assertRedisAnswers, watchRedisLink } from './lib/redis-ping';
import { loggerOptions } from './logger';
import { fromRoot } from './paths';
import { createBroadcaster } from './platform/broadcasting';
import { createWorker } from './platform/jobs';
import { createServices } from './services';

// `pnpm worker`: the job worker in its own process. Run the app with WORKER_IN_PROCESS=false, and
// both on PostgreSQL (DATABASE_URL): the embedded database belongs to one process, so next to a
// running app on PGlite this process is refused (RF_DB_LOCKED) rather than corrupt the data.
const config = loadEnvironment();
if (config.REDIS_URL) {
  await assertRedisAnswers(config.REDIS_URL).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
const log = pino(loggerOptions(config) as pino.LoggerOptions).child({ area: 'jobs' });
// As the app's: the link's loss and return said once each, not by every job or tick in between
// (the cache's and the limiter's own connections keep quiet about a lost link).
const redisLink = config.REDIS_URL
  ? watchRedisLink(config.REDIS_URL, log, {
      lost: 'Redis lost: jobs keep running; the cache invalidations and limits some of them use pause until it returns',
      back: 'Redis is back: cache invalidations and limits from jobs resume',
    })
  : null;
const storageDir = fromRoot(config.STORAGE_DIR);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: join(storageDir, 'db') });
await runMigrations(database);
// No realtime server here: events go through the signed HTTP API of REVERB_HOST:REVERB_PORT.
// The same services the app builds (mail, SMS, the modules' own), for handlers that send or record.
const resolved = { ...config, APP_KEY: ensureAppKey(config.APP_KEY, storageDir) };
const broadcaster = createBroadcaster(resolved);
const services = createServices(resolved, database.db, { broadcaster, log });
const handlers = createJobHandlers({ config: resolved, db: database.db, services, broadcaster, log });
const worker = createWorker({ db: database.db, handlers, leaseMs: config.JOB_LEASE_MS, log });
await startModuleJobs(database.db);
worker.start();
console.log(
  `Job worker ${worker.id} running (${handlers.names().join(', ')}) on ${database.engine === 'pglite' ? `embedded PGlite in ${config.STORAGE_DIR}/db` : 'PostgreSQL'}`,
);

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down: finishing jobs in flight');
  // A job that never ends must not keep the process alive; its lease lets another worker retry it.
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  worker
    .stop()
    .then(() => redisLink?.close())
    .then(() => database.close())
    .then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
