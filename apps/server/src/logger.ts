import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * Pino options for Fastify. Secrets never reach the logs: cookies, tokens and any field that
 * looks like a password or code are censored wherever they appear in a logged object.
 */
export function loggerOptions(
  config: Config,
  /** Where the lines go instead of stdout (a test that reads what was logged); logs at LOG_LEVEL. */
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level: config.NODE_ENV === 'test' && !stream ? 'silent' : config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
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
