import {
  and,
  asc,
  eq,
  type InferSelectModel,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { USER_ROLES, type User, type UserRole, users } from './tables';

/**
 * The users module's data functions: every other module reads and writes account rows through
 * these (never through users/tables), so the row's rules (soft delete, updated_at) live here.
 */
export type { User, UserRole };
export { USER_ROLES };
export type NewUser = typeof users.$inferInsert;
/** The columns another module may change on a user row; the balance belongs to the wallet. */
export type UserPatch = Partial<Omit<NewUser, 'id' | 'uuid' | 'createdAt'>>;

/** The first account matching `where`. */
async function firstUser(db: Database, where: SQL | undefined): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(where);
  return user;
}

/** Any row with this id, deleted or not. */
export function findUser(db: Database, id: number): Promise<User | undefined> {
  return firstUser(db, eq(users.id, id));
}

/** A live (not deleted) account. */
export function findActiveUserById(db: Database, id: number): Promise<User | undefined> {
  return firstUser(db, and(eq(users.id, id), isNull(users.deletedAt)));
}

/**
 * Rows of another module's table together with the live account their `userId` column points at
 * (null when there is none, or it was deleted), in one query: the session read that also gives
 * the request its user.
 */
export function selectWithActiveUser<T extends PgTable>(db: Database, table: T, userId: PgColumn) {
  return db
    .select({ row: table as PgTable, user: users })
    .from(table as PgTable)
    .leftJoin(users, and(eq(users.id, userId), isNull(users.deletedAt))) as unknown as {
    where(condition: SQL): Promise<{ row: InferSelectModel<T>; user: User | null }[]>;
  };
}

/** The row, locked until the transaction ends: the one way to serialise work on one account. */
export async function lockUser(tx: Database, id: number): Promise<User | undefined> {
  // NO KEY UPDATE: callers serialise on the user (balance, limits) as with FOR UPDATE, but rows
  // that merely point at the user (a usage session, a job's machine) still insert and update
  // under their foreign key's KEY SHARE, so a machine locked first cannot deadlock with its owner.
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('no key update');
  return user;
}

export function findActiveUserByEmail(db: Database, email: string): Promise<User | undefined> {
  return firstUser(
    db,
    and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.deletedAt)),
  );
}

export function findActiveUserByMobile(db: Database, mobile: string): Promise<User | undefined> {
  return firstUser(db, and(eq(users.mobile, mobile), isNull(users.deletedAt)));
}

/** The live account whose profile photo is stored at this path (paths are random: one at most). */
export async function findActiveUserByPhoto(db: Database, photoPath: string): Promise<{ id: number } | null> {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.photoPath, photoPath), isNull(users.deletedAt)));
  return owner ?? null;
}

/** Another live account already uses this e-mail (case-insensitive). */
export async function emailTakenByAnother(db: Database, email: string, exceptId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, exceptId), isNull(users.deletedAt)));
  return row !== undefined;
}

/** Inserts an account; a taken e-mail or mobile fails with the driver's unique violation (23505). */
export async function insertUser(db: Database, values: NewUser): Promise<User> {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

/** Changes the given columns and stamps updated_at (now, unless given); returns the row as it is now. */
export async function updateUser(db: Database, id: number, patch: UserPatch): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({ updatedAt: new Date(), ...patch })
    .where(eq(users.id, id))
    .returning();
  return user;
}

/** Names and roles of these accounts, for lists that show who did something. */
export async function userNames(
  db: Database,
  ids: number[],
): Promise<Map<number, { name: string; role: UserRole }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { name: r.name, role: r.role }]));
}

/**
 * The name of the account `userId` points at, as one column of another module's select (a
 * correlated subquery: the list and its owners' names in one statement). Null for no account.
 */
export function accountNameOf(userId: PgColumn): SQL<string | null> {
  return sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${userId})`;
}

/** A subquery of the ids of accounts with these roles, for `inArray(column, …)` filters. */
export function idsWithRoles(db: Database, roles: UserRole[]) {
  return db.select({ id: users.id }).from(users).where(inArray(users.role, roles));
}

/** Staff who can be written to: active care and admin accounts with an e-mail. */
export async function activeStaffEmails(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.role, ['care', 'admin']),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
        isNotNull(users.email),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => r.email!);
}

/** What staff see of a customer beside their machine or ticket: no password, no secrets. */
export interface UserCard {
  id: number;
  name: string;
  email: string | null;
  mobile: string | null;
  balance: number;
  kycStatus: string;
  status: string;
}

export async function userCards(db: Database, ids: number[]): Promise<Map<number, UserCard>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      mobile: users.mobile,
      balance: users.balance,
      kycStatus: users.kycStatus,
      status: users.status,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Accounts a staff search names: by name or e-mail (contains, any case) or mobile (digits typed in
 * any script, 09… or +98…). At most `limit` ids, for `inArray` filters of staff lists.
 */
export async function searchUserIds(db: Database, query: string, limit = 200): Promise<number[]> {
  const text = query.trim().slice(0, 100);
  if (text === '') return [];
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = text.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))).replace(/[^\d]/g, '');
  const conditions = [sql`${users.name} ilike ${like}`, sql`${users.email} ilike ${like}`];
  if (digits.length >= 4) conditions.push(sql`${users.mobile} like ${`%${digits.replace(/^98/, '0')}%`}`);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(...conditions))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Admin/Users/List's filters (docs/screens.md §6); every value is bound as a parameter, never spliced. */
export interface UserListFilter {
  q?: string | undefined;
  role?: UserRole | undefined;
  kyc?: string | undefined;
  suspended?: boolean | undefined;
  /** Rial, inclusive. */
  balanceMin?: number | undefined;
  balanceMax?: number | undefined;
  /** A subquery of user ids that also match the search (another module's: a national code's owners). */
  alsoIds?: SQL | undefined;
}

/** `%text%` for ILIKE with the pattern characters typed by a person taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of live accounts for Admin/Users/List, newest first, and how many match: search by name
 * or e-mail (contains, any case), mobile (digits in any script, 09… or +98…), id (#12) or the
 * ids of `alsoIds`.
 */
export async function userListPage(
  db: Database,
  filter: UserListFilter,
  page: { page: number; perPage: number },
): Promise<{ rows: User[]; total: number }> {
  const conditions: (SQL | undefined)[] = [isNull(users.deletedAt)];
  const text = filter.q?.trim().slice(0, 100) ?? '';
  if (text !== '') {
    const like = containsPattern(text);
    const latin = text.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));
    const digits = latin.replace(/[^\d]/g, '');
    const matches: SQL[] = [sql`${users.name} ilike ${like}`, sql`${users.email} ilike ${like}`];
    if (digits.length >= 4) {
      matches.push(sql`${users.mobile} like ${containsPattern(digits.replace(/^(0098|98)/, '0'))}`);
    }
    const id = /^#?(\d{1,9})$/.exec(latin.trim());
    if (id) matches.push(eq(users.id, Number(id[1])));
    if (filter.alsoIds) matches.push(sql`${users.id} in (${filter.alsoIds})`);
    conditions.push(or(...matches));
  }
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.kyc) conditions.push(eq(users.kycStatus, filter.kyc));
  if (filter.suspended !== undefined) {
    conditions.push(eq(users.status, filter.suspended ? 'suspended' : 'active'));
  }
  if (filter.balanceMin !== undefined) conditions.push(sql`${users.balance} >= ${filter.balanceMin}`);
  if (filter.balanceMax !== undefined) conditions.push(sql`${users.balance} <= ${filter.balanceMax}`);
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(sql`${users.createdAt} desc`, sql`${users.id} desc`)
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Live, active admins other than `exceptId`: the last one may not be demoted or suspended. */
export async function otherActiveAdmins(db: Database, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
        ne(users.id, exceptId),
      ),
    );
  return row?.n ?? 0;
}

/** Another live account already uses this mobile. */
export async function mobileTakenByAnother(db: Database, mobile: string, exceptId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, mobile), ne(users.id, exceptId), isNull(users.deletedAt)));
  return row !== undefined;
}

/** Whether any account exists at all (the demo seed fills only a database without one). */
export async function hasAnyUser(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}
