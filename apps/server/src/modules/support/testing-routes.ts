import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { autoCloseTickets } from './auto-close';

/**
 * The browser tests' fake clock for tickets (TESTING_HOOKS, refused in production by the config):
 * runs the auto-close pass as if it were `at`, through the same code as the recurring job. A plain
 * route outside the route list: no session, no CSRF, never linked.
 */
const input = z.object({ at: z.iso.datetime() });

export async function ticketTestingRoutes(app: FastifyInstance): Promise<void> {
  if (!app.config.TESTING_HOOKS) return;
  const config = { session: false, csrf: false };
  app.post('/__testing/tickets/auto-close', { config }, async (request, reply) => {
    const parsed = input.safeParse(request.body);
    if (!parsed.success) return reply.code(422).send({ message: 'at: an ISO date-time' });
    const closed = await autoCloseTickets(app.services.db, app.broadcaster, new Date(parsed.data.at));
    return reply.send({ closed });
  });
}
