import type { FastifyInstance } from 'fastify';
import qs from 'qs';

// PROTOCOL.md: query strings and forms parse with depth 5, array limit 20, parameter limit 1000.
export const QS_PARSE_OPTIONS = { depth: 5, arrayLimit: 20, parameterLimit: 1000 } as const;

/**
 * `application/x-www-form-urlencoded` bodies (plain HTML forms, pusher-js channel authorisation),
 * parsed with the same limits as query strings.
 */
export function registerFormBody(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request, body, done) => {
      try {
        done(null, qs.parse(body as string, QS_PARSE_OPTIONS));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
