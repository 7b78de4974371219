import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { createSharedCache } from './lib/cache/shared-cache';
import { createRateLimiter } from './lib/rate-limit';
import { isRedisConnectionError } from './lib/redis-ping';
import { createObjectStorage } from './lib/storage';
import { modules as appModules } from './modules';
import { createAccountService, createApiTokenService, createTwoFactorService } from './modules/accounts';
import type { AppModule } from './modules/app-module';
import {
  createEmailVerificationService,
  createPasswordResetService,
  createRememberCookie,
  createRememberTokenService,
  createSignedLinks,
  createSmsCodeService,
  readAuthSettings,
} from './modules/auth';
import { createAltchaProvider, createBotCheck } from './modules/botcheck';
import { fromRoot } from './paths';
import type { Broadcaster } from './platform/broadcasting';
import type { JobLog } from './platform/jobs';
import { createMailer } from './platform/mail';
import { createSmsProvider } from './platform/sms';
import type { Services } from './service-types';

export type { Services };

/**
 * The shared services, then every module's own (modules/index.ts, in list order), each built
 * once: pages, the JSON API and the jobs all use these same objects.
 */
export function createServices(
  config: Config & { APP_KEY: string },
  db: Database,
  context: { broadcaster: Broadcaster; log: JobLog },
  modules: readonly AppModule[] = appModules,
): Services {
  const services = createSharedServices(config, db, context.log, modules);
  for (const module of modules) {
    Object.assign(services, module.services?.({ config, db, services, ...context }) ?? {});
  }
  return services;
}

function createSharedServices(
  config: Config & { APP_KEY: string },
  db: Database,
  log: JobLog,
  modules: readonly AppModule[],
): Services {
  const appKey = config.APP_KEY;
  const storageDir = fromRoot(config.STORAGE_DIR);
  const limiter = createRateLimiter({
    redisUrl: config.REDIS_URL,
    log: { info: (message) => log.info({}, message), warn: (message) => log.warn({}, message) },
  });
  const cache = createSharedCache({
    redisUrl: config.REDIS_URL,
    // A lost link is logged once by the app's Redis watcher (app.ts), not on every retry.
    onError: (error) => {
      if (!isRedisConnectionError(error)) log.warn({ err: error }, 'cache invalidation over Redis failed');
    },
  });
  const mailer = createMailer({ url: config.MAIL_URL, from: config.MAIL_FROM, storageDir });
  const sms = createSmsProvider({
    provider: config.SMS_PROVIDER,
    apiKey: config.SMS_API_KEY,
    sender: config.SMS_SENDER,
    codeTemplate: config.SMS_CODE_TEMPLATE,
    storageDir,
  });
  // One ALTCHA provider both issues challenges and verifies them (solutions are remembered once).
  const altcha = config.CAPTCHA_PROVIDER === 'altcha' ? createAltchaProvider({ appKey, limiter }) : null;
  const botCheck =
    altcha ??
    createBotCheck({
      provider: config.CAPTCHA_PROVIDER,
      appKey,
      limiter,
      recaptchaSecret: config.RECAPTCHA_SECRET,
    });
  const links = createSignedLinks({ appKey, appUrl: config.APP_URL });
  const rememberTokens = createRememberTokenService({ db });
  // The module services are added by createServices right after.
  return {
    db,
    storageDir,
    storage: createObjectStorage({ ...config, storageDir }),
    settings: () => cache.remember('configs:auth', () => readAuthSettings(db)),
    cache,
    limiter,
    mailer,
    sms,
    botCheck,
    altcha,
    links,
    accounts: createAccountService({
      db,
      limiter,
      deleteBlockers: modules.flatMap((module) => module.deleteBlockers ?? []),
    }),
    smsCodes: createSmsCodeService({ db, appKey, sms, limiter, appHost: new URL(config.APP_URL).host }),
    twoFactor: createTwoFactorService({ db, appKey }),
    apiTokens: createApiTokenService({ db }),
    passwordReset: createPasswordResetService({ db, mailer, appUrl: config.APP_URL }),
    emailVerification: createEmailVerificationService({ db, mailer, links }),
    rememberTokens,
    activitySubjects: modules.flatMap((module) => module.activitySubjects ?? []),
    routeGuards: modules.flatMap((module) => module.routeGuards ?? []),
    apiDescriptions: modules.flatMap((module) => (module.apiDescription ? [module.apiDescription] : [])),
    remember: createRememberCookie({
      appKey,
      secure: config.NODE_ENV === 'production',
      db,
      tokens: rememberTokens,
    }),
  } as Services;
}

/** Decorates the app with the services and releases them (Redis connection, SMTP pool) on close. */
export function registerServices(app: FastifyInstance, services: Services): void {
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    services.mailer.close();
    await services.limiter.close();
    await services.cache.close();
  });
}
