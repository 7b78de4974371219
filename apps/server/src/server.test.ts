import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import type { Database } from './db/client';
import { POWER_JOB } from './modules/instances/power-job-payload';
import type { Instance } from './modules/instances/tables';
import { instances } from './modules/instances/tables';
import { users } from './modules/users/tables';
import { jobs } from './platform/jobs/tables';
import { startServer } from './server';
import { createTestDatabase, type TestDatabase } from './testing/database';

/*
 * The server as `pnpm start` runs it: on disk (PGlite under STORAGE_DIR) or on a fresh PostgreSQL
 * database when DATABASE_URL is set, listening on a real port.
 */
describe('server lifecycle', { timeout: 120_000 }, () => {
  let storage: string;
  let pgDatabase: TestDatabase | undefined;
  // Broadcasts pass through the outbox (jobs of their own); these tests follow the power job.
  const powerJobs = (db: Database) => db.select().from(jobs).where(eq(jobs.name, POWER_JOB));
  const env = () => ({
    NODE_ENV: 'test',
    CAPTCHA_PROVIDER: 'none',
    PORT: '0',
    REVERB_PORT: '0',
    STORAGE_DIR: storage,
    DATABASE_URL: pgDatabase?.url,
    RENDER_NODE_IN_PROCESS: 'false',
  });

  beforeAll(async () => {
    storage = mkdtempSync(join(tmpdir(), 'renderfarm-server-'));
    if (process.env.DATABASE_URL) pgDatabase = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    rmSync(storage, { recursive: true, force: true });
    await pgDatabase?.destroy();
  });

  it('keeps its data across a stop and a start', async () => {
    const first = await startServer(loadConfig(env()));
    expect(first.seeded).toBe(true);
    await first.database.db
      .update(users)
      .set({ name: 'نام پس از ویرایش' })
      .where(eq(users.email, 'customer@renderfarm.test'));
    await first.stop();

    const second = await startServer(loadConfig(env()));
    try {
      expect(second.seeded).toBe(false);
      const [customer] = await second.database.db
        .select()
        .from(users)
        .where(eq(users.email, 'customer@renderfarm.test'));
      expect(customer?.name).toBe('نام پس از ویرایش');
      const res = await fetch(`${second.url}/up`);
      expect(res.status).toBe(200);
      // The realtime server runs in the same process by default and answers its own health check.
      const realtime = await fetch(`http://127.0.0.1:${second.realtime!.port}/up`);
      expect(realtime.status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('drains an in-flight request on stop, then refuses new connections', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const started = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const server = await startServer(loadConfig(env()), {
      beforeListen: (app) => {
        app.get('/slow', async () => {
          entered();
          await gate;
          return { done: true };
        });
      },
    });
    const inFlight = fetch(`${server.url}/slow`);
    await started;
    const stopped = server.stop();
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    // The client keeps its connection alive after the answer; stop must not wait out the 72 s
    // keep-alive timeout for it (a liveness bound, far above any honest close).
    let hung: NodeJS.Timeout | undefined;
    await Promise.race([
      stopped,
      new Promise((_, reject) => {
        hung = setTimeout(() => reject(new Error('stop waited for an idle keep-alive connection')), 30_000);
      }),
    ]).finally(() => clearTimeout(hung));
    await expect(fetch(`${server.url}/up`)).rejects.toThrow();
  });

  it('runs queued jobs in its own worker, and leaves them queued when the worker runs apart', async () => {
    const apart = await startServer(loadConfig({ ...env(), WORKER_IN_PROCESS: 'false' }));
    let machine: Instance;
    try {
      expect(apart.worker).toBeUndefined();
      [machine] = (await apart.database.db
        .select()
        .from(instances)
        .where(eq(instances.power, 'running'))
        .limit(1)) as [Instance];
      const service = apart.app.services.instances;
      await service.requestPower({ id: machine.userId }, machine, 'stop');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await powerJobs(apart.database.db))[0]!.state).toBe('queued');
    } finally {
      await apart.stop();
    }

    // The next start's worker finds the job left from before and drives the machine to stopped.
    const server = await startServer(loadConfig({ ...env(), INSTANCE_SIMULATED_LATENCY_MS: '0' }));
    try {
      expect(server.worker).toBeDefined();
      await expect
        .poll(
          async () =>
            (await server.database.db.select().from(instances).where(eq(instances.id, machine.id)))[0]!.power,
          { timeout: 20_000, interval: 100 },
        )
        .toBe('stopped');
      expect((await powerJobs(server.database.db))[0]!.state).toBe('completed');
    } finally {
      await server.stop();
    }
  });
});
