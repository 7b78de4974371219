import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';

/**
 * Test databases start from a migrated, empty copy instead of running every migration again.
 *
 * PGlite: a data directory dumped once and shared by every test file: a fresh cluster costs initdb
 * (about 3 s on two busy cores) plus the migrations, loading the dump about 1.5 s. The dump is kept
 * on disk under a name made of the migrations' bytes and PGlite's version, so a changed migration
 * or a PGlite upgrade makes a new one, and concurrent test processes each either read a complete
 * file or make their own (written aside, then renamed into place).
 *
 * PostgreSQL: a template database of the same name, which `create database … template` copies.
 * Either way the caller still runs the migrations, which then only confirm there is nothing left.
 */
let inProcess: Promise<Blob> | undefined;

export function migratedPgliteTemplate(): Promise<Blob> {
  inProcess ??= loadOrMake();
  return inProcess;
}

/**
 * The same dump as a file on disk (made first when missing), for a server started as a child
 * process on a fresh STORAGE_DIR (tests/support/server-process.ts): unpacked into its `db` folder,
 * PGlite opens it as an existing cluster, so the process skips initdb and the migrations.
 */
export async function migratedPgliteTemplateFile(): Promise<string> {
  await migratedPgliteTemplate();
  return pgliteTemplatePath();
}

const pgliteTemplatePath = () => join(tmpdir(), `renderfarm-pglite-${templateKey()}.tar`);

async function loadOrMake(): Promise<Blob> {
  const path = pgliteTemplatePath();
  try {
    return new Blob([readFileSync(path)]);
  } catch {
    // Not made yet on this machine: make it below.
  }
  const client = new PGlite();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
    const dump = await client.dumpDataDir('none');
    const aside = `${path}.${process.pid}.${Date.now()}`;
    writeFileSync(aside, Buffer.from(await dump.arrayBuffer()));
    renameSync(aside, path);
    return dump;
  } finally {
    await client.close();
  }
}

// Any fixed number: test processes building the template take turns on it.
const TEMPLATE_LOCK_ID = 727_002;

/** The name of a migrated template database on the server at `serverUrl`, made once. */
export async function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `rf_template_${templateKey()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    try {
      if (await exists()) return name;
      // Built under another name and renamed when complete: a copy never starts from a half-built one.
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
      try {
        await migrateNodePg(drizzleNodePg({ client: pool }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await pool.end();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
    }
  } finally {
    await admin.end();
  }
}

function templateKey(): string {
  const hash = createHash('sha256');
  // The package's manifest (its version) sits one folder above its entry point.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(join(dirname(entry), '..', 'package.json')));
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  for (const file of files(MIGRATIONS_DIR).sort()) {
    hash.update(file.slice(MIGRATIONS_DIR.length));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}
