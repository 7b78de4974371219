import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { migratedPgliteTemplate, migratedPostgresTemplate } from './migrated-template';

export interface TestDatabase extends DatabaseHandle {
  /** The connection string of the fresh database, or undefined on PGlite. */
  url: string | undefined;
  /** Closes the connection and drops the fresh database. */
  destroy(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (so both engines run the same tests).
 */
export async function createTestDatabase(
  options: { migrate?: boolean; onQuery?: (sql: string) => void } = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  let url: string | undefined;
  let drop: () => Promise<void> = async () => {};
  if (serverUrl) {
    const name = `rf_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const template = options.migrate !== false ? await migratedPostgresTemplate(serverUrl) : undefined;
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    await admin.end();
    const parsed = new URL(serverUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    drop = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const migrated = options.migrate !== false;
  // Both engines start from a migrated copy; runMigrations then only confirms there is nothing left.
  const pgliteStartFrom = !url && migrated ? await migratedPgliteTemplate() : undefined;
  const handle = await openDatabase({ url, onQuery: options.onQuery, pgliteStartFrom });
  if (migrated) await runMigrations(handle);
  return {
    ...handle,
    url,
    destroy: async () => {
      await handle.close();
      await drop();
    },
  };
}
