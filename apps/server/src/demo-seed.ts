import { type Config, loadConfig } from './config';
import type { Database } from './db/client';
import * as demo from './db/demo-data';
import { createObjectStorage, type ObjectStorage } from './lib/storage/index';
import type { AppModule, DemoSeedContext } from './modules/app-module';
import { modules } from './modules/index';
import { hasAnyUser } from './modules/users';
import { fromRoot } from './paths';

/** True when the database has no users yet: the demo seed runs only then (first start). */
export async function isEmpty(db: Database): Promise<boolean> {
  return !(await hasAnyUser(db));
}

/**
 * Writes the demo data set: each module seeds its own records, in the order of the module list
 * (modules/index.ts), in one transaction so a failed seed leaves an empty database to try again.
 */
export async function seedDemo(
  db: Database,
  options: { storage?: ObjectStorage; modules?: readonly AppModule[] } = {},
): Promise<void> {
  const context: DemoSeedContext = {
    now: new Date(),
    userIds: new Map(),
    ids: new Map(),
    storage: options.storage ?? storageOf(loadConfig()),
  };
  await db.transaction(async (tx) => {
    for (const module of options.modules ?? modules) await module.seed?.(tx, context);
  });
}

/** Seeds only a database that has no users yet; returns whether it did. */
export async function seedIfEmpty(db: Database, options: { storage?: ObjectStorage } = {}): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seedDemo(db, options);
  return true;
}

/** The object store the app builds from `config` (services.ts): demo files go where it reads. */
export function storageOf(config: Config): ObjectStorage {
  return createObjectStorage({ ...config, storageDir: fromRoot(config.STORAGE_DIR) });
}

export const DEMO_LOGINS = demo.DEMO_USERS.map((u) => ({
  role: u.role,
  email: u.email,
  mobile: u.mobile,
  password: demo.DEMO_PASSWORD,
}));
