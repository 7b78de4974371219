import { and, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { moveContentClock } from './clock';
import { articles } from './tables';

/**
 * The browser tests' fake clock for content (TESTING_HOOKS, refused in production by the config):
 * a post scheduled for tomorrow cannot be waited for. `at` moves the public site's clock
 * (clock.ts) to that time and runs the scheduled-publish job, through its own code, for every
 * article due by then, as the queue would have at that time; `{at: null}` puts the clock back.
 * A plain route outside the route list: no session, no CSRF, never linked.
 */
const input = z.object({ at: z.iso.datetime().nullable() });

export async function contentTestingRoutes(app: FastifyInstance): Promise<void> {
  if (!app.config.TESTING_HOOKS) return;
  const config = { session: false, csrf: false };
  app.post('/__testing/content/clock', { config }, async (request, reply) => {
    const parsed = input.safeParse(request.body);
    if (!parsed.success) return reply.code(422).send({ message: 'at: an ISO date-time or null' });
    if (parsed.data.at === null) {
      moveContentClock(null);
      return reply.send({ published: [] });
    }
    const at = new Date(parsed.data.at);
    moveContentClock(at);
    const due = await app.services.db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.status, 'scheduled'), lte(articles.publishedAt, at)));
    const published: number[] = [];
    for (const { id } of due) if (await app.services.contentAdmin.publishDue(id, at)) published.push(id);
    return reply.send({ published });
  });
}
