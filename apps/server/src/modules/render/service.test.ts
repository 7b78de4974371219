import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signedInBrowser, type TestApp } from '../../testing/app';
import { verificationRequests } from '../verification/tables';
import { RenderError } from './errors';
import { type RenderJob, renderJobs, renderNodeBlocklist, renderTasks } from './tables';
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
import { jobView, listJobs } from './views';

const PERSIAN = /[\u0600-\u06FF]/;

/** The customer's side of render jobs (issue 26): the scene check, submission and the job's actions. */
describe(`render service (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let storageDir: string;
  let customerId: number;
  let driveUuid: string;
  let second: { id: number; driveUuid: string };
  let checker: SimulatedNode;
  const db = () => t.database.db;
  const service = () => t.app.services.render;
  const settings = (overrides: Record<string, unknown> = {}) => ({
    frames: '1-6',
    chunk: 2,
    format: 'PNG',
    resolution: 100,
    priority: 'standard',
    ...overrides,
  });

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'rf-render-service-'));
    t = await createTestApp({ env: { STORAGE_DIR: storageDir } });
    customerId = await userIdOf(t, 'customer@renderfarm.test');
    driveUuid = (await driveOf(t, customerId)).uuid;
    second = await makeCustomer(t, 'second.renderer@example.com');
    await putFile(t, customerId, driveUuid, 'shot.blend', blendBytes());
    await putFile(t, customerId, driveUuid, 'notes.blend', Buffer.from('just some text, not a scene'));
    await putFile(t, second.id, second.driveUuid, 'theirs.blend', blendBytes('theirs'));
    checker = await new SimulatedNode(t, 'checker').enrol();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await emptyQueue(t);
    await setBalance(t, customerId, 50_000_000);
    await setBalance(t, second.id, 50_000_000);
  });

  /** The thrown RenderError of `work` (fails the test if it does not throw one). */
  const refusal = async (work: Promise<unknown>): Promise<RenderError> => {
    const error = await work.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RenderError);
    expect((error as RenderError).message).toMatch(PERSIAN);
    return error as RenderError;
  };

  const checked = async (
    ownerId = customerId,
    drive = driveUuid,
    path = 'shot.blend',
  ): Promise<RenderJob> => {
    const job = await service().checkScene({ id: ownerId }, { drive, path });
    const task = (await checker.claim())!;
    expect(task.kind).toBe('check');
    expect(task.job.uuid).toBe(job.uuid);
    expect((await checker.complete(task, CHECK_FINDINGS.sample_seconds, CHECK_FINDINGS)).statusCode).toBe(
      200,
    );
    return (await db().select().from(renderJobs).where(eq(renderJobs.id, job.id)))[0]!;
  };
  const renderTaskCount = async (jobId: number) =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(renderTasks)
        .where(and(eq(renderTasks.jobId, jobId), eq(renderTasks.kind, 'render')))
    )[0]!.n;
  const jobCount = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(renderJobs))[0]!.n;

  describe('scene check', () => {
    it('keeps the findings and the sample frame’s time', async () => {
      const job = await checked();
      expect(job.status).toBe('checking');
      expect(job.findings).toMatchObject({ engine: 'CYCLES', resolution_x: 64, cameras: ['Camera'] });
      expect(job.frameSeconds).toBe(0.5);
      expect(job.outputPath).toBe(`renders/${job.uuid}`);
      expect(job.name).toBe('shot');
    });

    it('refuses a file that is not a .blend, by name or by its first bytes', async () => {
      const before = await jobCount();
      const byName = await refusal(
        service().checkScene({ id: customerId }, { drive: driveUuid, path: 'shot.max' }),
      );
      expect(byName).toMatchObject({ code: 'RF_RENDER_SCENE', field: 'path' });
      const byBytes = await refusal(
        service().checkScene({ id: customerId }, { drive: driveUuid, path: 'notes.blend' }),
      );
      expect(byBytes).toMatchObject({ code: 'RF_RENDER_SCENE', field: 'path' });
      expect(byBytes.message).toContain('صحنهٔ Blender نیست');
      expect(await jobCount()).toBe(before);
    });

    it('answers a scene in someone else’s drive as not found', async () => {
      const before = await jobCount();
      const theirs = await refusal(
        service().checkScene({ id: customerId }, { drive: second.driveUuid, path: 'theirs.blend' }),
      );
      expect(theirs).toMatchObject({ code: 'RF_RENDER_NOT_FOUND', status: 404, field: 'path' });
      const missing = await refusal(
        service().checkScene({ id: customerId }, { drive: driveUuid, path: 'nope.blend' }),
      );
      expect(missing.status).toBe(404);
      expect(await jobCount()).toBe(before);
    });
  });

  describe('submission', () => {
    it('waits for the check before it quotes or queues', async () => {
      const job = await service().checkScene({ id: customerId }, { drive: driveUuid, path: 'shot.blend' });
      const early = await refusal(service().submit({ id: customerId }, job.uuid, settings()));
      expect(early.code).toBe('RF_RENDER_NOT_CHECKED');
      expect(await renderTaskCount(job.id)).toBe(0);
    });

    it('refuses bad frames and chunks with a Persian field error, queueing nothing', async () => {
      const job = await checked();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ frames: '0' }, 'frames', 'از ۱ شروع'],
        [{ frames: '10-1' }, 'frames', 'آغاز'],
        [{ frames: '1-100000' }, 'frames', '۱۰٬۰۰۰'],
        [{ frames: 'همه' }, 'frames', 'با عدد'],
        [{ chunk: 0 }, 'chunk', 'دست‌کم ۱'],
        [{ format: 'TIFF' }, 'format', 'قالب'],
        [{ resolution: 150 }, 'resolution', 'درصد'],
        [{ samples: 0 }, 'samples', 'نمونه'],
        [{ priority: 'now' }, 'priority', 'اولویت'],
      ];
      for (const [change, field, words] of cases) {
        const error = await refusal(service().submit({ id: customerId }, job.uuid, settings(change)));
        expect(error.field, JSON.stringify(change)).toBe(field);
        expect(error.message, JSON.stringify(change)).toContain(words);
      }
      expect(await renderTaskCount(job.id)).toBe(0);
      expect((await db().select().from(renderJobs).where(eq(renderJobs.id, job.id)))[0]!.status).toBe(
        'checking',
      );
    });

    it('reads Persian digits in the numbers and the frames', async () => {
      const job = await checked();
      const queued = await service().submit(
        { id: customerId },
        job.uuid,
        settings({ frames: '۱-۶', chunk: '۲' }),
      );
      expect(queued.framesTotal).toBe(6);
      expect(await renderTaskCount(job.id)).toBe(3);
    });

    it('refuses a balance under the estimate, queueing nothing', async () => {
      const job = await checked();
      // 6 frames × 0.5 s = 3 s at 1,500 Rial a minute: 75 Rial.
      await setBalance(t, customerId, 74);
      const error = await refusal(service().submit({ id: customerId }, job.uuid, settings()));
      expect(error.code).toBe('RF_RENDER_BALANCE');
      expect(error.message).toContain('برآورد');
      expect(await renderTaskCount(job.id)).toBe(0);
      await setBalance(t, customerId, 75);
      expect((await service().submit({ id: customerId }, job.uuid, settings())).estimate).toBe(75);
    });

    it('needs an approved identity check', async () => {
      const job = await checked(second.id, second.driveUuid, 'theirs.blend');
      await db()
        .update(verificationRequests)
        .set({ status: 'revoked' })
        .where(eq(verificationRequests.userId, second.id));
      try {
        const error = await refusal(service().submit({ id: second.id }, job.uuid, settings()));
        expect(error.code).toBe('RF_RENDER_KYC');
        expect(await renderTaskCount(job.id)).toBe(0);
      } finally {
        await db()
          .update(verificationRequests)
          .set({ status: 'approved' })
          .where(eq(verificationRequests.userId, second.id));
      }
    });

    it('is idempotent on its key, and refuses a second submission of the same check', async () => {
      const job = await checked();
      const first = await service().submit({ id: customerId }, job.uuid, {
        ...settings(),
        idempotencyKey: 'k-1',
      });
      const again = await service().submit({ id: customerId }, job.uuid, {
        ...settings(),
        idempotencyKey: 'k-1',
      });
      expect(again.id).toBe(first.id);
      expect(await renderTaskCount(job.id)).toBe(3);
      const other = await refusal(
        service().submit({ id: customerId }, job.uuid, { ...settings(), idempotencyKey: 'k-2' }),
      );
      expect(other.code).toBe('RF_RENDER_ACTION');
      expect(await renderTaskCount(job.id)).toBe(3);
    });

    it('quotes the estimate with its range and the balance after it', async () => {
      const job = await checked();
      const quote = await service().quote(
        { id: customerId },
        job.uuid,
        settings({ frames: '1-250', chunk: 10, priority: 'express' }),
      );
      // 250 × 0.5 s = 125 s at 3,000 Rial a minute.
      expect(quote).toMatchObject({ frames: 250, tasks: 25, estimate: 6_250, low: 4_687, high: 9_375 });
      expect(quote.balance_after).toBe(50_000_000 - 6_250);
      const half = await service().quote({ id: customerId }, job.uuid, settings({ resolution: 50 }));
      expect(half.frame_seconds).toBe(0.125);
    });
  });

  describe('actions', () => {
    it('pauses (the node hears cancel), resumes, cancels, and refuses everything of a cancelled job in Persian', async () => {
      const job = await checked();
      await service().submit({ id: customerId }, job.uuid, settings());
      const task = (await checker.claim())!;
      const paused = await service().act({ id: customerId }, job.uuid, 'pause');
      expect(paused).toMatchObject({ status: 'paused', pauseReason: 'customer' });
      const heard = await checker.progress(task);
      expect(heard.statusCode).toBe(409);
      expect(heard.json().cancel).toBe(true);
      expect(await checker.claim()).toBeNull();
      expect((await refusal(service().act({ id: customerId }, job.uuid, 'pause'))).code).toBe(
        'RF_RENDER_ACTION',
      );

      const resumed = await service().act({ id: customerId }, job.uuid, 'resume');
      expect(resumed.status).toBe('queued');
      expect((await checker.claim())!.job.uuid).toBe(job.uuid);

      const canceled = await service().act({ id: customerId }, job.uuid, 'cancel');
      expect(canceled.status).toBe('canceled');
      const open = await db()
        .select()
        .from(renderTasks)
        .where(and(eq(renderTasks.jobId, job.id), sql`${renderTasks.status} in ('queued', 'active')`));
      expect(open).toHaveLength(0);
      for (const action of ['pause', 'resume', 'cancel', 'requeue'] as const) {
        const error = await refusal(service().act({ id: customerId }, job.uuid, action));
        expect(error.message).toBe('این رندر لغو شده است و کاری روی آن نمی‌توان کرد.');
      }
      const resubmit = await refusal(service().submit({ id: customerId }, job.uuid, settings()));
      expect(resubmit.message).toBe('این رندر لغو شده است و کاری روی آن نمی‌توان کرد.');
    });

    it('answers another customer’s job as not found; staff may act on it', async () => {
      const job = await checked();
      await service().submit({ id: customerId }, job.uuid, settings());
      const stranger = await refusal(service().act({ id: second.id }, job.uuid, 'cancel'));
      expect(stranger.status).toBe(404);
      const care = await userIdOf(t, 'care@renderfarm.test');
      expect((await service().act({ id: care, role: 'care' }, job.uuid, 'cancel')).status).toBe('canceled');
    });

    it('requeues a failed job’s tasks, with the failures before forgotten', async () => {
      const job = await checked();
      await service().submit({ id: customerId }, job.uuid, settings({ frames: '1-2', chunk: 1 }));
      const nodes = [
        checker,
        await new SimulatedNode(t, 'r2').enrol(),
        await new SimulatedNode(t, 'r3').enrol(),
      ];
      for (const n of nodes) {
        const task = (await n.claim())!;
        expect(task.frames!.start).toBe(1);
        await n.fail(task);
      }
      const failed = (await db().select().from(renderJobs).where(eq(renderJobs.id, job.id)))[0]!;
      expect(failed.status).toBe('failed');
      expect((await jobView(db(), failed, { uuid: driveUuid, name: '' })).actions).toEqual(['requeue']);

      const requeued = await service().act({ id: customerId }, job.uuid, 'requeue');
      expect(requeued).toMatchObject({ status: 'queued', failureReason: null });
      const statuses = await db()
        .select({ status: renderTasks.status })
        .from(renderTasks)
        .where(and(eq(renderTasks.jobId, job.id), eq(renderTasks.kind, 'render')));
      expect(statuses.map((s) => s.status)).toEqual(['queued', 'queued']);
      expect(
        await db().select().from(renderNodeBlocklist).where(eq(renderNodeBlocklist.jobId, job.id)),
      ).toHaveLength(0);
      // One more failure does not fail it again at once: the three before no longer count.
      const task = (await nodes[0]!.claim())!;
      await nodes[0]!.fail(task);
      expect((await db().select().from(renderJobs).where(eq(renderJobs.id, job.id)))[0]!.status).toBe(
        'active',
      );
      expect((await listJobs(db(), { userId: customerId, limit: 1 }))[0]!.uuid).toBe(job.uuid);
    });
  });

  it('lets the owner and staff listen on render-jobs.{uuid}, and no one else', async () => {
    const job = await service().checkScene({ id: customerId }, { drive: driveUuid, path: 'shot.blend' });
    const ask = async (email: string) => {
      const browser = await signedInBrowser(t, email);
      return (
        await t.app.inject({
          method: 'POST',
          url: '/broadcasting/auth',
          headers: browser.headers(),
          payload: { socket_id: '123.456', channel_name: `private-render-jobs.${job.uuid}` },
        })
      ).statusCode;
    };
    expect(await ask('customer@renderfarm.test')).toBe(200);
    expect(await ask('care@renderfarm.test')).toBe(200);
    expect(await ask('admin@renderfarm.test')).toBe(200);
    expect(await ask('second.renderer@example.com')).toBe(403);
  });
});
