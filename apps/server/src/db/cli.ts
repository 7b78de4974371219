import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnvironment } from '../boot';
import { seedIfEmpty, storageOf } from '../demo-seed';
import { fromRoot } from '../paths';
import { openDatabase } from './client';
import { runMigrations } from './migrate';

// `pnpm db:migrate | db:seed | db:reset`
const command = process.argv[2];
const config = loadEnvironment();
const dataDir = join(fromRoot(config.STORAGE_DIR), 'db');

if (command === 'reset') {
  if (config.NODE_ENV === 'production') {
    console.error('db:reset refuses to run with NODE_ENV=production.');
    process.exit(1);
  }
  if (config.DATABASE_URL) {
    const database = await openDatabase({ url: config.DATABASE_URL });
    await database.db.execute(
      'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;',
    );
    await database.close();
  } else {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('Database emptied.');
}

const database = await openDatabase({ url: config.DATABASE_URL, dataDir });
try {
  await runMigrations(database);
  console.log('Migrations applied.');
  if (command === 'seed' || command === 'reset') {
    console.log(
      (await seedIfEmpty(database.db, { storage: storageOf(config) }))
        ? 'Demo data seeded.'
        : 'Database already has users: seed skipped.',
    );
  } else if (command !== 'migrate') {
    console.error(`Unknown command "${command}": use migrate, seed or reset.`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
