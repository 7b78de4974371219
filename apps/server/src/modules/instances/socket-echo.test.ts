import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BroadcastEvent } from '../../platform/broadcasting/broadcaster';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { users } from '../users/tables';
import { type Instance, instances } from './tables';

/** The acting tab does not reload on its own echo: its X-Socket-ID rides on the event it causes. */
describe('power requests and the asking tab’s socket', () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customer: TestBrowser;
  let machines: Instance[];
  const published: BroadcastEvent[] = [];

  beforeAll(async () => {
    t = await createAuthTestApp();
    vi.spyOn(t.app.broadcaster, 'publish').mockImplementation(async (event) => {
      published.push(event);
    });
    const [owner] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'customer@renderfarm.test'));
    machines = await t.database.db
      .select()
      .from(instances)
      .where(and(eq(instances.userId, owner!.id), eq(instances.status, 'ready')));
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.40.0.1' });
  });
  afterAll(() => t.close());

  it('publishes the update with the socket to skip, and ignores a malformed X-Socket-ID', async () => {
    const running = machines.find((m) => m.power === 'running')!;
    const stopped = machines.find((m) => m.power === 'stopped')!;
    const list = '/panel/instances';
    const stop = await customer.post(
      `${list}/${running.uuid}/power`,
      { action: 'stop' },
      { referer: list, 'x-socket-id': '1234.5678' },
    );
    expect(stop.statusCode).toBe(303);
    expect(published.at(-1)).toMatchObject({
      channels: [`private-instances.${running.uuid}`, expect.stringMatching(/^private-users\.\d+$/)],
      socketId: '1234.5678',
    });
    const start = await customer.post(
      `${list}/${stopped.uuid}/power`,
      { action: 'start' },
      { referer: list, 'x-socket-id': '<script>' },
    );
    expect(start.statusCode).toBe(303);
    expect(published.at(-1)!.socketId).toBeUndefined();
  });
});
