import type { SessionRecord, SessionStore } from '@renderfarm/fastify';
import { and, desc, eq, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { selectWithActiveUser, type User } from '../users';
import { sessions } from './tables';

/**
 * A session as this store reads it: with its live user (null for a guest, or when the account
 * is gone), read in the same query, so a request costs one read before its own work.
 */
export interface StoredSession extends SessionRecord {
  user: User | null;
}

/**
 * Sessions in the database, so they survive restarts and every process sees the same ones, and
 * so a user can list and end their browser sessions. Expiry is by last activity.
 */
export class DatabaseSessionStore implements SessionStore {
  constructor(
    private readonly db: Database,
    private readonly lifetimeSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(id: string): Promise<StoredSession | undefined> {
    const [found] = await selectWithActiveUser(this.db, sessions, sessions.userId).where(eq(sessions.id, id));
    if (!found) return undefined;
    const { row, user } = found;
    if (row.lastActivity.getTime() + this.lifetimeSeconds * 1000 <= this.now().getTime()) {
      await this.destroy(id);
      return undefined;
    }
    return {
      id: row.id,
      userId: row.userId,
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      payload: row.payload,
      lastActivity: row.lastActivity,
      user,
    };
  }

  async set(record: SessionRecord, _ttlSeconds: number): Promise<void> {
    const values = {
      userId: record.userId === null ? null : Number(record.userId),
      ipAddress: record.ipAddress,
      userAgent: record.userAgent?.slice(0, 512) ?? null,
      payload: record.payload,
      lastActivity: record.lastActivity,
    };
    await this.db
      .insert(sessions)
      .values({ id: record.id, ...values })
      .onConflictDoUpdate({ target: sessions.id, set: values });
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, id));
  }

  /** A user's live sessions, newest activity first (Profile → browser sessions). */
  async listForUser(userId: number) {
    const cutoff = new Date(this.now().getTime() - this.lifetimeSeconds * 1000);
    const rows = await this.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.lastActivity));
    return rows.filter((row) => row.lastActivity > cutoff);
  }

  /** Ends every session of the user except `keepId` (password change, "log out other sessions"). */
  async destroyOthers(userId: number, keepId: string | null): Promise<number> {
    const where = keepId
      ? and(eq(sessions.userId, userId), ne(sessions.id, keepId))
      : eq(sessions.userId, userId);
    const removed = await this.db.delete(sessions).where(where).returning({ id: sessions.id });
    return removed.length;
  }

  /** Deletes expired sessions; run periodically. */
  async prune(): Promise<number> {
    const cutoff = new Date(this.now().getTime() - this.lifetimeSeconds * 1000);
    const removed = await this.db
      .delete(sessions)
      .where(lt(sessions.lastActivity, cutoff))
      .returning({ id: sessions.id });
    return removed.length;
  }
}
