import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { runMigrations } from './migrate';

const EXPECTED_TABLES = [
  'articles',
  'configs',
  'folders',
  'hardwares',
  'images',
  'links',
  'locations',
  'menus',
  'pages',
  'ports',
  'resources',
  'sessions',
  'users',
  'verification_requests',
  'wallet_transactions',
];

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
    expect(applied.rows[0]).toEqual({ n: 2 });
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
