import { randomBytes } from 'node:crypto';
import type { RealtimeServer } from '@renderfarm/realtime/server';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seedDemo, storageOf } from '../demo-seed';
import type { AppModule } from '../modules/app-module';
import { users } from '../modules/users/tables';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The real app on a fresh database (seeded with the demo data unless told not to), for `inject`. */
export async function createTestApp(
  options: {
    seed?: boolean;
    env?: NodeJS.ProcessEnv;
    realtime?: RealtimeServer;
    /** Extra routes for a test, registered before the app is ready. */
    extend?: (app: FastifyInstance) => void;
    /** Sees every SQL statement the app runs (query-count tests). */
    onQuery?: (sql: string) => void;
    /** Another module list (modules/index.ts's by default): a test's module added to it. */
    modules?: readonly AppModule[];
    /** Receives the app's log lines (JSON, at LOG_LEVEL), which tests otherwise silence. */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ onQuery: (sql) => options.onQuery?.(sql) });
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA_PROVIDER: 'none',
    // App tests read the page objects; the server render has tests of its own (http/ssr.test.ts).
    SSR: 'false',
    APP_KEY: `base64:${randomBytes(32).toString('base64')}`,
    ...options.env,
  });
  if (options.seed !== false) {
    await seedDemo(database.db, {
      storage: storageOf(config),
      ...(options.modules ? { modules: options.modules } : {}),
    });
  }
  const app = await buildApp({
    config,
    database,
    realtime: options.realtime,
    ...(options.modules ? { modules: options.modules } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  // Test-only shortcut to a signed-in session; the real sign-in flows are tested end to end.
  app.post('/__testing/sign-in', { config: { csrf: false } }, async (request) => {
    const { email } = request.body as { email: string };
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no user ${email}`);
    request.session.regenerate();
    request.session.userId = user.id;
    return { id: user.id };
  });
  options.extend?.(app);
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

export interface Browser {
  /** Cookie header to send. */
  cookie: string;
  /** The XSRF-TOKEN value, to send as X-XSRF-TOKEN. */
  xsrf: string;
  /** Headers for a state-changing request: cookie + CSRF. */
  headers(extra?: Record<string, string>): Record<string, string>;
}

function browserFrom(cookies: { name: string; value: string }[]): Browser {
  const jar = new Map(cookies.map((c) => [c.name, c.value]));
  const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const xsrf = decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
  return { cookie, xsrf, headers: (extra = {}) => ({ cookie, 'x-xsrf-token': xsrf, ...extra }) };
}

/** A guest's browser after its first page load: a session cookie and an XSRF token. */
export async function guestBrowser(t: TestApp): Promise<Browser> {
  // A small page: any page starts the session; the home page reads the whole shop window.
  const res = await t.app.inject({ method: 'GET', url: '/login' });
  return browserFrom(res.cookies);
}

/** A browser signed in as the user with this e-mail. */
export async function signedInBrowser(t: TestApp, email: string): Promise<Browser & { userId: number }> {
  const res = await t.app.inject({ method: 'POST', url: '/__testing/sign-in', payload: { email } });
  // The sign-in's answer already carries the new session and its XSRF cookie (a saved session
  // sends both); a page is fetched only if it ever stops doing so.
  if (res.cookies.some((c) => c.name === 'XSRF-TOKEN'))
    return { ...browserFrom(res.cookies), userId: res.json().id };
  const session = res.cookies.filter((c) => c.name === 'renderfarm_session');
  const page = await t.app.inject({
    method: 'GET',
    url: '/',
    headers: { cookie: session.map((c) => `${c.name}=${c.value}`).join('; ') },
  });
  return { ...browserFrom([...session, ...page.cookies]), userId: res.json().id };
}
