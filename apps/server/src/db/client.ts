import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';

/** Both drivers answer raw SQL with `{ rows }`; this tells Drizzle's types so. */
export interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: RowsOf<this['row']>;
}
type RowsOf<Row> = { rows: Row[] };

/**
 * One type for both engines: the code above the client never knows which one it talks to. No
 * schema object: queries name their tables (each module's tables.ts; drizzle-kit reads them all
 * for migrations), so adding a module's tables needs no list here.
 */
export type Database = PgDatabase<RowsResultHKT>;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Runs `select 1`; false when the database does not answer. */
  ping(): Promise<boolean>;
  /** Runs raw SQL with a session-level lock held, so two processes never migrate at once. */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; without it the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; `undefined` keeps the embedded database in memory (tests). */
  dataDir?: string | undefined;
  /** Called with each statement the app runs through Drizzle (tests count a page's queries). */
  onQuery?: ((sql: string) => void) | undefined;
  /**
   * An in-memory PGlite starts from this dumped data directory (`dumpDataDir`) instead of a fresh
   * cluster: tests start from a migrated copy, skipping initdb and the migrations.
   */
  pgliteStartFrom?: Blob | undefined;
}

// Any fixed number works: it only has to be the same in every process of this app.
const MIGRATION_LOCK_ID = 727_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // Without a listener an idle client's error would crash the process.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, logger: queryLogger(options) }) as unknown as Database;
    return {
      db,
      engine: 'postgres',
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      withMigrationLock: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
          client.release();
        }
      },
      close: async () => {
        if (!pool.ended) await pool.end();
      },
    };
  }

  let unlock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  const client = options.dataDir
    ? new PGlite(options.dataDir)
    : new PGlite(options.pgliteStartFrom ? { loadDataDir: options.pgliteStartFrom } : {});
  try {
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, logger: queryLogger(options) }) as unknown as Database;
  let closed = false;
  return {
    db,
    engine: 'pglite',
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    // PGlite is single-connection and owned by this process: its data directory cannot be shared.
    withMigrationLock: (fn) => fn(),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

function queryLogger(options: DatabaseOptions) {
  const { onQuery } = options;
  return onQuery ? { logQuery: (sql: string) => onQuery(sql) } : false;
}
