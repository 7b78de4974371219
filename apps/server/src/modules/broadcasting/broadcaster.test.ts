import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { users } from '../users/tables';
import { type BroadcastEvent, transactionWithBroadcasts } from './broadcaster';

describe('transactionWithBroadcasts', () => {
  let database: TestDatabase;
  const sent: BroadcastEvent[] = [];
  const broadcaster = { publish: async (event: BroadcastEvent) => void sent.push(event) };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('publishes only after the commit', async () => {
    sent.length = 0;
    let seenInside = -1;
    await transactionWithBroadcasts(database.db, broadcaster, async (tx, broadcast) => {
      await tx.insert(users).values({ name: 'الف', email: 'a@b.test' });
      broadcast({ channels: 'private-users.1', event: 'user.created', data: {} });
      seenInside = sent.length;
    });
    expect(seenInside).toBe(0);
    expect(sent.map((e) => e.event)).toEqual(['user.created']);
  });

  it('publishes nothing when the transaction rolls back', async () => {
    sent.length = 0;
    await expect(
      transactionWithBroadcasts(database.db, broadcaster, async (tx, broadcast) => {
        await tx.insert(users).values({ name: 'ب', email: 'b@b.test' });
        broadcast({ channels: 'private-users.1', event: 'user.created', data: {} });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(sent).toEqual([]);
    expect(await database.db.select().from(users).where(eq(users.email, 'b@b.test'))).toEqual([]);
  });

  it('keeps the committed change when publishing fails', async () => {
    const failures: unknown[] = [];
    await transactionWithBroadcasts(
      database.db,
      { publish: async () => Promise.reject(new Error('realtime down')) },
      async (tx, broadcast) => {
        await tx.insert(users).values({ name: 'پ', email: 'c@b.test' });
        broadcast({ channels: 'private-users.1', event: 'x', data: {} });
      },
      (error) => failures.push(error),
    );
    expect(failures).toHaveLength(1);
    expect(await database.db.select().from(users).where(eq(users.email, 'c@b.test'))).toHaveLength(1);
  });
});
