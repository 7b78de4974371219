import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp } from '../auth/test-support';
import { renderJobs } from './tables';
import {
  blendBytes,
  CHECK_FINDINGS,
  driveOf,
  emptyQueue,
  makeCustomer,
  putFile,
  SimulatedNode,
  setBalance,
  userIdOf,
} from './test-support';

const PERSIAN = /[\u0600-\u06FF]/;
const SETTINGS = { frames: '1-6', chunk: 2, format: 'PNG', resolution: 100, priority: 'standard' };

/**
 * Render jobs on the customer JSON API (docs/api.md), with a simulated node answering the scene
 * check and rendering: check → submit → the job in the list and by uuid, idempotent submits,
 * actions, abilities, and another customer's job as a 404.
 */
describe(`customer JSON API: render jobs (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let node: SimulatedNode;
  let customerId: number;
  let driveUuid: string;
  let stranger: { id: number; driveUuid: string };
  let tokens: { all: string; read: string; create: string; stranger: string };
  const db = () => t.database.db;

  const api = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  const jobCount = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(renderJobs)
        .where(and(eq(renderJobs.userId, customerId), sql`${renderJobs.submittedAt} is not null`))
    )[0]!.n;

  /** Starts a check over the API and lets the node report the findings. */
  const checked = async (): Promise<string> => {
    const res = await api(tokens.create, 'POST', '/api/v1/jobs/check', {
      drive: driveUuid,
      path: 'shot.blend',
    });
    expect(res.statusCode).toBe(202);
    const { id } = res.json().data;
    const task = (await node.claim())!;
    expect(task.job.uuid).toBe(id);
    expect((await node.complete(task, CHECK_FINDINGS.sample_seconds, CHECK_FINDINGS)).statusCode).toBe(200);
    return id;
  };

  beforeAll(async () => {
    t = await createAuthTestApp();
    customerId = await userIdOf(t, 'customer@renderfarm.test');
    driveUuid = (await driveOf(t, customerId)).uuid;
    stranger = await makeCustomer(t, 'stranger.jobs@example.test');
    await putFile(t, customerId, driveUuid, 'shot.blend', blendBytes());
    await putFile(t, stranger.id, stranger.driveUuid, 'theirs.blend', blendBytes('theirs'));
    await emptyQueue(t);
    await setBalance(t, customerId, 5_000_000);
    node = await new SimulatedNode(t, 'api-node').enrol();
    const make = async (userId: number, abilities: string[]) =>
      (await t.app.services.apiTokens.create(userId, { name: 'test', abilities })).plainText;
    tokens = {
      all: await make(customerId, ['read', 'create', 'update']),
      read: await make(customerId, ['read']),
      create: await make(customerId, ['read', 'create']),
      stranger: await make(stranger.id, ['read', 'create', 'update']),
    };
  });
  afterAll(() => t.close());

  it('checks a scene: 202 while checking, then done with the findings (resolution, frame range) and the form’s defaults', async () => {
    const res = await api(tokens.create, 'POST', '/api/v1/jobs/check', {
      drive: driveUuid,
      path: 'shot.blend',
    });
    expect(res.statusCode).toBe(202);
    const started = res.json().data;
    expect(started).toMatchObject({
      status: 'checking',
      findings: null,
      defaults: null,
      scene: { drive: { uuid: driveUuid }, path: 'shot.blend' },
      failure_reason: null,
    });
    const task = (await node.claim())!;
    await node.complete(task, CHECK_FINDINGS.sample_seconds, CHECK_FINDINGS);

    const done = await api(tokens.read, 'GET', `/api/v1/jobs/checks/${started.id}`);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      id: started.id,
      status: 'done',
      findings: {
        resolution_x: 64,
        resolution_y: 48,
        resolution_percentage: 100,
        frame_start: 1,
        frame_end: 6,
        engine: 'CYCLES',
      },
      defaults: { frames: '1-6', format: 'PNG', resolution: '100', priority: 'standard' },
    });
  });

  it('refuses a check of a file that is not there or not a scene, and another customer’s drive, in Persian', async () => {
    const missing = await api(tokens.create, 'POST', '/api/v1/jobs/check', {
      drive: driveUuid,
      path: 'x.blend',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'RF_RENDER_NOT_FOUND',
      message: expect.stringMatching(PERSIAN),
    });
    const foreign = await api(tokens.create, 'POST', '/api/v1/jobs/check', {
      drive: stranger.driveUuid,
      path: 'theirs.blend',
    });
    expect(foreign.statusCode).toBe(404);
    const blank = await api(tokens.create, 'POST', '/api/v1/jobs/check', {});
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors).sort()).toEqual(['drive', 'path']);
  });

  it('check → submit → the job in the list and by uuid, with its estimate and task summary; a retried submit makes one job', async () => {
    const check = await checked();
    const before = await jobCount();
    const headers = { 'idempotency-key': `blender-${check}` };
    const first = await api(tokens.create, 'POST', '/api/v1/jobs', { check, ...SETTINGS }, headers);
    expect(first.statusCode).toBe(201);
    const job = first.json().data;
    expect(job).toMatchObject({
      uuid: check,
      name: 'shot',
      status: 'queued',
      frames: '1-6',
      chunk: 2,
      format: 'PNG',
      resolution: 100,
      priority: 'standard',
      cost: 0,
      output_path: `renders/${check}`,
      scene: { drive: { uuid: driveUuid }, path: 'shot.blend' },
      actions: expect.arrayContaining(['pause', 'cancel']),
      tasks: {
        total: 3,
        queued: 3,
        active: 0,
        completed: 0,
        failed: 0,
        canceled: 0,
        frames: { done: 0, total: 6 },
      },
    });
    expect(job.estimate.estimate).toBeGreaterThan(0);
    expect(job.estimate.low).toBeLessThanOrEqual(job.estimate.estimate);
    expect(job.estimate.high).toBeGreaterThanOrEqual(job.estimate.estimate);

    const again = await api(tokens.create, 'POST', '/api/v1/jobs', { check, ...SETTINGS }, headers);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.uuid).toBe(check);
    expect(await jobCount()).toBe(before + 1);
    // Without the key, submitting the same check again is refused: a check is submitted once.
    const twice = await api(tokens.create, 'POST', '/api/v1/jobs', { check, ...SETTINGS });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('RF_RENDER_ACTION');

    // A node renders one task: the summary counts it.
    expect(await node.renderOne(3)).not.toBeNull();
    const shown = await api(tokens.read, 'GET', `/api/v1/jobs/${check}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({
      uuid: check,
      status: 'active',
      tasks: { total: 3, completed: 1, queued: 2, frames: { done: 2, total: 6 } },
    });
    expect(shown.json().data.cost).toBeGreaterThan(0);

    const list = await api(tokens.read, 'GET', '/api/v1/jobs?per_page=1');
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toEqual({ page: 1, per_page: 1, has_more: true });
    expect(list.json().data[0]).toEqual(shown.json().data);
    const active = await api(tokens.read, 'GET', '/api/v1/jobs?status=active');
    expect(active.json().data.map((j: { uuid: string }) => j.uuid)).toEqual([check]);

    // The render's ledger lines carry the job's uuid as their reference.
    const items = await api(tokens.read, 'GET', '/api/v1/items?type=render');
    expect(items.statusCode).toBe(200);
    const lines = items.json().data;
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]).toMatchObject({ type: 'render', reference: check });
    expect(lines[0].amount).toBeLessThan(0);

    // Pause, resume, cancel with `update`; another customer's token gets a 404.
    expect((await api(tokens.create, 'POST', `/api/v1/jobs/${check}/pause`)).statusCode).toBe(403);
    expect((await api(tokens.stranger, 'POST', `/api/v1/jobs/${check}/pause`)).statusCode).toBe(404);
    const paused = await api(tokens.all, 'POST', `/api/v1/jobs/${check}/pause`);
    expect(paused.statusCode).toBe(200);
    expect(paused.json().data).toMatchObject({ status: 'paused', pause_reason: 'customer' });
    const resumed = await api(tokens.all, 'POST', `/api/v1/jobs/${check}/resume`);
    // Frames were rendered before the pause: it resumes as active.
    expect(resumed.json().data.status).toBe('active');
    const canceled = await api(tokens.all, 'POST', `/api/v1/jobs/${check}/cancel`);
    expect(canceled.json().data).toMatchObject({ status: 'canceled', actions: [] });
    expect(canceled.json().data.tasks).toMatchObject({ completed: 1, canceled: 2 });
    // A word after the job that is no action is not found, as a missing job is.
    expect((await api(tokens.all, 'POST', `/api/v1/jobs/${check}/delete`)).statusCode).toBe(404);
    const refused = await api(tokens.all, 'POST', `/api/v1/jobs/${check}/resume`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'RF_RENDER_ACTION',
      message: expect.stringMatching(PERSIAN),
    });
  });

  it('prices a done check before submitting (its quote: frames, tasks, estimate, balance after), as the job is then priced', async () => {
    const check = await checked();
    const query = new URLSearchParams(SETTINGS as unknown as Record<string, string>).toString();
    const res = await api(tokens.read, 'GET', `/api/v1/jobs/checks/${check}/quote?${query}`);
    expect(res.statusCode).toBe(200);
    const quote = res.json().data;
    expect(quote).toMatchObject({ frames: 6, tasks: 3 });
    expect(quote.low).toBeLessThanOrEqual(quote.estimate);
    expect(quote.high).toBeGreaterThanOrEqual(quote.estimate);
    expect(quote.balance_after).toBe(quote.balance - quote.estimate);
    const job = await api(tokens.create, 'POST', '/api/v1/jobs', { check, ...SETTINGS });
    expect(job.json().data.estimate).toEqual({ estimate: quote.estimate, low: quote.low, high: quote.high });

    const bad = await api(
      tokens.read,
      'GET',
      `/api/v1/jobs/checks/${check}/quote?frames=9-1&chunk=0&format=GIF`,
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['frames', 'chunk', 'format']));
    expect(bad.json().message).toMatch(PERSIAN);
    const foreign = await api(tokens.stranger, 'GET', `/api/v1/jobs/checks/${check}/quote?${query}`);
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses bad settings with every field’s Persian error at once, and submits nothing', async () => {
    const check = await checked();
    const before = await jobCount();
    const res = await api(tokens.create, 'POST', '/api/v1/jobs', {
      check,
      frames: '5-1',
      chunk: 0,
      format: 'GIF',
      resolution: 200,
      priority: 'now',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'chunk',
      'format',
      'frames',
      'priority',
      'resolution',
    ]);
    for (const message of Object.values(res.json().errors)) expect(message).toMatch(PERSIAN);
    const longKey = await api(
      tokens.create,
      'POST',
      '/api/v1/jobs',
      { check, ...SETTINGS },
      {
        'idempotency-key': 'k'.repeat(101),
      },
    );
    expect(longKey.statusCode).toBe(422);
    expect(longKey.json().errors.idempotency_key).toMatch(PERSIAN);
    expect(await jobCount()).toBe(before);
  });

  it('answers read routes to read, and refuses writes without their ability with the API’s 403', async () => {
    const check = await checked();
    const cases: [string, 'GET' | 'POST', string, string | null][] = [
      [tokens.read, 'POST', '/api/v1/jobs/check', 'ساختن'],
      [tokens.read, 'POST', '/api/v1/jobs', 'ساختن'],
      [tokens.read, 'POST', `/api/v1/jobs/${check}/cancel`, 'ویرایش'],
      [tokens.create, 'POST', `/api/v1/jobs/${check}/resume`, 'ویرایش'],
    ];
    for (const [token, method, url, ability] of cases) {
      const res = await api(token, method, url, {});
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: `این توکن دسترسی «${ability}» ندارد.` });
    }
    const noRead = (await t.app.services.apiTokens.create(customerId, { name: 'w', abilities: ['create'] }))
      .plainText;
    for (const url of ['/api/v1/jobs', `/api/v1/jobs/${check}`, `/api/v1/jobs/checks/${check}`]) {
      expect((await api(noRead, 'GET', url)).statusCode, url).toBe(403);
    }
  });

  it('hides another customer’s jobs and checks: 404, never in the list', async () => {
    const res = await api(tokens.stranger, 'POST', '/api/v1/jobs/check', {
      drive: stranger.driveUuid,
      path: 'theirs.blend',
    });
    expect(res.statusCode).toBe(202);
    const theirs = res.json().data.id;
    for (const url of [
      `/api/v1/jobs/${theirs}`,
      `/api/v1/jobs/checks/${theirs}`,
      '/api/v1/jobs/not-a-uuid',
    ]) {
      const answer = await api(tokens.read, 'GET', url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toMatchObject({
        code: 'RF_RENDER_NOT_FOUND',
        message: expect.stringMatching(PERSIAN),
      });
    }
    expect((await api(tokens.all, 'POST', `/api/v1/jobs/${theirs}/cancel`)).statusCode).toBe(404);
    const submit = await api(tokens.all, 'POST', '/api/v1/jobs', { check: theirs, ...SETTINGS });
    expect(submit.statusCode).toBe(404);
    const list = await api(tokens.read, 'GET', '/api/v1/jobs?per_page=100');
    expect(list.json().data.map((j: { uuid: string }) => j.uuid)).not.toContain(theirs);
  });
});
