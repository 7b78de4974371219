import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../modules/users/tables';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { JobRegistry } from '../jobs/registry';
import { jobs } from '../jobs/tables';
import { createWorker } from '../jobs/worker';
import {
  BROADCAST_JOB,
  type BroadcastEvent,
  createBroadcastJobHandler,
  OUTBOX_GRACE_MS,
  transactionWithBroadcasts,
} from './broadcaster';

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

  describe('the outbox', () => {
    const outbox = () => database.db.select().from(jobs).where(eq(jobs.name, BROADCAST_JOB));
    const workerAt = (offsetMs: number, publish: (event: BroadcastEvent) => Promise<void>) =>
      createWorker({
        db: database.db,
        handlers: new JobRegistry().register(BROADCAST_JOB, createBroadcastJobHandler({ publish })),
        clock: () => new Date(Date.now() + offsetMs),
      });

    it('leaves no entry behind once the event is published', async () => {
      await database.db.delete(jobs);
      await transactionWithBroadcasts(database.db, broadcaster, async (tx, broadcast) => {
        await tx.insert(users).values({ name: 'ت', email: 'd@b.test' });
        broadcast({ channels: 'private-users.1', event: 'InstanceUpdated', data: { power: 'running' } });
      });
      expect(await outbox()).toEqual([]);
    });

    it('writes no entry for a transaction that rolled back', async () => {
      await database.db.delete(jobs);
      await transactionWithBroadcasts(database.db, broadcaster, async (_tx, broadcast) => {
        broadcast({ channels: 'private-users.1', event: 'x', data: {} });
        throw new Error('boom');
      }).catch(() => {});
      expect(await outbox()).toEqual([]);
    });

    it('keeps an event the request could not publish, and the worker delivers it after the grace', async () => {
      await database.db.delete(jobs);
      const event = {
        channels: ['private-users.1', 'private-instances.abc'],
        event: 'InstanceUpdated',
        data: { status: 'ready', power: 'stopped' },
        socketId: '123.456',
      };
      await transactionWithBroadcasts(
        database.db,
        { publish: async () => Promise.reject(new Error('realtime down')) },
        async (tx, broadcast) => {
          await tx.insert(users).values({ name: 'ث', email: 'e@b.test' });
          broadcast(event);
        },
      );
      expect(await outbox()).toHaveLength(1);

      const delivered: BroadcastEvent[] = [];
      const collect = async (e: BroadcastEvent) => void delivered.push(e);
      // Within the grace the request may still publish it: the worker leaves it alone.
      expect(await workerAt(0, collect).drain()).toBe(0);
      expect(await workerAt(OUTBOX_GRACE_MS + 1_000, collect).drain()).toBe(1);
      expect(delivered).toEqual([event]);
      expect((await outbox())[0]!.state).toBe('completed');
    });
  });
});
