import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { DEMO_LOGINS } from './db/seed';
import { ROOT_DIR } from './paths';
import { startServer } from './server';

// A `.env` at the repository root is read first; real environment variables win over it.
const envFile = join(ROOT_DIR, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

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
  server.app.log.info({ signal }, 'shutting down: draining requests');
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
