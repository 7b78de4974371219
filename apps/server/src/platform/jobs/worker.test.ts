import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { enqueue } from './queue';
import { JobRegistry, withFailedStep } from './registry';
import { jobs } from './tables';
import { createWorker, exponentialBackoff, JobAbandonedError, QuietRetryError, type Worker } from './worker';

/** A clock the test moves by hand, so backoff and leases are checked without waiting. */
function manualClock(start = '2030-01-01T10:00:00Z') {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe(`job worker (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  const started: Worker[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(started.map((w) => w.stop()));
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(jobs);
  });

  const jobById = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  it('backs off exponentially, capped', () => {
    expect([1, 2, 3, 4].map((n) => exponentialBackoff(n))).toEqual([1000, 2000, 4000, 8000]);
    expect(exponentialBackoff(30)).toBe(10 * 60_000);
  });

  it('runs a due job once and marks it completed', async () => {
    const clock = manualClock();
    const seen: unknown[] = [];
    const handlers = new JobRegistry().register('greet', async (job) => {
      seen.push(job.payload);
    });
    const worker = createWorker({ db: database.db, handlers, clock: clock.now, id: 'w1' });
    const { job } = await enqueue(database.db, 'greet', { name: 'سارا' }, { runAt: clock.now() });
    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);
    expect(seen).toEqual([{ name: 'سارا' }]);
    expect(await jobById(job.id)).toMatchObject({
      state: 'completed',
      attempts: 1,
      lockedBy: null,
      lockedUntil: null,
      completedAt: clock.now(),
    });
  });

  it('waits for a delayed job and claims only jobs it has a handler for', async () => {
    const clock = manualClock();
    let runs = 0;
    const handlers = new JobRegistry().register('later', async () => {
      runs++;
    });
    const worker = createWorker({ db: database.db, handlers, clock: clock.now });
    await enqueue(database.db, 'later', {}, { runAt: new Date(clock.now().getTime() + 60_000) });
    const { job: foreign } = await enqueue(database.db, 'someone.else', {}, { runAt: clock.now() });
    expect(await worker.drain()).toBe(0);
    clock.advance(60_000);
    expect(await worker.drain()).toBe(1);
    expect(runs).toBe(1);
    expect((await jobById(foreign.id)).state).toBe('queued');
  });

  it('retries a failing job with exponential backoff, then completes it', async () => {
    const clock = manualClock();
    let calls = 0;
    const handlers = new JobRegistry().register('flaky', async () => {
      calls++;
      if (calls < 3) throw new Error(`host did not answer (${calls})`);
    });
    const worker = createWorker({ db: database.db, handlers, clock: clock.now });
    const { job } = await enqueue(database.db, 'flaky', {}, { runAt: clock.now(), maxAttempts: 5 });

    expect(await worker.drain()).toBe(1);
    let row = await jobById(job.id);
    expect(row).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: 'host did not answer (1)',
      lockedBy: null,
    });
    expect(row.runAt.getTime() - clock.now().getTime()).toBe(1000);
    // Not due before its backoff has passed.
    clock.advance(999);
    expect(await worker.drain()).toBe(0);
    clock.advance(1);
    expect(await worker.drain()).toBe(1);
    row = await jobById(job.id);
    expect(row).toMatchObject({ state: 'queued', attempts: 2, lastError: 'host did not answer (2)' });
    expect(row.runAt.getTime() - clock.now().getTime()).toBe(2000);

    clock.advance(2000);
    expect(await worker.drain()).toBe(1);
    expect(await jobById(job.id)).toMatchObject({ state: 'completed', attempts: 3, lastError: null });
    expect(calls).toBe(3);
  });

  it('fails a job for good after max_attempts, keeping the last error', async () => {
    const clock = manualClock();
    let calls = 0;
    const handlers = new JobRegistry().register('broken', async () => {
      calls++;
      throw new Error(`attempt ${calls} broke`);
    });
    const worker = createWorker({ db: database.db, handlers, clock: clock.now, backoffMs: () => 5 });
    const { job } = await enqueue(database.db, 'broken', {}, { runAt: clock.now(), maxAttempts: 3 });
    for (let i = 0; i < 5; i++) {
      await worker.drain();
      clock.advance(5);
    }
    expect(calls).toBe(3);
    expect(await jobById(job.id)).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: 'attempt 3 broke',
      lockedBy: null,
      completedAt: null,
    });
  });

  it('retries a job failing for an already reported reason (QuietRetryError) without a line per try', async () => {
    const clock = manualClock();
    const lines: string[] = [];
    const log = {
      info: (_: object, message: string) => lines.push(`info ${message}`),
      warn: (_: object, message: string) => lines.push(`warn ${message}`),
      error: (_: object, message: string) => lines.push(`error ${message}`),
    };
    let calls = 0;
    const handlers = new JobRegistry().register('redis-away', async () => {
      calls++;
      throw new QuietRetryError(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    });
    const worker = createWorker({ db: database.db, handlers, clock: clock.now, backoffMs: () => 5, log });
    const { job } = await enqueue(database.db, 'redis-away', {}, { runAt: clock.now(), maxAttempts: 3 });
    for (let i = 0; i < 5; i++) {
      await worker.drain();
      clock.advance(5);
    }
    expect(calls).toBe(3);
    // Two quiet retries; the last try, failed for good, is still said.
    expect(lines).toEqual(['error job failed for good']);
    expect(await jobById(job.id)).toMatchObject({
      state: 'failed',
      lastError: 'connect ECONNREFUSED 127.0.0.1:6379',
    });
  });

  it('claims again a job whose worker died (lease expired), and fails one that died on its last try', async () => {
    const clock = manualClock();
    const ran: string[] = [];
    const handlers = new JobRegistry().register('long', async (job) => {
      ran.push(String(job.payload.label));
    });
    const worker = createWorker({ db: database.db, handlers, clock: clock.now, id: 'survivor' });
    const rows = await database.db
      .insert(jobs)
      .values([
        // Held by a process that died a minute ago.
        {
          name: 'long',
          payload: { label: 'expired' },
          state: 'running',
          attempts: 1,
          lockedBy: 'dead',
          lockedUntil: new Date(clock.now().getTime() - 60_000),
        },
        // Held by a live worker whose lease still runs.
        {
          name: 'long',
          payload: { label: 'live' },
          state: 'running',
          attempts: 1,
          lockedBy: 'alive',
          lockedUntil: new Date(clock.now().getTime() + 60_000),
        },
        // Died during its last try.
        {
          name: 'long',
          payload: { label: 'exhausted' },
          state: 'running',
          attempts: 3,
          maxAttempts: 3,
          lockedBy: 'dead',
          lockedUntil: new Date(clock.now().getTime() - 1),
        },
      ])
      .returning();
    expect(await worker.drain()).toBe(1);
    expect(ran).toEqual(['expired']);
    expect(await jobById(rows[0]!.id)).toMatchObject({ state: 'completed', attempts: 2 });
    expect(await jobById(rows[1]!.id)).toMatchObject({ state: 'running', lockedBy: 'alive' });
    expect(await jobById(rows[2]!.id)).toMatchObject({ state: 'failed', lockedBy: null });
    expect((await jobById(rows[2]!.id)).lastError).toMatch(/مهلت/);

    clock.advance(60_001);
    expect(await worker.drain()).toBe(1);
    expect(ran).toEqual(['expired', 'live']);
  });

  it('runs the handler’s failed step once a job fails for good: thrown on its last try, or abandoned there', async () => {
    const clock = manualClock();
    const steps: string[] = [];
    const handlers = new JobRegistry().register(
      'settles',
      withFailedStep(
        async (job) => {
          throw new Error(`${job.payload.label} broke`);
        },
        async (job, context, error) => {
          steps.push(
            `${job.payload.label}: ${error instanceof JobAbandonedError ? 'abandoned' : (error as Error).message}`,
          );
          if (job.payload.label === 'step-breaks') throw new Error('the step broke too');
          // The step ends the job in its own transaction, as a handler's settle does.
          await context.db.transaction((tx) =>
            context.finish(tx, { failed: `settled after ${job.attempts}` }),
          );
        },
      ),
    );
    const worker = createWorker({ db: database.db, handlers, clock: clock.now, id: 'survivor' });
    const { job: thrown } = await enqueue(
      database.db,
      'settles',
      { label: 'thrown' },
      { runAt: clock.now(), maxAttempts: 1 },
    );
    const [abandoned, stepBreaks] = await database.db
      .insert(jobs)
      .values(
        ['abandoned', 'step-breaks'].map((label) => ({
          name: 'settles',
          payload: { label },
          state: 'running' as const,
          attempts: 3,
          maxAttempts: 3,
          lockedBy: 'dead',
          lockedUntil: new Date(clock.now().getTime() - 1),
        })),
      )
      .returning();
    await worker.drain();
    expect(steps.sort()).toEqual(['abandoned: abandoned', 'step-breaks: abandoned', 'thrown: thrown broke']);
    expect(await jobById(thrown.id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'settled after 1',
      lockedBy: null,
    });
    expect(await jobById(abandoned!.id)).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: 'settled after 3',
      lockedBy: null,
    });
    // A step that fails leaves the job failed all the same (the machine sweeper is the backstop).
    expect(await jobById(stepBreaks!.id)).toMatchObject({ state: 'failed', attempts: 3, lockedBy: null });
    expect((await jobById(stepBreaks!.id)).lastError).toMatch(/مهلت/);
    // Nothing runs twice.
    clock.advance(120_000);
    await worker.drain();
    expect(steps).toHaveLength(3);
  });

  it('runs the failed step again when the worker running it dies too', async () => {
    const clock = manualClock();
    const hang = gate();
    const ranBy: string[] = [];
    const registry = (hangs: boolean) =>
      new JobRegistry().register(
        'settles',
        withFailedStep(
          async () => {},
          async (_job, context) => {
            ranBy.push(hangs ? 'first' : 'second');
            if (hangs) await hang.opened;
            else await context.finish(context.db, { failed: 'settled' });
          },
        ),
      );
    const [row] = await database.db
      .insert(jobs)
      .values({
        name: 'settles',
        payload: {},
        state: 'running',
        attempts: 2,
        maxAttempts: 2,
        lockedBy: 'dead',
        lockedUntil: new Date(clock.now().getTime() - 1),
      })
      .returning();
    // The first worker takes the step and "dies" in it: it never returns, nor renews its lease.
    const first = createWorker({
      db: database.db,
      handlers: registry(true),
      clock: clock.now,
      id: 'first',
      leaseMs: 1000,
      heartbeatMs: 3_600_000,
    });
    const stuck = first.drain();
    while (ranBy.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await jobById(row!.id)).toMatchObject({ state: 'running', lockedBy: 'first' });
    const second = createWorker({
      db: database.db,
      handlers: registry(false),
      clock: clock.now,
      id: 'second',
    });
    await second.drain();
    expect(ranBy).toEqual(['first']);
    clock.advance(1001);
    await second.drain();
    expect(ranBy).toEqual(['first', 'second']);
    expect(await jobById(row!.id)).toMatchObject({ state: 'failed', lastError: 'settled', lockedBy: null });
    hang.open();
    await stuck;
    // The first worker's late return changes nothing: the job is no longer its own.
    expect(await jobById(row!.id)).toMatchObject({ state: 'failed', lastError: 'settled' });
  });

  it('renews the lease of a running job, so another worker does not take it', async () => {
    // The hand-moved clock makes this independent of how busy the machine is: only a renewal that
    // has landed in the database keeps the job from the second worker.
    const clock = manualClock();
    const hold = gate();
    const entered = gate();
    const handlers = new JobRegistry().register('slow', async () => {
      entered.open();
      await hold.opened;
    });
    const takenBySecond: number[] = [];
    const secondHandlers = new JobRegistry().register('slow', async (job) => {
      takenBySecond.push(job.id);
    });
    const first = createWorker({
      db: database.db,
      handlers,
      id: 'first',
      leaseMs: 1500,
      heartbeatMs: 20,
      clock: clock.now,
    });
    const second = createWorker({
      db: database.db,
      handlers: secondHandlers,
      id: 'second',
      leaseMs: 1500,
      clock: clock.now,
    });
    const { job } = await enqueue(database.db, 'slow', {}, { runAt: clock.now() });
    const running = first.drain();
    await entered.opened;
    const firstLease = (await jobById(job.id)).lockedUntil!.getTime();
    clock.advance(1000);
    // Wait for a heartbeat taken at the moved clock to reach the row.
    while ((await jobById(job.id)).lockedUntil!.getTime() < firstLease + 1000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Past the first lease now: only the renewal keeps the job the first worker's.
    clock.advance(1000);
    expect(await second.drain()).toBe(0);
    expect(takenBySecond).toEqual([]);
    hold.open();
    expect(await running).toBe(1);
    expect(await jobById(job.id)).toMatchObject({ state: 'completed', attempts: 1 });
  });

  it('lets a handler end its job in its own transaction', async () => {
    const handlers = new JobRegistry().register('atomic', async (job, context) => {
      await context.db.transaction(async (tx) => {
        await tx
          .update(jobs)
          .set({ payload: { done: true } })
          .where(eq(jobs.id, job.id));
        await context.finish(tx, job.payload.fail ? { failed: 'gave up' } : undefined);
      });
    });
    const worker = createWorker({ db: database.db, handlers });
    const { job: ok } = await enqueue(database.db, 'atomic', {});
    const { job: bad } = await enqueue(database.db, 'atomic', { fail: true });
    expect(await worker.drain()).toBe(2);
    expect(await jobById(ok.id)).toMatchObject({ state: 'completed', payload: { done: true } });
    expect(await jobById(bad.id)).toMatchObject({ state: 'failed', lastError: 'gave up', attempts: 1 });
  });

  it('never runs one job in two workers at once', async () => {
    const total = 30;
    const runs = new Map<number, number>();
    const byWorker = new Set<string | null>();
    let active = 0;
    let maxActive = 0;
    const done = gate();
    const handlers = new JobRegistry().register('count', async (job) => {
      active++;
      maxActive = Math.max(maxActive, active);
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      byWorker.add(job.lockedBy);
      await new Promise((resolve) => setTimeout(resolve, (job.id % 4) * 3));
      active--;
      if ([...runs.values()].reduce((a, b) => a + b, 0) >= total) done.open();
    });
    await database.db
      .insert(jobs)
      .values(Array.from({ length: total }, (_, i) => ({ name: 'count', payload: { i } })));
    const workers = ['a', 'b'].map((id) =>
      createWorker({ db: database.db, handlers, id, concurrency: 4, pollIntervalMs: 20 }),
    );
    started.push(...workers);
    for (const w of workers) w.start();
    await done.opened;
    await Promise.all(workers.map((w) => w.stop()));

    expect(runs.size).toBe(total);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    const rows = await database.db.select().from(jobs);
    expect(rows.every((r) => r.state === 'completed' && r.attempts === 1)).toBe(true);
    // Both workers took part, and jobs overlapped: the claims really competed.
    expect(byWorker).toEqual(new Set(['a', 'b']));
    expect(maxActive).toBeGreaterThan(1);
  });

  it('wakes at once when this process queues a job, without waiting for its poll', async () => {
    const ran = gate();
    const handlers = new JobRegistry().register('urgent', async () => ran.open());
    const worker = createWorker({ db: database.db, handlers, pollIntervalMs: 60 * 60_000 });
    started.push(worker);
    worker.start();
    // Let the first (empty) poll pass, so only the nudge can find the job.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await enqueue(database.db, 'urgent', {});
    await ran.opened;
    await worker.stop();
  });

  it('stops gracefully: claims nothing new and returns once the running job has finished', async () => {
    const hold = gate();
    const entered = gate();
    const handlers = new JobRegistry().register('in-flight', async () => {
      entered.open();
      await hold.opened;
    });
    const worker = createWorker({ db: database.db, handlers, pollIntervalMs: 20 });
    const { job } = await enqueue(database.db, 'in-flight', {});
    worker.start();
    await entered.opened;

    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    const { job: next } = await enqueue(database.db, 'in-flight', {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false);
    expect((await jobById(job.id)).state).toBe('running');

    hold.open();
    await stopping;
    expect((await jobById(job.id)).state).toBe('completed');
    expect((await jobById(next.id)).state).toBe('queued');
  });
});
