import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seedDemo } from '../db/seed';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The real app on a fresh database (seeded with the demo data unless told not to), for `inject`. */
export async function createTestApp(
  options: { seed?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  if (options.seed !== false) await seedDemo(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA_PROVIDER: 'none',
    APP_KEY: `base64:${randomBytes(32).toString('base64')}`,
    ...options.env,
  });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}
