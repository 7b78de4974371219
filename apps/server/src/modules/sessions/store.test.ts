import type { SessionRecord } from '@renderfarm/fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { users } from '../users/tables';
import { DatabaseSessionStore } from './store';

describe('DatabaseSessionStore', () => {
  let database: TestDatabase;
  let userId: number;
  let now = new Date('2026-11-21T10:00:00Z');
  let store: DatabaseSessionStore;
  const record = (id: string, minutesAgo = 0, user: number | null = userId): SessionRecord => ({
    id,
    userId: user,
    ipAddress: '127.0.0.1',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156',
    payload: { data: { cart: [1, 2] }, token: 't' },
    lastActivity: new Date(now.getTime() - minutesAgo * 60_000),
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    const [user] = await database.db
      .insert(users)
      .values({ name: 'نشست', email: 's@example.test' })
      .returning();
    userId = user!.id;
    store = new DatabaseSessionStore(database.db, 120 * 60, () => now);
  });
  afterAll(() => database.destroy());

  it('writes, reads back and replaces a session', async () => {
    await store.set(record('a'), 7200);
    expect(await store.get('a')).toMatchObject({ id: 'a', userId, payload: { data: { cart: [1, 2] } } });
    await store.set({ ...record('a'), payload: { data: {}, token: 'u' } }, 7200);
    expect((await store.get('a'))?.payload).toEqual({ data: {}, token: 'u' });
  });

  it('reads the live user with the session, and no user once the account is deleted', async () => {
    await store.set(record('with-user'), 7200);
    expect((await store.get('with-user'))?.user).toMatchObject({ id: userId, name: 'نشست' });
    await store.set(record('guest-only', 0, null), 7200);
    expect((await store.get('guest-only'))?.user).toBeNull();
    const [gone] = await database.db
      .insert(users)
      .values({ name: 'رفته', email: 'gone@example.test', deletedAt: new Date() })
      .returning();
    await store.set(record('deleted-user', 0, gone!.id), 7200);
    const stored = await store.get('deleted-user');
    expect(stored?.userId).toBe(gone!.id);
    expect(stored?.user).toBeNull();
    for (const id of ['with-user', 'guest-only', 'deleted-user']) await store.destroy(id);
  });

  it('forgets a session idle longer than its lifetime', async () => {
    await store.set(record('old', 121), 7200);
    expect(await store.get('old')).toBeUndefined();
  });

  it('lists a user’s sessions and ends all but the current one', async () => {
    await store.set(record('b', 5), 7200);
    await store.set(record('c', 1), 7200);
    await store.set(record('guest', 1, null), 7200);
    expect((await store.listForUser(userId)).map((s) => s.id)).toEqual(['a', 'c', 'b']);
    expect(await store.destroyOthers(userId, 'c')).toBe(2);
    expect((await store.listForUser(userId)).map((s) => s.id)).toEqual(['c']);
    expect(await store.get('guest')).toBeDefined();
  });

  it('prunes expired sessions', async () => {
    await store.set(record('stale', 500), 7200);
    now = new Date(now.getTime() + 1000);
    expect(await store.prune()).toBe(1);
  });
});
