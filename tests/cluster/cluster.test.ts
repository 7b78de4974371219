import { randomBytes } from 'node:crypto';
import { createRealtimeClient, type RealtimeClient } from '@renderfarm/realtime/client';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { subscribed, waitFor } from '../conformance/realtime/harness';
import { REMEMBER_COOKIE, SESSION_COOKIE } from '../support/session-cookies';
import { ADMIN, type Cluster, CUSTOMER, clusterServicesUp, ownRedis, startCluster } from './cluster-fixture';
import { eventually } from './eventually';
import { Visitor } from './visitor';

/*
 * Issue 17, «several servers»: two app servers (A and B) and a job worker, each its own process,
 * on one fresh PostgreSQL database and one Redis (cluster-fixture.ts). The processes start once for
 * the file and the tests run in order (the last kills A).
 *
 * The Redis outage test needs a redis-server of this file alone (installed binary); on REDIS_URL's
 * shared server it is skipped.
 */
interface Machine {
  id: number;
  uuid: string;
  power: string;
}

const up = await clusterServicesUp('Cluster tests');

describe.skipIf(!up)('two app servers and a worker on one PostgreSQL and one Redis', () => {
  let cluster: Cluster;
  // Short names for the parts the tests use most.
  let a: Cluster['a'];
  let b: Cluster['b'];
  let worker: Cluster['worker'];
  let sql: Cluster['sql'];
  let customerId: number;
  const machines: Machine[] = [];
  const sockets: RealtimeClient[] = [];

  /** `count` more stopped machines of the customer, copies of a demo one with their own names (no port: starting needs none). */
  async function stoppedMachines(count: number): Promise<Machine[]> {
    const template = await cluster.fixture.stoppedMachine();
    const { rows: columns } = await sql.query<{ name: string }>(
      `select column_name as name from information_schema.columns
        where table_name = 'instances' and column_name not in ('id', 'uuid', 'name', 'driver_ref', 'port_id')`,
    );
    const list = columns.map((c) => `"${c.name}"`).join(', ');
    const made: Machine[] = [];
    for (let i = 0; i < count; i++) {
      const { rows } = await sql.query<Machine>(
        `insert into instances (${list}, name, driver_ref)
         select ${list}, $2, $3 from instances where id = $1
         returning id, uuid, power`,
        [template.id, `خوشه ${machines.length + i + 1}`, `cluster-${randomBytes(6).toString('hex')}`],
      );
      made.push(rows[0]!);
    }
    machines.push(...made);
    return made;
  }

  const powerOf = async (ids: number[]) =>
    (await sql.query<Machine>('select id, uuid, power from instances where id = any($1) order by id', [ids]))
      .rows;
  const powerJobs = async (ids: number[]) =>
    (
      await sql.query<{ singleton_key: string; state: string }>(
        'select singleton_key, state from jobs where singleton_key = any($1)',
        [ids.map((id) => `instance:${id}:power`)],
      )
    ).rows;

  /** A socket to B's realtime server, subscribed to the customer's private channel through B. */
  async function listenOnB(
    visitor: Visitor,
    events: { power: string; uuid: string }[],
  ): Promise<RealtimeClient> {
    const origin = b.url;
    class BrowserSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { origin });
      }
    }
    const client = createRealtimeClient({
      key: 'renderfarm-key',
      wsHost: '127.0.0.1',
      wsPort: cluster.realtimePortB,
      forceTLS: false,
      csrfToken: visitor.xsrf,
      authEndpoint: `${b.url}/broadcasting/auth`,
      userAuthEndpoint: `${b.url}/broadcasting/user-auth`,
      headers: { Cookie: visitor.cookie },
      WebSocket: BrowserSocket as any,
    });
    sockets.push(client);
    const channel = client.private(`users.${customerId}`);
    channel.listen('.InstanceUpdated', (event: { power: string; uuid: string }) => events.push(event));
    await subscribed(channel);
    return client;
  }

  beforeAll(async () => {
    cluster = await startCluster();
    ({ a, b, worker, sql, customerId } = cluster);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await cluster?.stop();
  });

  it('a customer signed in on A is signed in on B; signed out on B, out on A at once', async () => {
    const visitor = new Visitor();
    await visitor.signIn(a.url, CUSTOMER);
    const onB = await visitor.visit(b.url, '/panel');
    expect(onB.status, 'the panel on B').toBe(200);
    expect(onB.page?.props.auth?.user?.id, 'the user on B').toBe(customerId);

    const out = await visitor.request(b.url, 'POST', '/logout');
    expect([302, 303, 409]).toContain(out.status);
    const onA = await visitor.visit(a.url, '/panel');
    expect([302, 303], 'the panel on A right after').toContain(onA.status);
    expect(onA.location).toMatch(/\/login$/);
  });

  it('remember me: ticked on A, the session cookie gone, B signs the customer in from it; a sign-out on A ends it on B', async () => {
    const visitor = new Visitor();
    await visitor.signIn(a.url, CUSTOMER, 'password', { remember: true });
    const fromA = visitor.jar.get(REMEMBER_COOKIE);
    const sessionOfA = visitor.jar.get(SESSION_COOKIE);
    expect(fromA, 'the remember cookie A set').toBeDefined();

    // The browser was closed: only the remember cookie is left, and the next page is served by B.
    visitor.jar.delete(SESSION_COOKIE);
    const onB = await visitor.visit(b.url, '/panel');
    expect(onB.status, 'the panel on B from the remember cookie').toBe(200);
    expect(onB.page?.props.auth?.user?.id).toBe(customerId);
    // A session of B's making, and the secret rotated there (what A issued is spent).
    expect(visitor.jar.get(SESSION_COOKIE)).toBeDefined();
    expect(visitor.jar.get(SESSION_COOKIE)).not.toBe(sessionOfA);
    const fromB = visitor.jar.get(REMEMBER_COOKIE);
    expect(fromB, 'the rotated remember cookie from B').toBeDefined();
    expect(fromB).not.toBe(fromA);
    // That session is shared too: A serves the same signed-in customer.
    expect((await visitor.visit(a.url, '/panel')).page?.props.auth?.user?.id).toBe(customerId);

    // Signing out on A ends remember-me everywhere: neither cookie signs anyone in on B any more.
    const out = await visitor.request(a.url, 'POST', '/logout');
    expect([302, 303], 'the sign-out on A').toContain(out.status);
    expect(visitor.jar.has(REMEMBER_COOKIE), 'A cleared the cookie').toBe(false);
    for (const [which, cookie] of [
      ['the one B rotated', fromB],
      ['the one A issued', fromA],
    ] as const) {
      const copy = new Visitor();
      copy.jar.set(REMEMBER_COOKIE, cookie!);
      const again = await copy.visit(b.url, '/panel');
      expect([302, 303], `the panel on B with ${which}`).toContain(again.status);
      expect(again.location).toMatch(/\/login$/);
      expect(copy.jar.has(REMEMBER_COOKIE), `B dropped ${which}`).toBe(false);
    }
  });

  it('a config change on A applies on B without a restart', async () => {
    const guest = new Visitor();
    // B reads (and caches) the switch first.
    expect((await guest.visit(b.url, '/login')).page?.props.can_register).toBe(true);

    const admin = new Visitor();
    await admin.signIn(a.url, ADMIN);
    const confirmed = await admin.request(a.url, 'POST', '/user/confirm-password', { password: 'password' });
    expect(confirmed.status).toBeLessThan(400);
    const saved = await admin.request(a.url, 'PUT', '/admin/configs/registration_open', {
      key: 'registration_open',
      group: 'auth',
      type: 'boolean',
      value: false,
      description: '',
      is_public: false,
    });
    expect(saved.status, 'the save on A').toBe(303);
    expect(saved.headers.get('location')).toMatch(/\/admin\/configs\/registration_open\/edit$/);

    // The forget travels over Redis pub/sub: at once, not after the cache's ten minutes.
    const seen = await eventually(async () => {
      const value = (await guest.visit(b.url, '/login')).page?.props.can_register;
      return value === false ? value : undefined;
    }, 5000).catch(() => 'still true after 5 s');
    expect(seen, 'can_register on B').toBe(false);
  });

  it('a machine started through A sends InstanceUpdated to a socket connected to B', async () => {
    const [machine] = await stoppedMachines(1);
    const visitor = new Visitor();
    await visitor.signIn(b.url, CUSTOMER);
    const events: { power: string; uuid: string }[] = [];
    await listenOnB(visitor, events);

    const asked = await visitor.request(a.url, 'POST', `/panel/instances/${machine!.uuid}/power`, {
      action: 'start',
    });
    expect(asked.status).toBe(303);
    // `starting` from A's own transaction (through Redis to B), `running` from the worker's job
    // (through the HTTP API of B's realtime server).
    await waitFor(
      () => events.some((e) => e.uuid === machine!.uuid && e.power === 'running'),
      30_000,
      'InstanceUpdated running on B',
    );
    expect(events.filter((e) => e.uuid === machine!.uuid).map((e) => e.power)).toEqual([
      'starting',
      'running',
    ]);
  });

  it('200 power requests over A and B for 20 machines give exactly one job per change', async () => {
    const twenty = await stoppedMachines(20);
    const visitor = new Visitor();
    await visitor.signIn(a.url, CUSTOMER);
    const bodies: string[] = [];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const machine = twenty[i % 20]!;
        const server = Math.floor(i / 20) % 2 === 0 ? a.url : b.url;
        return visitor
          .request(server, 'POST', `/panel/instances/${machine.uuid}/power`, { action: 'start' })
          .then(async (res) => {
            if (res.status >= 500)
              bodies.push(
                `${res.status} ${/data-page="app" type="application\/json">(.*?)<\/script>/s.exec(await res.text())?.[1]?.slice(0, 600)}`,
              );
            return res.status;
          });
      }),
    );
    expect(
      answers.filter((status) => status >= 500),
      `server errors:\n${bodies.slice(0, 2).join('\n')}\n${cluster.errorLines()}`,
    ).toEqual([]);

    const ids = twenty.map((m) => m.id);
    await eventually(
      async () => (await powerOf(ids)).every((row) => row.power === 'running') || undefined,
      60_000,
    ).catch(() => {});
    expect((await powerOf(ids)).map((row) => row.power)).toEqual(ids.map(() => 'running'));
    const made = await powerJobs(ids);
    expect(made.length, 'power jobs').toBe(20);
    expect(new Set(made.map((job) => job.singleton_key)).size).toBe(20);
    expect(made.map((job) => job.state)).toEqual(ids.map(() => 'completed'));
    const { rows: accepted } = await sql.query(
      `select 1 from activity_log where event = 'instance:power.start' and subject_id = any($1)`,
      [ids.map(String)],
    );
    expect(accepted.length, 'accepted start requests').toBe(20);
  });

  it('10 failed sign-ins on A and 10 on B hit one shared limit', async () => {
    const guest = new Visitor();
    await guest.request(a.url, 'GET', '/login');
    /** A wrong password for a new address each time (the per-account limit stays out of it). */
    const attempt = async (server: string, i: number) => {
      await guest.request(server, 'POST', '/login', {
        email: `nobody-${i}@example.com`,
        password: 'not-it-at-all',
      });
      return String((await guest.visit(server, '/login')).page?.props.errors?.email ?? '(no error)');
    };
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) answers.push(await attempt(a.url, i));
    for (let i = 10; i < 20; i++) answers.push(await attempt(b.url, i));
    expect(
      answers.filter((message) => !message.includes('درست نیست')),
      'the twenty refusals',
    ).toEqual([]);
    // The per-IP limit is 20 a minute: the 21st is refused by A and B alike, whoever counted.
    expect(await attempt(a.url, 20)).toMatch(/بیش از حد مجاز/);
    expect(await attempt(b.url, 21)).toMatch(/بیش از حد مجاز/);

    // This address may sign in again for the tests after this one.
    const client = new Redis(cluster.redisUrl);
    const keys = await client.keys('rf:rl:*');
    if (keys.length > 0) await client.del(...keys);
    client.disconnect();
  });

  it.skipIf(!ownRedis)(
    'Redis lost while running: pages and jobs go on, B and the worker log one line each way, fan-out resumes when it returns',
    async () => {
      const visitor = new Visitor();
      await visitor.signIn(b.url, CUSTOMER);
      const events: { power: string; uuid: string }[] = [];
      await listenOnB(visitor, events);
      const said = (proc: { output(): string }, words: string) => proc.output().split(words).length - 1;
      const lines = () => ({
        b: [said(b, 'Redis lost'), said(b, 'Redis is back')],
        worker: [said(worker, 'Redis lost'), said(worker, 'Redis is back')],
      });
      const meanwhile = await stoppedMachines(3);

      const outageStart = [a, b, worker].map((proc) => proc.output().length);
      await cluster.redis!.stop();
      for (let i = 0; i < 6; i++) {
        expect((await visitor.visit(b.url, '/panel')).status, 'a page on B without Redis').toBe(200);
        expect((await visitor.visit(a.url, '/panel')).status, 'a page on A without Redis').toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      // Jobs while it is away: three starts, each a power job the worker runs without Redis.
      for (const machine of meanwhile) {
        const res = await visitor.request(a.url, 'POST', `/panel/instances/${machine.uuid}/power`, {
          action: 'start',
        });
        expect(res.status, 'a start on A without Redis').toBe(303);
      }
      const ids = meanwhile.map((m) => m.id);
      await eventually(
        async () => (await powerOf(ids)).every((row) => row.power === 'running') || undefined,
        30_000,
      ).catch(() => {});
      expect(
        (await powerOf(ids)).map((row) => row.power),
        'started by the worker without Redis',
      ).toEqual(ids.map(() => 'running'));
      await eventually(async () => (lines().b[0]! > 0 && lines().worker[0]! > 0 ? true : undefined), 10_000);
      expect(lines(), 'B and the worker say so once, whatever ran meanwhile').toEqual({
        b: [1, 0],
        worker: [1, 0],
      });

      // Nor a line per event that could not reach the other servers (the outbox sends it again).
      const during = (proc: { output(): string }, i: number) => proc.output().slice(outageStart[i]);
      expect(
        [a, b, worker].map((proc, i) => during(proc, i).match(/event not published|"level":[56]0/g) ?? []),
        'publish failures or errors logged on A, B, the worker while Redis was away',
      ).toEqual([[], [], []]);

      await cluster.redis!.start();
      await eventually(async () => (lines().b[1]! > 0 && lines().worker[1]! > 0 ? true : undefined), 20_000);
      expect(lines(), 'one line lost, one back, on B and in the worker').toEqual({
        b: [1, 1],
        worker: [1, 1],
      });

      // Fan-out between servers again: a machine started on A is heard on B's socket.
      const [machine] = await stoppedMachines(1);
      await eventually(async () => {
        const res = await visitor.request(a.url, 'POST', `/panel/instances/${machine!.uuid}/power`, {
          action: 'start',
        });
        return res.status === 303 ? true : undefined;
      }, 10_000);
      await waitFor(
        () => events.some((e) => e.uuid === machine!.uuid && e.power === 'running'),
        30_000,
        'InstanceUpdated on B after Redis returned',
      );
    },
  );

  it('kill -9 of A mid-request loses nothing that B or the worker cannot finish', async () => {
    // Twenty starts of one customer queue up on the customer's row lock, so most are still in A's
    // hands when the first commits.
    const batch = await stoppedMachines(20);
    const ids = batch.map((m) => m.id);
    const visitor = new Visitor();
    await visitor.signIn(a.url, CUSTOMER);
    const asked = batch.map((machine) =>
      visitor.request(a.url, 'POST', `/panel/instances/${machine.uuid}/power`, { action: 'start' }).then(
        (res) => String(res.status),
        () => 'cut',
      ),
    );
    // Killed as soon as the first start is committed: the others are on their way or in A's hands.
    const deadline = Date.now() + 30_000;
    while (!(await powerOf(ids)).some((row) => row.power !== 'stopped') && Date.now() < deadline) {}
    a.child.kill('SIGKILL');
    const answers = await Promise.all(asked);
    expect(answers, 'some requests were cut').toContain('cut');

    // The session lives on in PostgreSQL: B carries on with the same cookie, and what A did not
    // commit the customer asks again there.
    expect((await visitor.visit(b.url, '/panel')).status).toBe(200);
    for (const row of await powerOf(ids)) {
      if (row.power !== 'stopped') continue;
      const again = await visitor.request(b.url, 'POST', `/panel/instances/${row.uuid}/power`, {
        action: 'start',
      });
      expect(again.status, `start of ${row.uuid} on B`).toBe(303);
    }
    await eventually(
      async () => (await powerOf(ids)).every((row) => row.power === 'running') || undefined,
      60_000,
    ).catch(() => {});
    expect((await powerOf(ids)).map((row) => row.power)).toEqual(ids.map(() => 'running'));
    const made = await powerJobs(ids);
    expect(made.map((job) => job.state).sort(), 'one finished job per machine').toEqual(
      ids.map(() => 'completed'),
    );
  });
});
