import type { FastifyInstance } from 'fastify';

export type HealthChecks = Record<string, () => Promise<boolean>>;

/**
 * GET /up: each required service (the database, and Redis when REDIS_URL is set) as `ok`/`down`,
 * and 200 only while all answer: a load balancer takes a node out of service when one does not.
 * No session, not logged.
 */
export async function healthRoutes(
  app: FastifyInstance,
  { checks }: { checks: HealthChecks },
): Promise<void> {
  app.get('/up', { logLevel: 'silent', config: { session: false, csrf: false } }, async (_request, reply) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => checks[name]!().catch(() => false)));
    const ok = results.every(Boolean);
    reply.header('cache-control', 'no-store');
    return reply.code(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'down',
      ...Object.fromEntries(names.map((name, i) => [name, results[i] ? 'ok' : 'down'])),
    });
  });
}
