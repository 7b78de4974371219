import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { users } from '../users/tables';
import { findActivityForActor, recordActivity } from './service';
import { activityLog } from './tables';

describe(`activity log (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let userId: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    const [user] = await database.db
      .insert(users)
      .values({ name: 'آزمون', email: 'a@example.test' })
      .returning();
    userId = user!.id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('records an entry with actor, subject, request and properties', async () => {
    const entry = await recordActivity(database.db, {
      event: 'token:created',
      actorId: userId,
      subject: { type: 'personal_access_token', id: 7 },
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
      properties: { name: 'CI', abilities: ['read'] },
    });
    expect(entry).toMatchObject({
      event: 'token:created',
      actorId: userId,
      subjectType: 'personal_access_token',
      subjectId: '7',
      ipAddress: '203.0.113.9',
      properties: { name: 'CI', abilities: ['read'] },
    });
    expect(entry.at).toBeInstanceOf(Date);
  });

  it('refuses event names outside the area:thing.verb form', async () => {
    await expect(recordActivity(database.db, { event: 'Login' })).rejects.toThrow(RangeError);
    await expect(recordActivity(database.db, { event: 'auth:' })).rejects.toThrow(RangeError);
  });

  it('truncates a huge user agent', async () => {
    const entry = await recordActivity(database.db, { event: 'auth:failed', userAgent: 'x'.repeat(5000) });
    expect(entry.userAgent).toHaveLength(500);
  });

  it('is append-only in the database itself', async () => {
    const entry = await recordActivity(database.db, { event: 'auth:login', actorId: userId });
    await expect(
      database.db.update(activityLog).set({ event: 'auth:logout' }).where(eq(activityLog.id, entry.id)),
    ).rejects.toThrow();
    await expect(database.db.delete(activityLog).where(eq(activityLog.id, entry.id))).rejects.toThrow();
    const [row] = await database.db.select().from(activityLog).where(eq(activityLog.id, entry.id));
    expect(row?.event).toBe('auth:login');
  });

  it('lists a user’s entries newest first, with paging and an event filter', async () => {
    await recordActivity(database.db, { event: 'auth:2fa.enabled', actorId: userId });
    const all = await findActivityForActor(database.db, userId);
    expect(all[0]!.event).toBe('auth:2fa.enabled');
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
    const older = await findActivityForActor(database.db, userId, { before: all[0]!.id, limit: 1 });
    expect(older).toHaveLength(1);
    expect(older[0]!.id).toBeLessThan(all[0]!.id);
    const logins = await findActivityForActor(database.db, userId, { event: 'auth:login' });
    expect(logins.every((e) => e.event === 'auth:login')).toBe(true);
  });

  it('writes inside a caller’s transaction and disappears with its rollback', async () => {
    const before = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from activity_log`);
    await expect(
      database.db.transaction(async (tx) => {
        await recordActivity(tx, { event: 'auth:password.changed', actorId: userId });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from activity_log`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
