import { loadEnvironment } from './boot';
import { DEMO_LOGINS } from './db/seed';
import { startServer } from './server';

const config = loadEnvironment();
const server = await startServer(config);
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
