import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HIT_FLUSH_MS } from './redirects';

// Never redirected: the built assets, the API, sockets, health and test hooks.
const SKIP = /^\/(build|api|broadcasting|up|__testing)(\/|$)/;

/**
 * Admin/Redirects applied before any route answers (docs/screens.md §1, «before routing»): a
 * GET or HEAD whose normalised path matches an active redirect gets its 301/302, with the request's
 * query kept. Not encapsulated (fastify-plugin), so the hook covers every route and the 404s.
 * Hits are buffered by the redirector and written every HIT_FLUSH_MS and on shutdown.
 */
export const redirectHook = fp(async (app: FastifyInstance) => {
  const redirector = app.services.redirects;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (SKIP.test(request.url)) return;
    const target = await redirector.match(request.url);
    if (!target) return;
    return reply.header('cache-control', 'no-cache').redirect(target.location, target.code);
  });
  const timer = setInterval(() => {
    redirector.flushHits().catch((error) => app.log.error({ err: error }, 'redirects: writing hits failed'));
  }, HIT_FLUSH_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await redirector
      .flushHits()
      .catch((error) => app.log.error({ err: error }, 'redirects: writing hits failed'));
  });
});
