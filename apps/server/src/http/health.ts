import type { FastifyInstance } from 'fastify';

/** GET /up: 200 when the database answers, 503 when not. No session, not logged. */
export async function healthRoutes(
  app: FastifyInstance,
  { ping }: { ping: () => Promise<boolean> },
): Promise<void> {
  app.get('/up', { logLevel: 'silent', config: { session: false, csrf: false } }, async (_request, reply) => {
    const ok = await ping();
    reply.header('cache-control', 'no-store');
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'down' });
  });
}
