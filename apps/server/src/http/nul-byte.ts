import type { FastifyInstance } from 'fastify';
import { wantsJson } from './domain-errors';

/** The answer to a path or query carrying a NUL byte (the 400's message). */
export const NUL_REFUSED = 'نشانی درخواست نویسهٔ نامعتبر دارد.';

// A NUL as sent (`%00`, any case) or raw. `%2500` is the text "%00", not a NUL, and does not match.
const hasNul = (url: string) => url.includes('\0') || /%00/i.test(url);

/**
 * Refuses a NUL byte in the path or the query once, at the edge, with a 400. PostgreSQL text cannot
 * hold one, so a NUL that reached a query (an article's slug, a list's `?q=`) answered 500; no route
 * has a use for it, so none needs to think about it.
 */
export function refuseNulBytes(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!hasNul(request.raw.url ?? '')) return;
    request.log.info({ code: 'RF_NUL_IN_URL' }, 'NUL byte in the URL refused');
    if (wantsJson(request)) {
      return reply.code(400).send({ message: NUL_REFUSED, code: 'RF_NUL_IN_URL' });
    }
    await reply.page('Public/Blank', { status: 400, message: NUL_REFUSED }, { status: 400 });
    return reply;
  });
}
