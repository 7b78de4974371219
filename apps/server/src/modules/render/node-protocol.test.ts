import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BroadcastEvent } from '../../platform/broadcasting';
import { createWorker } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../testing/app';
import { walletTransactions } from '../billing/tables';
import { driveEntries } from '../drives/tables';
import { notifications } from '../notifications/tables';
import { users } from '../users/tables';
import { ensureRenderMinute, resumeFundedJobs } from './minute-job';
import {
  type RenderJob,
  renderJobs,
  renderNodeBlocklist,
  renderNodes,
  renderTaskAttempts,
  renderTasks,
} from './tables';
import {
  blendBytes,
  CHECK_FINDINGS,
  driveOf,
  emptyQueue,
  frameBytes,
  makeCustomer,
  putFile,
  SimulatedNode,
  setBalance,
  userIdOf,
} from './test-support';

const LEASE_SECONDS = 4;
const PRICE = 1_500; // the demo's standard price per node-minute (Rial)

/**
 * The node protocol end to end (docs/decisions/0014-render-node-protocol.md) on a real database:
 * simulated nodes speak HTTP to the app through inject; the money, the drive and the queue are real.
 */
describe(`render node protocol (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let storageDir: string;
  let customerId: number;
  let otherId: number;
  let driveUuid: string;
  let otherDriveUuid: string;
  const db = () => t.database.db;
  const published: BroadcastEvent[] = [];

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'rf-render-'));
    t = await createTestApp({
      env: { STORAGE_DIR: storageDir, RENDER_LEASE_SECONDS: String(LEASE_SECONDS) },
    });
    vi.spyOn(t.app.broadcaster, 'publish').mockImplementation(async (event) => {
      published.push(event);
    });
    customerId = await userIdOf(t, 'customer@renderfarm.test');
    ({ id: otherId, driveUuid: otherDriveUuid } = await makeCustomer(t, 'second@example.com'));
    driveUuid = (await driveOf(t, customerId)).uuid;
    await putFile(t, customerId, driveUuid, 'shot.blend', blendBytes());
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await emptyQueue(t);
    await setBalance(t, customerId, 50_000_000);
  });

  const node = (name: string) => new SimulatedNode(t, name).enrol();
  const service = () => t.app.services.render;

  /** A checked scene of `ownerId` (a node runs its check), submitted with these frames. */
  const submitted = async (
    checker: SimulatedNode,
    frames: string,
    chunk: number,
    ownerId = customerId,
    drive = driveUuid,
    priority: 'standard' | 'express' = 'standard',
  ): Promise<RenderJob> => {
    const job = await service().checkScene({ id: ownerId }, { drive, path: 'shot.blend' });
    const check = await checker.claim();
    expect(check?.kind).toBe('check');
    expect((await checker.complete(check!, CHECK_FINDINGS.sample_seconds, CHECK_FINDINGS)).statusCode).toBe(
      200,
    );
    return service().submit({ id: ownerId }, job.uuid, {
      frames,
      chunk,
      format: 'PNG',
      resolution: 100,
      priority,
    });
  };

  const renderLines = async (reference: string) =>
    db()
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.type, 'render'), eq(walletTransactions.reference, reference)));
  const jobRow = async (id: number) =>
    (await db().select().from(renderJobs).where(eq(renderJobs.id, id)))[0]!;
  const taskRow = async (uuid: string) =>
    (await db().select().from(renderTasks).where(eq(renderTasks.uuid, uuid)))[0]!;

  it('walks enrol → check → claim → download → progress → upload → complete, charging each task once', async () => {
    const n = await node('walk');
    const job = await submitted(n, '1-6', 2);
    expect(job.status).toBe('queued');
    expect(job.framesTotal).toBe(6);
    // 6 frames × 0.5 s at 1,500 Rial a minute.
    expect(job.estimate).toBe(75);

    const task = (await n.claim())!;
    expect(task).toMatchObject({
      kind: 'render',
      lease_seconds: LEASE_SECONDS,
      job: { uuid: job.uuid, name: 'shot' },
      frames: { start: 1, end: 2, step: 1 },
      settings: { format: 'PNG', resolution_percentage: 100, samples: null, denoise: false },
    });
    expect(task.outputs!.map((o) => o.name)).toEqual(['frame_0001.png', 'frame_0002.png']);
    expect((await jobRow(job.id)).status).toBe('active');

    // The scene, whole and by range (resume).
    const whole = await n.download(task);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(blendBytes())).toBe(true);
    const part = await n.download(task, { range: 'bytes=7-' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(blendBytes().subarray(7))).toBe(true);

    const progress = await n.progress(task, { frame: 1, sample: [2, 4], log: ['Fra:1 Sample 2/4'] });
    expect(progress.statusCode).toBe(200);
    expect(progress.json().cancel).toBe(false);
    expect(new Date(progress.json().lease_until).getTime()).toBeGreaterThan(Date.now());

    // Completing before every frame is in is refused.
    const early = await n.complete(task, 1);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      error: 'missing_outputs',
      missing: ['frame_0001.png', 'frame_0002.png'],
    });

    await n.uploadAll(task);
    const done = await n.complete(task, 1.1);
    expect(done.statusCode).toBe(200);
    // ceil(1.1 s × 1,500 / 60) = 28 Rial.
    expect(done.json()).toEqual({ ok: true, cost: Math.ceil((1.1 * PRICE) / 60) });
    const lines = await renderLines(job.uuid);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ amount: -28, idempotencyKey: `render:${task.uuid}`, type: 'render' });

    // A replayed complete answers the same and posts nothing.
    const again = await n.complete(task, 1.1);
    expect(again.statusCode).toBe(200);
    expect(await renderLines(job.uuid)).toHaveLength(1);
    expect((await jobRow(job.id)).cost).toBe(28);

    // The other two tasks; the job completes with its last.
    expect(await n.renderOne(3)).not.toBeNull();
    expect(await n.renderOne(3)).not.toBeNull();
    const finished = await jobRow(job.id);
    expect(finished.status).toBe('completed');
    expect(await renderLines(job.uuid)).toHaveLength(3);
    // 28 + 2 × ceil(3 × 1,500 / 60) = 28 + 150.
    expect(finished.cost).toBe(178);
    const frames = await db()
      .select({ path: driveEntries.path, size: driveEntries.size })
      .from(driveEntries)
      .where(sql`${driveEntries.path} like ${`renders/${job.uuid}/%`}`)
      .orderBy(driveEntries.path);
    expect(frames.map((f) => f.path)).toEqual(
      [1, 2, 3, 4, 5, 6].map((f) => `renders/${job.uuid}/frame_000${f}.png`),
    );
    expect(frames[0]!.size).toBe(frameBytes(1).length);
    const told = await db()
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, customerId), eq(notifications.key, `render:${job.uuid}:completed`)),
      );
    expect(told).toHaveLength(1);
    // The next claim finds nothing.
    expect(await n.claim()).toBeNull();

    // The pages heard each step on the job's channel: ids and state only (the claim itself sends
    // nothing; the node's first progress report says the task is active).
    const onJob = published.filter((e) => [e.channels].flat().includes(`private-render-jobs.${job.uuid}`));
    expect(onJob.filter((e) => e.event === 'TaskUpdated').map((e) => e.data)).toEqual(
      expect.arrayContaining([
        { task: task.uuid, status: 'active', frame: 1 },
        { task: task.uuid, status: 'completed' },
      ]),
    );
    expect(onJob.filter((e) => e.event === 'JobUpdated').at(-1)).toMatchObject({
      channels: [`private-render-jobs.${job.uuid}`, `private-users.${customerId}`],
      data: { uuid: job.uuid, status: 'completed', done: 6, total: 6, failed: 0, cost: 178 },
    });
  });

  it('refuses calls without a good token, and a disabled node', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/render-node/v1/claim', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const reused = await t.app.inject({
      method: 'POST',
      url: '/render-node/v1/enrol',
      payload: { enrolment_token: 'rne_nope', name: 'x' },
    });
    expect(reused.statusCode).toBe(401);
    const n = await node('disabled');
    await db().update(renderNodes).set({ enabled: false }).where(eq(renderNodes.uuid, n.uuid));
    const res = await n.heartbeat();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'disabled' });
  });

  it('never hands two concurrent claims the same task', async () => {
    const nodes = await Promise.all([node('c1'), node('c2'), node('c3')]);
    const job = await submitted(nodes[0]!, '1-12', 1);
    const seen: string[] = [];
    for (let round = 0; round < 4; round++) {
      const tasks = await Promise.all(nodes.map((n) => n.claim(10)));
      for (const task of tasks) {
        expect(task).not.toBeNull();
        seen.push(task!.uuid);
      }
      await Promise.all(
        nodes.map(async (n, i) => {
          await n.uploadAll(tasks[i]!);
          expect((await n.complete(tasks[i]!, 1)).statusCode).toBe(200);
        }),
      );
    }
    expect(new Set(seen).size).toBe(12);
    const tasks = await db()
      .select()
      .from(renderTasks)
      .where(and(eq(renderTasks.jobId, job.id), eq(renderTasks.kind, 'render')));
    expect(tasks.map((task) => [task.status, task.attempts])).toEqual(tasks.map(() => ['completed', 1]));
    expect(await renderLines(job.uuid)).toHaveLength(12);
    expect((await jobRow(job.id)).status).toBe('completed');
  });

  it('shares the farm: a second customer’s 2-task job starts within the next two claims', async () => {
    await putFile(t, otherId, otherDriveUuid, 'shot.blend', blendBytes('other'));
    await setBalance(t, otherId, 50_000_000);
    const n = await node('fair');
    const big = await submitted(n, '1-200', 1);
    // A few of the big job's frames are under way before the small job arrives.
    for (let i = 0; i < 3; i++) await n.renderOne(1);
    const small = await submitted(n, '1-2', 1, otherId, otherDriveUuid);
    const next = [(await n.claim())!, (await n.claim())!];
    const jobs = next.map((task) => task.job.uuid);
    expect(jobs).toContain(small.uuid);
    // And the turns alternate from then on: in four claims, both of its tasks, not the big job's first.
    const four = [...next, (await n.claim())!, (await n.claim())!];
    expect(four.filter((task) => task.job.uuid === small.uuid)).toHaveLength(2);
    expect(four.filter((task) => task.job.uuid === big.uuid)).toHaveLength(2);
    expect(big.uuid).not.toBe(small.uuid);
  });

  it('puts express work before standard', async () => {
    const n = await node('express');
    const standard = await submitted(n, '1-3', 1);
    const express = await submitted(n, '1-3', 1, customerId, driveUuid, 'express');
    expect((await n.claim())!.job.uuid).toBe(express.uuid);
    expect(standard.status).toBe('queued');
  });

  it('requeues a task whose lease ran out, as a failed attempt of its node', async () => {
    const quiet = await node('quiet');
    const other = await node('other');
    await submitted(quiet, '1-2', 2);
    const task = (await quiet.claim())!;
    await new Promise((resolve) => setTimeout(resolve, LEASE_SECONDS * 1000 + 300));
    const taken = (await other.claim(3))!;
    expect(taken.uuid).toBe(task.uuid);
    const attempts = await db()
      .select()
      .from(renderTaskAttempts)
      .where(eq(renderTaskAttempts.taskId, (await taskRow(task.uuid)).id));
    expect(attempts.map((a) => a.outcome)).toEqual(['expired']);
    // The node that went quiet hears it lost the task.
    const late = await quiet.progress(task);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ cancel: true });
    expect((await quiet.complete(task, 1)).statusCode).toBe(409);
    expect((await taskRow(task.uuid)).attempts).toBe(2);
  });

  it('keeps a node that failed a job 3 times off it', async () => {
    const flaky = await node('flaky');
    const steady = await node('steady');
    const job = await submitted(flaky, '1-4', 1);
    for (let i = 0; i < 3; i++) {
      const task = (await flaky.claim())!;
      expect(task.job.uuid).toBe(job.uuid);
      expect((await flaky.fail(task)).statusCode).toBe(200);
    }
    const blocked = await db()
      .select()
      .from(renderNodeBlocklist)
      .where(eq(renderNodeBlocklist.jobId, job.id));
    expect(blocked).toHaveLength(1);
    expect(await flaky.claim()).toBeNull();
    expect((await steady.claim())!.job.uuid).toBe(job.uuid);
    expect((await jobRow(job.id)).status).toBe('active');
  });

  it('fails the job when a task failed on 3 nodes: the rest cancelled, nothing charged, the owner told with the log', async () => {
    const nodes = [await node('f1'), await node('f2'), await node('f3')];
    const job = await submitted(nodes[0]!, '1-6', 2);
    for (const n of nodes) {
      const task = (await n.claim())!;
      expect(task.frames).toEqual({ start: 1, end: 2, step: 1 });
      await n.fail(task, 'Blender exited with code 1', ['Error: Cannot read file "//tex/wood.png"']);
    }
    const failed = await jobRow(job.id);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toContain('روی ۳ نود رندر');
    const tasks = await db()
      .select()
      .from(renderTasks)
      .where(and(eq(renderTasks.jobId, job.id), eq(renderTasks.kind, 'render')));
    expect(tasks.map((task) => task.status).sort()).toEqual(['canceled', 'canceled', 'failed']);
    expect(await renderLines(job.uuid)).toHaveLength(0);
    expect(failed.cost).toBe(0);
    const [told] = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, customerId),
          sql`${notifications.key} like ${`render:${job.uuid}:failed:%`}`,
        ),
      );
    expect(told!.body).toContain('wood.png');
    expect(told!.body).toContain('هزینه‌ای از شما کم نشد');
    expect(await nodes[0]!.claim()).toBeNull();
  });

  it('pauses a job the balance cannot cover, and resumes it on top-up', async () => {
    const n = await node('balance');
    const job = await submitted(n, '1-2', 1);
    // A slow scene: 30 s a frame, so each one-frame task needs 750 Rial.
    await db().update(renderJobs).set({ frameSeconds: 30 }).where(eq(renderJobs.id, job.id));
    await setBalance(t, customerId, 500);
    expect(await n.claim()).toBeNull();
    const paused = await jobRow(job.id);
    expect(paused).toMatchObject({ status: 'paused', pauseReason: 'balance' });
    const [told] = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, customerId),
          sql`${notifications.key} like ${`render:${job.uuid}:balance:%`}`,
        ),
      );
    expect(told!.title).toContain('موجودی');
    expect(await resumeFundedJobs(db(), { publish: async () => {} })).toBe(0);
    await setBalance(t, customerId, 2_000);
    // The minute job, through the jobs queue as a worker runs it.
    await ensureRenderMinute(db());
    await createWorker({ db: db(), handlers: t.app.jobHandlers }).drain();
    expect((await jobRow(job.id)).status).toBe('queued');
    expect((await n.claim())!.job.uuid).toBe(job.uuid);
    // Nothing was charged for the pause.
    expect(
      (await db().select({ balance: users.balance }).from(users).where(eq(users.id, customerId)))[0]!.balance,
    ).toBe(2_000);
  });

  describe('refuses bad uploads, storing nothing', () => {
    const storedFrames = async (job: RenderJob) =>
      db()
        .select({ path: driveEntries.path })
        .from(driveEntries)
        .where(sql`${driveEntries.path} like ${`renders/${job.uuid}/frame%`}`);

    it('a bad signature, another task’s URL, a name not expected, no length, over quota', async () => {
      const n = await node('uploads');
      const job = await submitted(n, '1-4', 2);
      const [one, two] = [(await n.claim())!, (await n.claim())!];
      const url = one.outputs![0]!.upload_url;

      const tampered = url.replace(/signature=([0-9a-f])/, (_m, c) => `signature=${c === '0' ? '1' : '0'}`);
      expect((await n.upload(tampered, frameBytes(1))).statusCode).toBe(403);

      // Task one's signed URL sent to task two's path.
      const crossed = url.replace(one.uuid, two.uuid);
      expect((await n.upload(crossed, frameBytes(1))).statusCode).toBe(403);

      // A name the task does not expect: refused even with a signature made for it.
      const odd = t.app.services.renderManager.fileUrls.output(one.uuid, 'frame_0099.png', new Date());
      const unexpected = await n.upload(odd, frameBytes(99));
      expect(unexpected.statusCode).toBe(422);
      expect(unexpected.json()).toEqual({ error: 'unexpected_output' });
      const renamed = url.replace('frame_0001.png', 'evil.sh');
      expect((await n.upload(renamed, frameBytes(1))).statusCode).toBe(403);

      // Over the drive's free space, by Content-Length, before any byte is taken.
      const drive = await driveOf(t, customerId);
      const big = await n.upload(url, frameBytes(1), {
        'content-length': String(drive.sizeGb * 1024 ** 3 + 1),
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().error).toBe('quota');

      // Another node cannot use this task's URLs.
      const stranger = await node('stranger');
      expect((await stranger.upload(url, frameBytes(1))).statusCode).toBe(409);

      expect(await storedFrames(job)).toHaveLength(0);
      expect((await n.upload(url, frameBytes(1))).statusCode).toBe(201);
      expect(await storedFrames(job)).toHaveLength(1);
    });
  });
});
