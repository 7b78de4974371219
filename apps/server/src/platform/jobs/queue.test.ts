import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { enqueue } from './queue';
import { onJobsEnqueued } from './signal';
import { jobs } from './tables';

describe(`job queue: enqueue (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());
  beforeEach(async () => {
    await database.db.delete(jobs);
  });

  it('queues a job due now with the default number of tries', async () => {
    const before = Date.now();
    const { job, created } = await enqueue(database.db, 'mail.send', { to: 'a@example.test' });
    expect(created).toBe(true);
    expect(job).toMatchObject({
      name: 'mail.send',
      payload: { to: 'a@example.test' },
      state: 'queued',
      attempts: 0,
      maxAttempts: 5,
      singletonKey: null,
      lockedBy: null,
    });
    expect(job.runAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps a delayed run time and a custom number of tries', async () => {
    const runAt = new Date('2031-01-01T00:00:00Z');
    const { job } = await enqueue(database.db, 'report', {}, { runAt, maxAttempts: 2 });
    expect(job.runAt).toEqual(runAt);
    expect(job.maxAttempts).toBe(2);
    await expect(enqueue(database.db, 'report', {}, { maxAttempts: 0 })).rejects.toThrow(RangeError);
  });

  it('returns the queued or running job for a duplicate singleton, and queues again once it ended', async () => {
    const first = await enqueue(database.db, 'instance.power', { action: 'start' }, { singletonKey: 'k:1' });
    const second = await enqueue(database.db, 'instance.power', { action: 'stop' }, { singletonKey: 'k:1' });
    expect(second).toEqual({ job: first.job, created: false });

    await database.db.update(jobs).set({ state: 'running' }).where(eq(jobs.id, first.job.id));
    expect((await enqueue(database.db, 'instance.power', {}, { singletonKey: 'k:1' })).created).toBe(false);
    // Another key is another singleton.
    expect((await enqueue(database.db, 'instance.power', {}, { singletonKey: 'k:2' })).created).toBe(true);

    await database.db.update(jobs).set({ state: 'completed' }).where(eq(jobs.id, first.job.id));
    const third = await enqueue(database.db, 'instance.power', { action: 'stop' }, { singletonKey: 'k:1' });
    expect(third.created).toBe(true);
    expect(third.job.id).not.toBe(first.job.id);
    expect(await database.db.select().from(jobs).where(eq(jobs.singletonKey, 'k:1'))).toHaveLength(2);
  });

  it('writes the job with the caller’s transaction: a rollback leaves no job', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, 'rolled.back', {});
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await database.db.select().from(jobs)).toEqual([]);

    await database.db.transaction(async (tx) => {
      await enqueue(tx, 'committed', {}, { singletonKey: 'tx:1' });
      // A duplicate inside the same transaction sees the first one.
      expect((await enqueue(tx, 'committed', {}, { singletonKey: 'tx:1' })).created).toBe(false);
    });
    expect((await database.db.select().from(jobs)).map((j) => j.name)).toEqual(['committed']);
  });

  it('nudges this process’s workers when a job is queued outside a transaction only', async () => {
    let nudges = 0;
    const stop = onJobsEnqueued(() => nudges++);
    await enqueue(database.db, 'now', {});
    await database.db.transaction((tx) => enqueue(tx, 'after-commit', {}));
    stop();
    await enqueue(database.db, 'unheard', {});
    expect(nudges).toBe(1);
  });

  it('lets only one of two concurrent enqueues of a singleton create it', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => enqueue(database.db, 'race', {}, { singletonKey: 'race:1' })),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.job.id)).size).toBe(1);
  });
});
