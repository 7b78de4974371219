import { pages } from '@renderfarm/fastify';
import type { ChannelRegistry, RealtimeServer } from '@renderfarm/realtime/server';
import { RouteRegistry } from '@renderfarm/routes';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { ASSET_BASE, MANIFEST_PATH, pageModule, registerAssets, VITE_ENTRY } from './http/assets';
import { answerDomainError, DomainError, INVALID_REQUEST, SERVER_ERROR } from './http/domain-errors';
import { faviconRoutes } from './http/favicon';
import { parseQs, registerFormBody } from './http/form-body';
import { healthRoutes } from './http/health';
import { refuseNulBytes } from './http/nul-byte';
import { answerOversizedForm } from './http/oversized-form';
import { addRequestIdHeader, requestIdFrom } from './http/request-id';
import { registerSecurity } from './http/security';
import { loadServerRenderer } from './http/ssr';
import { createJobHandlers } from './jobs';
import { watchRedisLink } from './lib/redis-ping';
import { loggerOptions } from './logger';
import { modules as appModules } from './modules';
import type { AppModule } from './modules/app-module';
import { DatabaseSessionStore, registerCurrentUser } from './modules/sessions';
import type { User } from './modules/users';
import { type Broadcaster, createBroadcaster, defineChannels } from './platform/broadcasting';
import type { JobRegistry } from './platform/jobs';
import { pruneFinished } from './platform/jobs';
import { createServices, registerServices } from './services';
import { createSharedProps } from './shared-props';

export const SITE_TITLE = 'رندر فارم ابری';
export const SESSION_LIFETIME_MINUTES = 120;

declare module 'fastify' {
  interface FastifyInstance {
    routeList: RouteRegistry;
    sessionStore: DatabaseSessionStore;
    /** Realtime events to users' browsers; domain modules publish after their transaction commits. */
    broadcaster: Broadcaster;
    /** The job handlers of every module, for the worker (in process, or `pnpm worker`). */
    jobHandlers: JobRegistry;
    /** The settings this app was built with. */
    config: Config;
    /** Who may listen on which realtime channel: every module's rules (modules/index.ts). */
    channels: ChannelRegistry<User>;
  }
}

/** Finished jobs stay a week, for looking into what ran and what failed. */
const FINISHED_JOBS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** The in-process realtime server, when it runs in this process. */
  realtime?: RealtimeServer | undefined;
  /** The domain modules, in layering order: modules/index.ts's list unless a test adds one. */
  modules?: readonly AppModule[];
  /** Log lines go here instead of stdout (tests that read what was logged). */
  logStream?: { write(line: string): void };
}

/** Builds the app without listening, so tests can `inject` and the server entry can `listen`. */
export async function buildApp({
  config,
  database,
  realtime,
  modules = appModules,
  logStream,
}: AppDependencies): Promise<FastifyInstance> {
  if (!config.APP_KEY) throw new Error('buildApp needs APP_KEY (startServer generates one)');
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    genReqId: requestIdFrom,
    requestIdHeader: false,
    // Nested query parameters (lists' `filter[...]`, `sort`) with the protocol's qs limits.
    routerOptions: { querystringParser: parseQs },
    // Only the listed proxies' X-Forwarded-For counts; without any, the peer is the client.
    trustProxy: config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false,
    // Keeps a slow client from holding a worker forever; uploads get their own limits per route.
    requestTimeout: 120_000,
  });
  const { db } = database;
  const registry = new RouteRegistry({ url: config.APP_URL });
  const sessionStore = new DatabaseSessionStore(db, SESSION_LIFETIME_MINUTES * 60);
  app.decorate('routeList', registry);
  app.decorate('sessionStore', sessionStore);
  // Expired sessions are refused on read, and finished jobs are history: clear both (hourly, and
  // once at start) so neither table grows without end.
  const pruneSessions = () => {
    sessionStore.prune().catch((error) => app.log.warn({ err: error }, 'session prune failed'));
    pruneFinished(db, new Date(Date.now() - FINISHED_JOBS_KEPT_MS)).catch((error) =>
      app.log.warn({ err: error }, 'job prune failed'),
    );
  };
  const pruneTimer = setInterval(pruneSessions, 60 * 60 * 1000);
  pruneTimer.unref();
  app.addHook('onReady', async () => {
    pruneSessions();
  });
  app.addHook('onClose', async () => clearInterval(pruneTimer));
  app.decorate('config', config);
  app.decorate('broadcaster', createBroadcaster(config, realtime));
  const services = createServices(
    { ...config, APP_KEY: config.APP_KEY },
    db,
    { broadcaster: app.broadcaster, log: app.log },
    modules,
  );
  registerServices(app, services);
  app.decorate(
    'jobHandlers',
    createJobHandlers(
      {
        config: { ...config, APP_KEY: config.APP_KEY },
        db,
        services,
        broadcaster: app.broadcaster,
        log: app.log,
      },
      modules,
    ),
  );
  app.decorate(
    'channels',
    defineChannels(
      db,
      modules.flatMap((module) => module.channels ?? []),
    ),
  );
  registerFormBody(app);

  addRequestIdHeader(app);
  await registerSecurity(app, config);
  // Before the page plugin: static files get no session.
  await registerAssets(app);
  await app.register(faviconRoutes);
  // The one voice of the Redis link: lost once, back once (docs/operations.md, «Redis»).
  const redisHealth = config.REDIS_URL
    ? watchRedisLink(config.REDIS_URL, app.log, {
        lost: 'Redis lost: pages keep serving; limits count in each process and realtime fan-out between servers pauses until it returns',
        back: 'Redis is back: limits, cache invalidation and realtime fan-out resume',
      })
    : null;
  if (redisHealth) app.addHook('onClose', () => redisHealth.close());
  await app.register(healthRoutes, {
    checks: { database: database.ping, ...(redisHealth ? { redis: redisHealth.ping } : {}) },
  });

  const errorPage = (status: number, message: string) => ({ status, message });
  const errorHandler = (
    error: Error & { statusCode?: number },
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    if (error instanceof DomainError) return answerDomainError(error, request, reply);
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    // A form over its size limit goes back to itself, its text kept by the client, not to a 413 page.
    if (status === 413 && answerOversizedForm(request, reply)) return reply;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.page('Public/Blank', errorPage(status, status >= 500 ? SERVER_ERROR : INVALID_REQUEST), {
      status,
    });
  };

  const ssr = await loadServerRenderer(config, app.log);
  await app.register(pages, {
    errorHandler,
    session: {
      store: sessionStore,
      secret: config.APP_KEY,
      lifetimeMinutes: SESSION_LIFETIME_MINUTES,
      secure: config.NODE_ENV === 'production',
    },
    vite: {
      manifestPath: MANIFEST_PATH,
      entry: VITE_ENTRY,
      base: ASSET_BASE,
      pageModule,
      ...(config.VITE_DEV_SERVER ? { devServer: config.VITE_DEV_SERVER } : {}),
    },
    title: SITE_TITLE,
    head: '<link rel="icon" type="image/svg+xml" href="/favicon.svg">',
    ...(ssr ? { ssr } : {}),
    share: createSharedProps({ config, db, registry, cache: services.cache }),
  });

  app.decorateRequest('apiToken', null);
  registerCurrentUser(app, db);
  // After the session and the signed-in user (the 400 page has the layout), before any route.
  refuseNulBytes(app);

  // Every module's pages, actions and API routes (modules/index.ts).
  for (const module of modules) {
    for (const routes of module.routes ?? []) await app.register(routes, { registry });
  }

  app.setNotFoundHandler((_request, reply) =>
    reply.page('Public/Blank', errorPage(404, 'صفحه‌ای که دنبالش بودید پیدا نشد.'), { status: 404 }),
  );

  return app;
}
