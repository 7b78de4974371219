import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { users } from './db/schema';
import { startServer } from './server';
import { createTestDatabase, type TestDatabase } from './testing/database';

/*
 * The server as `pnpm start` runs it: on disk (PGlite under STORAGE_DIR) or on a fresh PostgreSQL
 * database when DATABASE_URL is set, listening on a real port.
 */
describe('server lifecycle', { timeout: 120_000 }, () => {
  let storage: string;
  let pgDatabase: TestDatabase | undefined;
  const env = () => ({
    NODE_ENV: 'test',
    CAPTCHA_PROVIDER: 'none',
    PORT: '0',
    REVERB_PORT: '0',
    STORAGE_DIR: storage,
    DATABASE_URL: pgDatabase?.url,
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
    await stopped;
    await expect(fetch(`${server.url}/up`)).rejects.toThrow();
  });
});
