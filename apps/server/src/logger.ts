import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * Pino options for Fastify. Secrets never reach the logs: cookies, tokens and any field that
 * looks like a password or code are censored wherever they appear in a logged object.
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.NODE_ENV === 'test' ? 'silent' : config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-xsrf-token"]',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.password_confirmation',
        '*.current_password',
        '*.token',
        '*.code',
        '*.secret',
      ],
      censor: '[redacted]',
    },
  };
}
