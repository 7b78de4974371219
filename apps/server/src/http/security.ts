import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Security headers and compression. The CSP allows only our own scripts: the page object travels
 * as JSON in a non-executable script tag, so no inline script is needed (the Vite dev server is
 * the one exception, in development).
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const production = config.NODE_ENV === 'production';
  const dev = config.VITE_DEV_SERVER ? new URL(config.VITE_DEV_SERVER).origin : undefined;
  const realtime = [
    `ws://${config.REVERB_HOST}:${config.REVERB_PORT}`,
    `wss://${config.REVERB_HOST}:${config.REVERB_PORT}`,
  ];
  if (config.REVERB_HOST === '127.0.0.1') realtime.push(`ws://localhost:${config.REVERB_PORT}`);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: dev ? ["'self'", dev, "'unsafe-inline'"] : ["'self'"],
        styleSrc: dev ? ["'self'", dev, "'unsafe-inline'"] : ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: dev ? ["'self'", dev, 'data:'] : ["'self'", 'data:'],
        connectSrc: ["'self'", ...realtime, ...(dev ? [dev, dev.replace(/^http/, 'ws')] : [])],
        frameSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS on a plain-HTTP development host would pin the browser to HTTPS for localhost.
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Helmet's default (no-referrer) would hide the Referer that `reply.back()` returns to after a
    // failed form; same-origin requests keep it, other sites still get only the origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    // Brotli's default (11) costs tens of ms per dynamic response; 4 compresses well at gzip's speed.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
