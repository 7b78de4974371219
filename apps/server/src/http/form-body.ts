import type { FastifyInstance } from 'fastify';
import qs from 'qs';

// docs/protocol.md: query strings and forms parse with depth 5, array limit 20, parameter limit 1000.
export const QS_PARSE_OPTIONS = { depth: 5, arrayLimit: 20, parameterLimit: 1000 } as const;

/** Query strings and form bodies in the qs format the page client sends (`filter[status]=open`). */
export function parseQs(text: string): Record<string, unknown> {
  return qs.parse(text, QS_PARSE_OPTIONS);
}

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
        done(null, parseQs(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
