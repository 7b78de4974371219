import { count } from 'drizzle-orm';
import { modules } from '../modules';
import type { DemoSeedContext } from '../modules/app-module';
import { users } from '../modules/users/tables';
import type { Database } from './client';
import * as demo from './demo-data';

/** True when the database has no users yet: the demo seed runs only then (first start). */
export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Writes the demo data set: each module seeds its own records, in the order of the module list
 * (modules/index.ts), in one transaction so a failed seed leaves an empty database to try again.
 */
export async function seedDemo(db: Database): Promise<void> {
  const context: DemoSeedContext = { now: new Date(), userIds: new Map(), ids: new Map() };
  await db.transaction(async (tx) => {
    for (const module of modules) await module.seed?.(tx, context);
  });
}

/** Seeds only a database that has no users yet; returns whether it did. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seedDemo(db);
  return true;
}

export const DEMO_LOGINS = demo.DEMO_USERS.map((u) => ({
  role: u.role,
  email: u.email,
  mobile: u.mobile,
  password: demo.DEMO_PASSWORD,
}));
