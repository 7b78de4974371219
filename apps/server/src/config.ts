import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Every setting of the app, read from the environment by one schema at boot.
 * The names are fixed by docs/development.md; `.env.example` lists each one.
 */
// 0 asks the OS for any free port (tests).
const port = z.coerce.number().int().min(0).max(65535);
/** One address or CIDR range (IPv4 or IPv6), as `10.0.0.0/8` or `::1`. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}
const addressList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine(
    (entries) => entries.every(isAddressOrRange),
    'must be IP addresses or CIDR ranges, comma-separated',
  );
// The realtime credentials a fresh checkout starts with: anyone can read them here, so production
// refuses them (a known secret lets anyone sign channel subscriptions and publish events).
const DEFAULT_REVERB_APP_KEY = 'renderfarm-key';
const DEFAULT_REVERB_APP_SECRET = 'renderfarm-secret';
/** A secret shorter than this is guessable offline from one signed subscription. */
export const MIN_REVERB_SECRET_LENGTH = 32;
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** The most app processes one machine runs (WEB_CONCURRENCY); more would only share the same cores. */
export const MAX_WEB_CONCURRENCY = 64;
const webConcurrency = z
  .string()
  .trim()
  .regex(
    /^[1-9][0-9]*$/,
    'must be a whole number of app processes, 1 or more (تعداد پردازه‌های برنامه باید عددی صحیح و دست‌کم ۱ باشد)',
  )
  .transform(Number)
  .refine((n) => n <= MAX_WEB_CONCURRENCY, {
    message: `must be at most ${MAX_WEB_CONCURRENCY} (تعداد پردازه‌های برنامه حداکثر ${MAX_WEB_CONCURRENCY})`,
    abort: true,
  });

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(8000),
    HOST: z.string().min(1).default('127.0.0.1'),
    // The address people and the gateway reach the app at; http://localhost:$PORT when not set.
    APP_URL: z.url().optional(),
    APP_KEY: z
      .string()
      .regex(/^base64:[A-Za-z0-9+/]{43}=$/, 'must be "base64:" followed by 32 random bytes in base64')
      .optional(),
    // The reverse proxies whose X-Forwarded-For names the client (addresses or CIDR ranges).
    // Anyone else's header is ignored: it would let a client choose the IP the limits count.
    TRUSTED_PROXIES: addressList.default([]),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    // App processes `pnpm start` runs on this machine (Node's cluster, one port): more than 1 needs
    // PostgreSQL and Redis, which every process shares.
    WEB_CONCURRENCY: webConcurrency.default(1),
    REVERB_PORT: port.default(3000),
    REVERB_HOST: z.string().min(1).default('127.0.0.1'),
    REVERB_APP_ID: z.string().min(1).default('renderfarm'),
    REVERB_APP_KEY: z.string().min(1).default(DEFAULT_REVERB_APP_KEY),
    REVERB_APP_SECRET: z.string().min(1).default(DEFAULT_REVERB_APP_SECRET),
    REVERB_IN_PROCESS: flag.default(true),
    // Sockets the realtime server holds at once, in all and from one client address (each costs
    // its process about 47 KB); over either, a socket is refused with Pusher's 4100.
    REVERB_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(5000),
    REVERB_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(100),
    // Origin hosts whose pages may open a socket (comma-separated, `*` wildcards); APP_URL's host by default.
    REVERB_ALLOWED_ORIGINS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .optional(),
    CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'none']).default('altcha'),
    RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
    RECAPTCHA_SECRET: z.string().min(1).optional(),
    MAIL_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('رندر فارم ابری <no-reply@renderfarm.test>'),
    SMS_PROVIDER: z.enum(['log', 'kavenegar']).default('log'),
    SMS_API_KEY: z.string().min(1).optional(),
    // Kavenegar: the sending line, and a verify-lookup template for codes (sent by plain SMS without it).
    SMS_SENDER: z.string().min(1).optional(),
    SMS_CODE_TEMPLATE: z.string().min(1).optional(),
    PAYMENT_GATEWAY: z.enum(['test', 'zarinpal']).default('test'),
    ZARINPAL_MERCHANT_ID: z.string().min(1).optional(),
    ZARINPAL_SANDBOX: flag.default(false),
    // Tests point the Zarinpal client at a local fake of its API (tests/support/fake-zarinpal.ts).
    ZARINPAL_BASE_URL: z.url().optional(),
    INSTANCE_DRIVER: z.enum(['simulated', 'proxmox']).default('simulated'),
    // How long a simulated machine takes to start, stop or be provisioned (0 in tests).
    INSTANCE_SIMULATED_LATENCY_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
    // The job worker runs inside the app process unless `pnpm worker` runs it apart.
    WORKER_IN_PROCESS: flag.default(true),
    // How long a claimed job is held by its worker between heartbeats: after a crash, another
    // worker takes the job over once this has passed (tests of crash recovery shorten it).
    JOB_LEASE_MS: z.coerce.number().int().min(500).max(3_600_000).default(60_000),
    // How long a render node holds a claimed task without a word (progress extends it); after
    // that the task returns to the queue (docs/decisions/0014-render-node-protocol.md).
    RENDER_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    // One render node inside the app process when Blender is found, so a fresh checkout renders
    // out of the box; unset means on outside production (production runs `pnpm render-node`).
    RENDER_NODE_IN_PROCESS: flag.optional(),
    // Blender's program for the in-process render node; `blender` on PATH when not set.
    BLENDER_PATH: z.string().trim().min(1).optional(),
    STORAGE_DIR: z.string().min(1).default('storage'),
    // Stored files in an S3-compatible bucket (lib/storage/s3.ts) when S3_BUCKET is set; otherwise
    // local disk under STORAGE_DIR/objects. Uploads in flight always stage under STORAGE_DIR.
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: flag.default(false),
    VITE_DEV_SERVER: z.url().optional(),
    // First loads rendered on the server from the web app's SSR bundle (apps/web/dist-ssr, built by
    // `pnpm build`), then hydrated; false sends the empty root for the browser to render.
    SSR: flag.default(true),
    // Longest wait for one server render before the page goes out for the browser to render.
    SSR_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(2000),
    SEED_DEMO: flag.default(true),
    // Browser tests only: routes under /__testing/ that run the machine tick at a chosen time and
    // set a simulated machine's load (the fake clock of idle auto-stop and schedules).
    TESTING_HOOKS: flag.default(false),
  })
  .superRefine((env, ctx) => {
    const need = (when: boolean, key: keyof typeof env, why: string) => {
      if (when && !env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `is required ${why}` });
    };
    need(env.CAPTCHA_PROVIDER === 'recaptcha', 'RECAPTCHA_SITE_KEY', 'when CAPTCHA_PROVIDER=recaptcha');
    need(env.CAPTCHA_PROVIDER === 'recaptcha', 'RECAPTCHA_SECRET', 'when CAPTCHA_PROVIDER=recaptcha');
    need(env.SMS_PROVIDER === 'kavenegar', 'SMS_API_KEY', 'when SMS_PROVIDER=kavenegar');
    need(env.PAYMENT_GATEWAY === 'zarinpal', 'ZARINPAL_MERCHANT_ID', 'when PAYMENT_GATEWAY=zarinpal');
    need(Boolean(env.S3_BUCKET), 'S3_ENDPOINT', 'when S3_BUCKET is set');
    need(Boolean(env.S3_BUCKET), 'S3_ACCESS_KEY_ID', 'when S3_BUCKET is set');
    need(Boolean(env.S3_BUCKET), 'S3_SECRET_ACCESS_KEY', 'when S3_BUCKET is set');
    // (A value that is not a whole number up to the maximum is reported by the field itself.)
    const several =
      Number.isInteger(env.WEB_CONCURRENCY) &&
      env.WEB_CONCURRENCY > 1 &&
      env.WEB_CONCURRENCY <= MAX_WEB_CONCURRENCY;
    if (several && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: `is ${env.WEB_CONCURRENCY} but DATABASE_URL is not set: the embedded PGlite database belongs to one process. Set DATABASE_URL (PostgreSQL) or WEB_CONCURRENCY=1 (پایگاه دادهٔ درونی فقط یک پردازه دارد؛ برای چند پردازه PostgreSQL لازم است)`,
      });
    }
    if (several && !env.REDIS_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: `is ${env.WEB_CONCURRENCY} but REDIS_URL is not set: rate limits, cache invalidation and realtime fan-out are shared through Redis. Set REDIS_URL or WEB_CONCURRENCY=1 (برای چند پردازه Redis لازم است)`,
      });
    }
    if (env.NODE_ENV === 'production' && env.TESTING_HOOKS) {
      ctx.addIssue({
        code: 'custom',
        path: ['TESTING_HOOKS'],
        message: 'cannot be on when NODE_ENV=production',
      });
    }
    if (env.NODE_ENV === 'production' && env.REVERB_APP_KEY === DEFAULT_REVERB_APP_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['REVERB_APP_KEY'],
        message: `cannot be the default "${DEFAULT_REVERB_APP_KEY}" when NODE_ENV=production`,
      });
    }
    if (
      env.NODE_ENV === 'production' &&
      (env.REVERB_APP_SECRET === DEFAULT_REVERB_APP_SECRET ||
        env.REVERB_APP_SECRET.length < MIN_REVERB_SECRET_LENGTH)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['REVERB_APP_SECRET'],
        message: `must be a random string of at least ${MIN_REVERB_SECRET_LENGTH} characters, not the default, when NODE_ENV=production (e.g. openssl rand -hex 32)`,
      });
    }
    if (env.NODE_ENV === 'production' && env.CAPTCHA_PROVIDER === 'none') {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_PROVIDER'],
        message: 'cannot be "none" when NODE_ENV=production',
      });
    }
  });

/** The settings, APP_URL and RENDER_NODE_IN_PROCESS always filled in (loadConfig). */
export type Config = Omit<z.infer<typeof configSchema>, 'APP_URL' | 'RENDER_NODE_IN_PROCESS'> & {
  APP_URL: string;
  RENDER_NODE_IN_PROCESS: boolean;
};

/** A bad setting: boot stops with this message, which names every offending variable. */
export class ConfigError extends Error {
  readonly code = 'RF_CONFIG_INVALID';
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  - ${p.variable}: ${p.message}`).join('\n')}\n` +
        'Fix these environment variables (see .env.example) and start again.',
    );
    this.name = 'ConfigError';
  }
}

/** Empty strings count as unset, as in a `.env` file with `NAME=`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(cleaned);
  // PORT alone must not leave links, the gateway's return and the socket's origin at port 8000.
  if (result.success)
    return {
      ...result.data,
      APP_URL: result.data.APP_URL ?? `http://localhost:${result.data.PORT}`,
      RENDER_NODE_IN_PROCESS: result.data.RENDER_NODE_IN_PROCESS ?? result.data.NODE_ENV !== 'production',
    };
  throw new ConfigError(
    result.error.issues.map((issue) => ({
      variable: String(issue.path[0] ?? 'environment'),
      message: issue.message,
    })),
  );
}
