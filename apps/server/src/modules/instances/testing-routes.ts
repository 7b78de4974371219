import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createMachineTick } from './machine-tick-job';
import { floorMinute } from './schedule';
import { isUuid } from './service';
import { createSimulatedDriver } from './simulated-driver';
import { instances } from './tables';

/**
 * The browser tests' fake clock (TESTING_HOOKS, refused in production by the config): a test server
 * cannot wait for a Saturday 09:00 or half an hour of idleness, so these run the machine tick for
 * the minute a test names, and set what a simulated machine reports as its load. Nothing else of
 * the app moves in time: the tick does what it would do at that minute, through the same code.
 * Plain routes outside the route list: no session, no CSRF, never linked.
 */
const tickInput = z.object({ at: z.iso.datetime() });
const loadInput = z.object({ percent: z.number().int().min(0).max(100) });

export async function instanceTestingRoutes(app: FastifyInstance): Promise<void> {
  if (!app.config.TESTING_HOOKS) return;
  const { db, instances: service } = app.services;
  const tick = createMachineTick({
    db,
    broadcaster: app.broadcaster,
    drivers: service.drivers,
    requestPower: service.requestPower,
    log: app.log,
  });
  // Simulated machines live in the database: a second handle on them sees the same machines.
  const simulated = createSimulatedDriver({ db });
  const config = { session: false, csrf: false };

  app.post('/__testing/instances/tick', { config }, async (request, reply) => {
    const input = tickInput.safeParse(request.body);
    if (!input.success) return reply.code(422).send({ message: 'at: an ISO date-time' });
    const now = new Date(input.data.at);
    await tick.run(floorMinute(now), floorMinute(now), now);
    return reply.code(204).send();
  });

  app.post<{ Params: { uuid: string } }>(
    '/__testing/instances/:uuid/load',
    { config },
    async (request, reply) => {
      const input = loadInput.safeParse(request.body);
      if (!input.success) return reply.code(422).send({ message: 'percent: 0 to 100' });
      if (!isUuid(request.params.uuid)) return reply.code(404).send();
      const [row] = await db.select().from(instances).where(eq(instances.uuid, request.params.uuid));
      if (!row?.driverRef) return reply.code(404).send();
      await simulated.setLoad(row.driverRef, input.data.percent);
      return reply.code(204).send();
    },
  );
}
