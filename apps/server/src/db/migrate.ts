import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../paths';
import type { DatabaseHandle } from './client';

/** Applies every SQL migration in `apps/server/drizzle` that has not run yet. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  await handle.withMigrationLock(async () => {
    if (handle.engine === 'postgres') {
      await migrateNodePg(handle.db as unknown as NodePgDatabase, config);
    } else {
      await migratePglite(handle.db as unknown as PgliteDatabase, config);
    }
  });
}
