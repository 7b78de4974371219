import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BroadcastEvent } from '../../platform/broadcasting/broadcaster';
import { jobs } from '../../platform/jobs/tables';
import { createWorker, type Worker } from '../../platform/jobs/worker';
import { createTestApp, signedInBrowser, type TestApp } from '../../testing/app';
import { activityLog } from '../activity/tables';
import { limitations } from '../catalog/tables';
import { users } from '../users/tables';
import { POWER_JOB } from './power-job-payload';
import { type Instance, instances } from './tables';
import { powerProbes } from './test-support';

const PERSIAN = /[\u0600-\u06FF]/;

describe(`customer JSON API: instances (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let worker: Worker;
  let customerId: number;
  let otherId: number;
  let tokens: { full: string; readOnly: string; other: string };
  let running: Instance;
  let stopped: Instance;
  let failed: Instance;
  let foreign: Instance;
  const published: BroadcastEvent[] = [];

  const api = (
    token: string | undefined,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  const power = (uuid: string, payload: unknown, token = tokens.full, headers?: Record<string, string>) =>
    api(token, 'POST', `/api/v1/instances/${uuid}/power`, payload, headers);
  const { reload, jobCount, powerActivity } = powerProbes(() => t.database.db);

  beforeAll(async () => {
    t = await createTestApp({ env: { INSTANCE_SIMULATED_LATENCY_MS: '0' } });
    vi.spyOn(t.app.broadcaster, 'publish').mockImplementation(async (event) => {
      published.push(event);
    });
    // Driven by hand: each test says when the queued jobs run.
    worker = createWorker({ db: t.database.db, handlers: t.app.jobHandlers });
    const db = t.database.db;
    const [customer] = await db.select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
    customerId = customer!.id;
    const [other] = await db
      .insert(users)
      .values({
        name: 'مشتری دیگر',
        email: 'other@example.test',
        emailVerifiedAt: new Date(),
        kycStatus: 'approved',
      })
      .returning();
    otherId = other!.id;
    const create = async (userId: number, abilities: string[]) =>
      (await t.app.services.apiTokens.create(userId, { name: 'test', abilities })).plainText;
    tokens = {
      full: await create(customerId, ['read', 'update']),
      readOnly: await create(customerId, ['read']),
      other: await create(otherId, ['read', 'update']),
    };
    const own = await db
      .select()
      .from(instances)
      .where(eq(instances.userId, customerId))
      .orderBy(instances.id);
    [running, stopped, failed] = own as [Instance, Instance, Instance];
    const { id: _id, uuid: _uuid, ...copy } = stopped;
    [foreign] = (await db
      .insert(instances)
      .values({ ...copy, userId: otherId, name: 'سرور دیگری', portId: null })
      .returning()) as [Instance];
  });
  afterAll(() => t.close());
  beforeEach(() => {
    published.length = 0;
  });

  describe('reading', () => {
    it('lists only the token owner’s machines, with the panel’s fields and no secrets', async () => {
      const res = await api(tokens.readOnly, 'GET', '/api/v1/instances');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.meta).toEqual({ page: 1, per_page: 25, has_more: false });
      expect(body.data.map((i: { uuid: string }) => i.uuid)).toEqual([
        failed.uuid,
        stopped.uuid,
        running.uuid,
      ]);
      const villa = body.data.find((i: { uuid: string }) => i.uuid === running.uuid);
      expect(villa).toEqual({
        uuid: running.uuid,
        name: 'رندر ویلای شمال',
        plan: { title: 'حرفه‌ای RTX 4090', slug: 'rtx-4090' },
        location: { code: 'thr1', name: 'تهران ۱ (آسیاتک)' },
        image: { name: '3ds Max و V-Ray', os: 'Windows Server 2022' },
        status: 'ready',
        power: 'running',
        actions: ['stop', 'restart'],
        host: '185.213.10.21',
        port: 33_891,
        username: 'render',
        price_per_hour: 950_000,
        running_since: running.runningSince!.toISOString(),
        power_changed_at: running.powerChangedAt.toISOString(),
        failure_reason: null,
        created_at: running.createdAt.toISOString(),
      });
      const notReady = body.data.find((i: { uuid: string }) => i.uuid === failed.uuid);
      // The port is reserved, not bound: no address to connect to yet.
      expect(notReady).toMatchObject({ status: 'provision_failed', host: null, port: null, actions: [] });
      expect(notReady.failure_reason).toMatch(PERSIAN);
      // Never the password, the driver's ref or the host's private address.
      expect(res.body).not.toMatch(/password|driver|sim-demo|10\.10\./);

      const paged = await api(tokens.readOnly, 'GET', '/api/v1/instances?per_page=2&page=2');
      expect(paged.json().data.map((i: { uuid: string }) => i.uuid)).toEqual([running.uuid]);
      expect(paged.json().meta).toEqual({ page: 2, per_page: 2, has_more: false });
      const bad = await api(tokens.readOnly, 'GET', '/api/v1/instances?per_page=1000');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.per_page).toMatch(PERSIAN);

      const others = await api(tokens.other, 'GET', '/api/v1/instances');
      expect(others.json().data.map((i: { uuid: string }) => i.uuid)).toEqual([foreign.uuid]);
    });

    it('shows one own machine; another’s, an unknown or a malformed uuid is a 404 in Persian', async () => {
      const own = await api(tokens.readOnly, 'GET', `/api/v1/instances/${stopped.uuid}`);
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toMatchObject({ uuid: stopped.uuid, power: 'stopped', actions: ['start'] });
      for (const uuid of [
        foreign.uuid,
        '00000000-0000-4000-8000-000000000000',
        'not-a-uuid',
        "1' or '1'='1",
      ]) {
        const res = await api(tokens.readOnly, 'GET', `/api/v1/instances/${encodeURIComponent(uuid)}`);
        expect(res.statusCode, uuid).toBe(404);
        expect(res.json()).toEqual({
          message: 'سروری با این شناسه پیدا نشد.',
          code: 'RF_INSTANCE_NOT_FOUND',
        });
      }
      expect((await api(undefined, 'GET', `/api/v1/instances/${stopped.uuid}`)).statusCode).toBe(401);
    });
  });

  describe('power', () => {
    it('needs the update ability: a read-only token changes nothing', async () => {
      const jobsBefore = await jobCount();
      const res = await power(running.uuid, { action: 'stop' }, tokens.readOnly);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/ویرایش/);
      expect((await reload(running.id)).power).toBe('running');
      expect(await jobCount()).toBe(jobsBefore);
    });

    it('refuses bad input with a Persian field error and changes nothing', async () => {
      const before = {
        jobs: await jobCount(),
        activity: await powerActivity(),
        machine: await reload(stopped.id),
      };
      const cases: { payload: unknown; headers?: Record<string, string>; field: string }[] = [
        { payload: {}, field: 'action' },
        { payload: { action: 'destroy' }, field: 'action' },
        { payload: { action: 'START' }, field: 'action' },
        { payload: { action: "start'; drop table instances; --" }, field: 'action' },
        { payload: { action: '<script>alert(1)</script>' }, field: 'action' },
        { payload: { action: 42 }, field: 'action' },
        { payload: { action: ['start'] }, field: 'action' },
        { payload: { action: 'start', force: 'yes' }, field: 'force' },
        { payload: [{ action: 'start' }], field: 'body' },
        { payload: '{"action": "start"', headers: { 'content-type': 'application/json' }, field: 'body' },
        { payload: '', headers: { 'content-type': 'application/json' }, field: 'body' },
        { payload: 'action=start', headers: { 'content-type': 'text/plain' }, field: 'body' },
        { payload: { action: 'start', note: 'x'.repeat(64 * 1024) }, field: 'body' },
      ];
      for (const { payload, headers, field } of cases) {
        const res = await power(stopped.uuid, payload, tokens.full, headers);
        const label = JSON.stringify(payload).slice(0, 60);
        expect(res.statusCode, label).toBe(422);
        expect(res.headers['content-type'], label).toMatch(/application\/json/);
        expect(res.json().errors[field], label).toMatch(PERSIAN);
        expect(res.json().message, label).toMatch(PERSIAN);
      }
      expect(await jobCount()).toBe(before.jobs);
      expect(await powerActivity()).toBe(before.activity);
      expect(await reload(stopped.id)).toEqual(before.machine);
    });

    it('answers 404 for another customer’s machine whatever the body', async () => {
      for (const payload of [{ action: 'start' }, { action: 'nonsense' }]) {
        const res = await power(foreign.uuid, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toMatch(PERSIAN);
      }
      expect((await reload(foreign.id)).power).toBe('stopped');
    });

    it('refuses an action the state forbids, with the reason under errors.action', async () => {
      const cases: [Instance, string, RegExp][] = [
        [running, 'start', /روشن است/],
        [stopped, 'stop', /خاموش است/],
        [stopped, 'restart', /خاموش است/],
        [failed, 'start', /آماده‌سازی/],
      ];
      for (const [machine, action, reason] of cases) {
        const res = await power(machine.uuid, { action });
        expect(res.statusCode, `${action} ${machine.name}`).toBe(422);
        expect(res.json()).toMatchObject({ code: 'RF_INSTANCE_ACTION_NOT_ALLOWED' });
        expect(res.json().errors.action).toMatch(reason);
      }
      expect(await jobCount()).toBe(0);
    });

    it('refuses to start without one hour of the price in the wallet, or without KYC, or over max_running', async () => {
      const db = t.database.db;
      await db.update(users).set({ balance: 600_000 }).where(eq(users.id, otherId));
      const poor = await power(foreign.uuid, { action: 'start' }, tokens.other);
      expect(poor.statusCode).toBe(422);
      expect(poor.json().code).toBe('RF_INSTANCE_BALANCE_TOO_LOW');
      // 60,000 Toman in the wallet, 65,000 Toman an hour (the RTX 3090 plan's Rial price / 10).
      expect(poor.json().errors.action).toMatch(/۶۰٬۰۰۰ تومان.*۶۵٬۰۰۰ تومان/);

      await db.update(users).set({ balance: 650_000, kycStatus: 'rejected' }).where(eq(users.id, otherId));
      const unverified = await power(foreign.uuid, { action: 'start' }, tokens.other);
      expect(unverified.json()).toMatchObject({ code: 'RF_INSTANCE_KYC_REQUIRED' });
      expect(unverified.json().errors.action).toMatch(/احراز هویت/);
      expect((await reload(foreign.id)).power).toBe('stopped');

      const [rule] = await db
        .insert(limitations)
        .values({ scope: 'user', subject: String(customerId), key: 'max_running', value: 1 })
        .returning();
      const limited = await power(stopped.uuid, { action: 'start' });
      expect(limited.json()).toMatchObject({ code: 'RF_INSTANCE_LIMIT_REACHED' });
      expect(limited.json().errors.action).toMatch(/حداکثر ۱ سرور روشن/);
      await db.delete(limitations).where(eq(limitations.id, rule!.id));

      expect(await jobCount()).toBe(0);
      expect(await powerActivity()).toBe(0);
    });

    it('stops a running machine: stopping at once, stopped once the worker has run the job', async () => {
      const res = await power(running.uuid, { action: 'stop' });
      expect(res.statusCode).toBe(202);
      expect(res.json().data).toMatchObject({ uuid: running.uuid, power: 'stopping', actions: [] });
      const [job] = await t.database.db.select().from(jobs).where(eq(jobs.name, POWER_JOB));
      expect(job).toMatchObject({
        name: 'instance.power',
        state: 'queued',
        singletonKey: `instance:${running.id}:power`,
        payload: { instanceId: running.id, action: 'stop', force: false, actorId: customerId },
      });
      expect(published).toEqual([
        {
          channels: [`private-instances.${running.uuid}`, `private-users.${customerId}`],
          event: 'InstanceUpdated',
          data: { uuid: running.uuid, status: 'ready', power: 'stopping' },
        },
      ]);
      // A second request while the first is under way is refused, not queued.
      const again = await power(running.uuid, { action: 'stop' });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors.action).toMatch(/در حال خاموش شدن/);

      expect(await worker.drain()).toBe(1);
      const after = await reload(running.id);
      expect(after).toMatchObject({ power: 'stopped', runningSince: null, failureReason: null });
      expect((await t.database.db.select().from(jobs).where(eq(jobs.id, job!.id)))[0]!.state).toBe(
        'completed',
      );
      expect(published.at(-1)!.data).toEqual({ uuid: running.uuid, status: 'ready', power: 'stopped' });
      const entries = await t.database.db
        .select()
        .from(activityLog)
        .where(
          and(
            eq(activityLog.subjectType, 'instance'),
            eq(activityLog.subjectId, String(running.id)),
            sql`not (${activityLog.properties} ? 'demo')`,
          ),
        )
        .orderBy(activityLog.id);
      expect(entries.map((e) => [e.event, e.actorId])).toEqual([
        ['instance:power.stop', customerId],
        ['instance:power.stopped', null],
      ]);
      expect(entries[0]!.properties).toMatchObject({ uuid: running.uuid, from: 'running', via: 'api' });
    });

    it('starts it again, and restarts it through stopping and starting', async () => {
      const started = await power(running.uuid, { action: 'start' });
      expect(started.json().data.power).toBe('starting');
      await worker.drain();
      const on = await reload(running.id);
      expect(on.power).toBe('running');
      expect(on.runningSince).not.toBeNull();

      published.length = 0;
      const restarted = await power(running.uuid, { action: 'restart', force: true });
      expect(restarted.statusCode).toBe(202);
      expect(restarted.json().data.power).toBe('stopping');
      await worker.drain();
      expect((await reload(running.id)).power).toBe('running');
      expect(published.map((e) => (e.data as { power: string }).power)).toEqual([
        'stopping',
        'starting',
        'running',
      ]);
      const [last] = await t.database.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.event, 'instance:power.restarted'));
      expect(last!.properties).toMatchObject({ action: 'restart', power: 'running' });
    });

    it('makes one job of two concurrent starts', async () => {
      const jobsBefore = await jobCount();
      const answers = await Promise.all([
        power(stopped.uuid, { action: 'start' }),
        power(stopped.uuid, { action: 'start' }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([202, 422]);
      const refused = answers.find((r) => r.statusCode === 422)!;
      expect(refused.json().errors.action).toMatch(/در حال روشن شدن/);
      expect(await jobCount()).toBe(jobsBefore + 1);
      expect(await worker.drain()).toBe(1);
      expect((await reload(stopped.id)).power).toBe('running');
    });
  });

  describe('realtime channel', () => {
    it('lets the owner and staff listen on instances.{uuid}, and no one else', async () => {
      const channel = `private-instances.${stopped.uuid}`;
      const ask = async (email: string) => {
        const browser = await signedInBrowser(t, email);
        return (
          await t.app.inject({
            method: 'POST',
            url: '/broadcasting/auth',
            headers: browser.headers(),
            payload: { socket_id: '123.456', channel_name: channel },
          })
        ).statusCode;
      };
      expect(await ask('customer@renderfarm.test')).toBe(200);
      expect(await ask('care@renderfarm.test')).toBe(200);
      expect(await ask('admin@renderfarm.test')).toBe(200);
      expect(await ask('other@example.test')).toBe(403);
    });
  });
});
