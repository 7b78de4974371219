import type { Database } from './db/client';
import type { RouteGuard } from './http/named-route';
import type { ApiDescription } from './http/openapi-parts';
import type { SharedCache } from './lib/cache/shared-cache';
import type { RateLimiter } from './lib/rate-limit';
import type { ObjectStorage } from './lib/storage';
import type { AccountService, ApiTokenService, TwoFactorService } from './modules/accounts';
import type { ActivitySubjectKind } from './modules/activity';
import type {
  AuthSettings,
  createEmailVerificationService,
  createPasswordResetService,
  RememberCookie,
  RememberTokenService,
  SignedLinks,
  SmsCodeService,
} from './modules/auth';
import type { BotCheckProvider, createAltchaProvider } from './modules/botcheck';
import type { Mailer } from './platform/mail';
import type { SmsProvider } from './platform/sms';

/**
 * The services of the app, built once per app after APP_KEY is known (services.ts) and handed to
 * every route module as `app.services`: one rate limiter (Redis when REDIS_URL is set, so every
 * node counts the same attempts), one mailer, one SMS provider, one bot check, the identity
 * services, and each module's own, which the module adds here by augmenting this interface
 * (`declare module '../../service-types'`, see modules/instances/module.ts).
 */
export interface Services {
  db: Database;
  storageDir: string;
  /**
   * Every stored file (drive files, profile photos, attachments, KYC documents) goes through this:
   * local disk under STORAGE_DIR/objects by default (lib/storage).
   */
  storage: ObjectStorage;
  /**
   * The admin switches of group `auth` (registration open, staff 2FA), cached under
   * `configs:auth`: a write to configs calls `cache.forget('configs')`.
   */
  settings(): Promise<AuthSettings>;
  /** Settings, menus and links every page reads, in memory; forgets reach every process via Redis. */
  cache: SharedCache;
  limiter: RateLimiter;
  mailer: Mailer;
  sms: SmsProvider;
  botCheck: BotCheckProvider;
  /** ALTCHA challenges for the bot-check widget; null when another provider is configured. */
  altcha: ReturnType<typeof createAltchaProvider> | null;
  links: SignedLinks;
  accounts: AccountService;
  smsCodes: SmsCodeService;
  twoFactor: TwoFactorService;
  apiTokens: ApiTokenService;
  passwordReset: ReturnType<typeof createPasswordResetService>;
  emailVerification: ReturnType<typeof createEmailVerificationService>;
  /** "Remember me": the stored tokens and the signed cookie that carries one. */
  rememberTokens: RememberTokenService;
  remember: RememberCookie;
  /** Every module's checks in front of named routes (AppModule.routeGuards). */
  routeGuards: RouteGuard[];
  /** Every module's part of the API's OpenAPI description (AppModule.apiDescription). */
  apiDescriptions: ApiDescription[];
  /** What every module contributes to a customer's own log (AppModule.activitySubjects). */
  activitySubjects: ActivitySubjectKind[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Built once per app (services.ts) and handed to every route module. */
    services: Services;
  }
}
