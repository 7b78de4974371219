import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp } from '../auth/test-support';
import { users } from '../users/tables';
import { createSimulatedDriver } from './simulated-driver';
import { type Instance, instances } from './tables';

/**
 * The browser tests' fake clock (testing-routes.ts): off unless TESTING_HOOKS is on, and when on it
 * runs the real tick for the minute asked (here: an idle machine stopped half an hour on).
 */
describe(`/__testing/instances hooks (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let off: Awaited<ReturnType<typeof createAuthTestApp>>;
  let on: Awaited<ReturnType<typeof createAuthTestApp>>;
  let running: Instance;

  beforeAll(async () => {
    off = await createAuthTestApp();
    on = await createAuthTestApp({ TESTING_HOOKS: 'true' });
    const db = on.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
    const mine = await db.select().from(instances).where(eq(instances.userId, owner!.id));
    running = mine.find((m) => m.power === 'running')!;
  });
  afterAll(async () => {
    await off?.close();
    await on?.close();
  });

  it('do not exist unless TESTING_HOOKS is on (a write nobody routes: refused, nothing run)', async () => {
    const tick = await off.app.inject({
      method: 'POST',
      url: '/__testing/instances/tick',
      payload: { at: new Date().toISOString() },
    });
    expect([404, 419]).toContain(tick.statusCode);
    const load = await off.app.inject({
      method: 'POST',
      url: `/__testing/instances/${running.uuid}/load`,
      payload: { percent: 0 },
    });
    expect([404, 419]).toContain(load.statusCode);
  });

  it('sets a simulated machine’s load and runs the tick at the minute asked', async () => {
    const db = on.database.db;
    await db.update(instances).set({ idleStopMinutes: 30 }).where(eq(instances.id, running.id));
    const load = await on.app.inject({
      method: 'POST',
      url: `/__testing/instances/${running.uuid}/load`,
      payload: { percent: 0 },
    });
    expect(load.statusCode).toBe(204);
    expect(
      (await createSimulatedDriver({ db }).forHost({ address: '' }).load(running.driverRef!)).percent,
    ).toBe(0);

    // Now is within the limit: nothing happens; half an hour on, the idle pass asks for a stop.
    const tickAt = (at: Date) =>
      on.app.inject({ method: 'POST', url: '/__testing/instances/tick', payload: { at: at.toISOString() } });
    await db.update(instances).set({ lastActiveAt: new Date() }).where(eq(instances.id, running.id));
    expect((await tickAt(new Date())).statusCode).toBe(204);
    expect((await db.select().from(instances).where(eq(instances.id, running.id)))[0]!.power).toBe('running');
    expect((await tickAt(new Date(Date.now() + 31 * 60_000))).statusCode).toBe(204);
    expect((await db.select().from(instances).where(eq(instances.id, running.id)))[0]!.power).toBe(
      'stopping',
    );
  });

  it('answers bad input with 422 and an unknown machine with 404', async () => {
    const bad = await on.app.inject({
      method: 'POST',
      url: '/__testing/instances/tick',
      payload: { at: 'soon' },
    });
    expect(bad.statusCode).toBe(422);
    const unknown = await on.app.inject({
      method: 'POST',
      url: '/__testing/instances/not-a-uuid/load',
      payload: { percent: 0 },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
