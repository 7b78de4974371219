import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { registerAssets } from './http/assets';
import { faviconRoutes } from './http/favicon';
import { addRequestIdHeader, requestIdFrom } from './http/request-id';
import { registerSecurity } from './http/security';
import temporaryPage, { type Props } from './http/temporary-page';
import { loggerOptions } from './logger';
import { publicSettings } from './modules/catalog/service';
import { contentRoutes } from './modules/content/routes';
import { publicLinks, publicMenus } from './modules/content/service';
import { healthRoutes } from './modules/health/routes';

export const SITE_TITLE = 'رندر فارم ابری';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
}

/** Builds the app without listening, so tests can `inject` and the server entry can `listen`. */
export async function buildApp({ config, database }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    genReqId: requestIdFrom,
    requestIdHeader: false,
    trustProxy: config.NODE_ENV === 'production',
    // Keeps a slow client from holding a worker forever; uploads get their own limits per route.
    requestTimeout: 120_000,
  });
  const { db } = database;

  addRequestIdHeader(app);
  await registerSecurity(app, config);
  await registerAssets(app);

  const sharedProps = async (_request: FastifyRequest): Promise<Props> => {
    const [settings, menus, links] = await Promise.all([
      publicSettings(db),
      publicMenus(db),
      publicLinks(db),
    ]);
    return {
      auth: { user: null },
      flash: {},
      errors: {},
      routes: {},
      settings,
      menus,
      links,
      unread_notifications: 0,
      recaptcha_site_key: null,
    };
  };
  await app.register(temporaryPage, { devServer: config.VITE_DEV_SERVER, sharedProps, title: SITE_TITLE });

  await app.register(faviconRoutes);
  await app.register(healthRoutes, { ping: database.ping });
  await app.register(contentRoutes, { db });

  app.setNotFoundHandler((_request, reply) =>
    reply.page('Public/Blank', { status: 404, message: 'صفحه‌ای که دنبالش بودید پیدا نشد.' }, { status: 404 }),
  );
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const message =
      status >= 500 ? 'خطایی پیش آمد. لطفاً چند لحظه بعد دوباره تلاش کنید.' : 'درخواست قابل پردازش نبود.';
    return reply.page('Public/Blank', { status, message }, { status });
  });

  return app;
}
