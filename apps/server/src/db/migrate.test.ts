import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { runMigrations } from './migrate';

// Every table the module and platform files declare (each modules/*/tables.ts and
// platform/*/tables.ts, as drizzle-kit reads them): a table without a migration fails here.
const tableFiles = ['../platform', '../modules'].flatMap((folder) => {
  const dir = join(import.meta.dirname, folder);
  return readdirSync(dir)
    .map((name) => join(dir, name, 'tables.ts'))
    .filter((path) => existsSync(path));
});
const schema = Object.assign({}, ...(await Promise.all(tableFiles.map((path) => import(path)))));
const EXPECTED_TABLES = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table as PgTable))
  .sort();
const MIGRATION_COUNT = (
  JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

async function tableNames(database: TestDatabase): Promise<string[]> {
  const result = await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return result.rows.map((row) => row.table_name);
}

describe(`migrations (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it('start from an empty database and create every table', async () => {
    database = await createTestDatabase({ migrate: false });
    expect(await tableNames(database)).toEqual([]);
    await runMigrations(database);
    expect(await tableNames(database)).toEqual(EXPECTED_TABLES);
  });

  it('run again without changing anything', async () => {
    database = await createTestDatabase();
    await runMigrations(database);
    expect(await tableNames(database)).toEqual(EXPECTED_TABLES);
    const applied = await database.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0]).toEqual({ n: MIGRATION_COUNT });
  });

  it('enforce the ledger invariants in the schema', async () => {
    database = await createTestDatabase();
    await database.db.execute(
      sql`insert into users (name, email, role) values ('آزمون', 'a@example.test', 'customer')`,
    );
    const insertLine = (key: string) =>
      database!.db.execute(
        sql`insert into wallet_transactions (user_id, type, amount, balance_after, description, idempotency_key)
            values (1, 'topup', 1000, 1000, 'شارژ', ${key})`,
      );
    await insertLine('k1');
    await expect(insertLine('k1')).rejects.toThrow();
    await expect(
      database.db.execute(sql`insert into users (name, role) values ('بی‌نشانی', 'customer')`),
    ).rejects.toThrow();
  });
});
