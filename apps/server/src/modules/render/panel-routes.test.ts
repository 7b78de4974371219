import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { signedInBrowser } from '../../testing/app';
import { createAuthTestApp, logIn, TestBrowser } from '../auth/test-support';
import { verificationRequests } from '../verification/tables';
import { renderJobs, renderTasks } from './tables';
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

const PERSIAN = /[\u0600-\u06FF]/;
type T = Awaited<ReturnType<typeof createAuthTestApp>>;

/** A signed-in browser for a customer made without a password (test-support's makeCustomer). */
async function browserOf(t: T, email: string): Promise<TestBrowser> {
  const signed = await signedInBrowser(t, email);
  const browser = new TestBrowser(t);
  for (const part of signed.cookie.split('; ')) {
    const at = part.indexOf('=');
    browser.jar.set(part.slice(0, at), part.slice(at + 1));
  }
  return browser;
}

/** The entries of a zip: name → bytes. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (failed, stream) => {
          if (failed || !stream) return reject(failed);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** The customer's render pages and actions (docs/screens.md §4b), through the HTTP routes. */
describe(`panel: render jobs (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: T;
  let customer: TestBrowser;
  let other: TestBrowser;
  let customerId: number;
  let driveUuid: string;
  let second: { id: number; driveUuid: string };
  let node: SimulatedNode;
  const db = () => t.database.db;
  const SETTINGS = { frames: '1-6', chunk: '2', format: 'PNG', resolution: '100', priority: 'standard' };

  const jobCount = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(renderJobs))[0]!.n;
  const renderTaskCount = async (uuid: string) =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(renderTasks)
        .innerJoin(renderJobs, eq(renderJobs.id, renderTasks.jobId))
        .where(and(eq(renderJobs.uuid, uuid), eq(renderTasks.kind, 'render')))
    )[0]!.n;
  const statusOf = async (uuid: string) =>
    (await db().select().from(renderJobs).where(eq(renderJobs.uuid, uuid)))[0]!.status;

  /** Checks shot.blend through the page's form and lets the node report its findings. */
  const checked = async (browser = customer, drive = driveUuid, path = 'shot.blend'): Promise<string> => {
    const res = await browser.post('/panel/jobs/check', { drive, path });
    expect(res.statusCode).toBe(303);
    const uuid = new URL(String(res.headers.location), 'http://x').searchParams.get('check')!;
    const task = (await node.claim())!;
    expect(task.job.uuid).toBe(uuid);
    expect((await node.complete(task, CHECK_FINDINGS.sample_seconds, CHECK_FINDINGS)).statusCode).toBe(200);
    return uuid;
  };
  const submit = (check: string, change: Record<string, unknown> = {}, browser = customer) =>
    browser.post('/panel/jobs', { check, ...SETTINGS, ...change });
  /** Renders every queued task of the queue with the node. */
  const renderAll = async () => {
    while (await node.renderOne(3)) {
      /* next task */
    }
  };

  beforeAll(async () => {
    t = await createAuthTestApp();
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.26.0.1' });
    customerId = await userIdOf(t, 'customer@renderfarm.test');
    driveUuid = (await driveOf(t, customerId)).uuid;
    second = await makeCustomer(t, 'second.pages@example.com');
    other = await browserOf(t, 'second.pages@example.com');
    await putFile(t, customerId, driveUuid, 'shot.blend', blendBytes());
    await putFile(t, customerId, driveUuid, 'notes.blend', Buffer.from('plain text, not a scene'));
    await putFile(t, customerId, driveUuid, 'notes.txt', Buffer.from('plain text'));
    await putFile(t, second.id, second.driveUuid, 'theirs.blend', blendBytes('theirs'));
    node = await new SimulatedNode(t, 'pages-node').enrol();
  }, 120_000);
  afterAll(() => t?.close());

  beforeEach(async () => {
    await emptyQueue(t);
    await setBalance(t, customerId, 50_000_000);
    await setBalance(t, second.id, 50_000_000);
  });

  describe('make and check', () => {
    it('offers the customer’s drives with their .blend scenes, and no one else’s', async () => {
      const page = await customer.page('/panel/jobs/create');
      expect(page.component).toBe('Panel/Jobs/Make');
      const drive = page.props.drives.find((d: { uuid: string }) => d.uuid === driveUuid);
      expect(drive.scenes.map((s: { name: string }) => s.name).sort()).toEqual(['notes.blend', 'shot.blend']);
      expect(drive.upload_url).toBe(`/panel/drives/${driveUuid}/files`);
      expect(JSON.stringify(page.props.drives)).not.toContain('theirs.blend');
      expect(page.props.check).toBeNull();
      expect(page.props.prices).toEqual({ standard: 1500, express: 3000 });
    });

    it('shows the check while it runs, then its findings, defaults and the estimate', async () => {
      const res = await customer.post('/panel/jobs/check', { drive: driveUuid, path: 'shot.blend' });
      const url = String(res.headers.location);
      const running = await customer.page(url);
      expect(running.props.check).toMatchObject({ status: 'checking', check: null });
      expect(running.props.quote).toBeNull();
      const task = (await node.claim())!;
      await node.complete(task, CHECK_FINDINGS.sample_seconds, CHECK_FINDINGS);
      const done = await customer.page(url);
      expect(done.props.check.check).toMatchObject({
        blender_version: '3.4.1',
        engine: 'CYCLES',
        samples: 4,
      });
      expect(done.props.settings).toMatchObject({ frames: '1-6', format: 'PNG', resolution: '100' });
      // 6 frames × 0.5 s at 1,500 Rial a minute.
      expect(done.props.quote).toMatchObject({ frames: 6, estimate: 75, low: 56, high: 113 });
      expect(done.props.quote.balance_after).toBe(50_000_000 - 75);
      const bad = await customer.page(`${url}&frames=10-1`);
      expect(bad.props.quote).toBeNull();
      expect(bad.props.quote_errors.frames).toMatch(PERSIAN);
    });

    it('refuses a file that is not a scene, and another customer’s scene, queueing nothing', async () => {
      const before = await jobCount();
      for (const [drive, path, words] of [
        [driveUuid, 'notes.txt', '.blend'],
        [driveUuid, 'notes.blend', 'صحنهٔ Blender نیست'],
        [second.driveUuid, 'theirs.blend', 'پیدا نشد'],
      ] as const) {
        const res = await customer.post('/panel/jobs/check', { drive, path });
        expect(res.statusCode, path).toBe(303);
        const errors = await customer.errorsOn('/panel/jobs/create');
        expect(errors.path, path).toContain(words);
      }
      expect(await jobCount()).toBe(before);
    });
  });

  describe('submission', () => {
    it('refuses bad settings with Persian field errors, queueing nothing', async () => {
      const check = await checked();
      const cases: [Record<string, unknown>, string][] = [
        [{ frames: '0' }, 'frames'],
        [{ frames: '10-1' }, 'frames'],
        [{ frames: '1-100000' }, 'frames'],
        [{ frames: 'همه فریم‌ها' }, 'frames'],
        [{ chunk: '0' }, 'chunk'],
      ];
      for (const [change, field] of cases) {
        const res = await submit(check, change);
        expect(res.statusCode, JSON.stringify(change)).toBe(303);
        const errors = await customer.errorsOn('/panel/jobs/create');
        expect(errors[field], JSON.stringify(change)).toMatch(PERSIAN);
      }
      // Every field's problem at once.
      await submit(check, { frames: '0', chunk: '0', format: 'TIFF' });
      const all = await customer.errorsOn('/panel/jobs/create');
      expect(Object.keys(all).sort()).toEqual(['chunk', 'format', 'frames']);
      expect(await renderTaskCount(check)).toBe(0);
      expect(await statusOf(check)).toBe('checking');
    });

    it('refuses a balance under the estimate', async () => {
      const check = await checked();
      await setBalance(t, customerId, 74);
      await submit(check);
      const errors = await customer.errorsOn('/panel/jobs/create');
      expect(errors.frames).toContain('برآورد');
      expect(await renderTaskCount(check)).toBe(0);
    });

    it('refuses a customer without an approved identity check', async () => {
      const check = await checked(other, second.driveUuid, 'theirs.blend');
      await db()
        .update(verificationRequests)
        .set({ status: 'revoked' })
        .where(eq(verificationRequests.userId, second.id));
      try {
        await submit(check, {}, other);
        const errors = await other.errorsOn('/panel/jobs/create');
        expect(errors.check).toContain('احراز هویت');
        expect(await renderTaskCount(check)).toBe(0);
      } finally {
        await db()
          .update(verificationRequests)
          .set({ status: 'approved' })
          .where(eq(verificationRequests.userId, second.id));
      }
    });

    it('queues the frames in chunks and opens the job’s page; a double submit queues one job', async () => {
      const check = await checked();
      const res = await submit(check, { idempotency_key: 'same-click' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/panel/jobs/${check}`);
      const again = await submit(check, { idempotency_key: 'same-click' });
      expect(again.headers.location).toBe(`/panel/jobs/${check}`);
      expect(await renderTaskCount(check)).toBe(3);
      const page = await customer.page(`/panel/jobs/${check}`);
      expect(page.component).toBe('Panel/Jobs/View');
      expect(page.props.job).toMatchObject({
        status: 'queued',
        frames: '1-6',
        chunk: 2,
        estimate: { estimate: 75 },
      });
      expect(page.props.tasks).toHaveLength(3);
      expect(page.props.download_url).toBeNull();
      expect(page.props.flash.success).toMatch(PERSIAN);
    });
  });

  describe('a job', () => {
    it('lists the customer’s jobs with their progress, and no one else’s', async () => {
      const mine = await checked();
      await submit(mine);
      const theirs = await checked(other, second.driveUuid, 'theirs.blend');
      const page = await customer.page('/panel/jobs');
      expect(page.component).toBe('Panel/Jobs/List');
      const row = page.props.jobs.data.find((j: { uuid: string }) => j.uuid === mine);
      expect(row).toMatchObject({ name: 'shot', progress: { done: 0, total: 6 }, status: 'queued' });
      expect(row.scene.drive.uuid).toBe(driveUuid);
      expect(page.props.jobs.data.some((j: { uuid: string }) => j.uuid === theirs)).toBe(false);
      // The header and the panel home count the jobs under way.
      expect(page.props.open_jobs).toBeGreaterThanOrEqual(1);
      await customer.post(`/panel/jobs/${mine}/cancel`);
      expect((await customer.page('/panel')).props.open_jobs).toBe(page.props.open_jobs - 1);
    });

    it('shows the render price per node-minute of each priority on the public prices', async () => {
      const page = await customer.page('/prices');
      expect(page.props.render_prices).toEqual({ standard: 1500, express: 3000 });
    });

    it('answers another customer’s job as not found on every route', async () => {
      const theirs = await checked(other, second.driveUuid, 'theirs.blend');
      await submit(theirs, {}, other);
      for (const [method, url] of [
        ['GET', `/panel/jobs/${theirs}`],
        ['POST', `/panel/jobs/${theirs}/pause`],
        ['POST', `/panel/jobs/${theirs}/cancel`],
        ['GET', `/panel/jobs/${theirs}/download`],
        ['GET', `/panel/jobs/${theirs}/frames/frame_0001.png`],
        ['GET', `/panel/jobs/create?check=${theirs}`],
      ] as const) {
        const res = await customer.request(method, url, method === 'POST' ? {} : undefined);
        expect(res.statusCode, url).toBe(404);
      }
      const store = await submit(theirs);
      expect(store.statusCode).toBe(404);
      expect(await statusOf(theirs)).toBe('queued');
    });

    it('pauses, resumes and cancels; a cancelled job’s actions are refused in Persian', async () => {
      const check = await checked();
      await submit(check);
      expect((await customer.post(`/panel/jobs/${check}/pause`)).statusCode).toBe(303);
      expect(await statusOf(check)).toBe('paused');
      expect((await customer.post(`/panel/jobs/${check}/resume`)).statusCode).toBe(303);
      expect(await statusOf(check)).toBe('queued');
      expect((await customer.post(`/panel/jobs/${check}/cancel`)).statusCode).toBe(303);
      expect(await statusOf(check)).toBe('canceled');
      for (const action of ['resume', 'requeue', 'pause', 'cancel']) {
        const res = await customer.post(`/panel/jobs/${check}/${action}`);
        expect(res.statusCode, action).toBe(303);
        const page = await customer.page(`/panel/jobs/${check}`);
        expect(page.props.flash.error, action).toMatch(PERSIAN);
        expect(await statusOf(check)).toBe('canceled');
      }
      expect((await customer.post(`/panel/jobs/${check}/explode`)).statusCode).toBe(404);
    });

    it('serves the last frame and every frame as one zip from the drive', async () => {
      const check = await checked();
      await submit(check);
      await renderAll();
      const page = await customer.page(`/panel/jobs/${check}`);
      expect(page.props.job).toMatchObject({ status: 'completed', progress: { done: 6, total: 6 } });
      expect(page.props.last_frame).toEqual({
        name: 'frame_0006.png',
        url: `/panel/jobs/${check}/frames/frame_0006.png`,
      });
      expect(page.props.output_url).toBe(
        `/panel/drives/${driveUuid}?path=${encodeURIComponent(`renders/${check}`)}`,
      );
      const frame = await customer.request('GET', page.props.last_frame.url);
      expect(frame.statusCode).toBe(200);
      expect(frame.headers['content-type']).toBe('image/png');
      expect(frame.rawPayload.equals(frameBytes(6))).toBe(true);
      expect((await customer.request('GET', `/panel/jobs/${check}/frames/..%2Fshot.blend`)).statusCode).toBe(
        404,
      );

      const zip = await customer.request('GET', page.props.download_url);
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
      expect(String(zip.headers['content-disposition'])).toContain('attachment;');
      const entries = await unzip(zip.rawPayload);
      expect([...entries.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6].map((f) => `frame_000${f}.png`));
      for (const f of [1, 2, 3, 4, 5, 6])
        expect(entries.get(`frame_000${f}.png`)!.equals(frameBytes(f))).toBe(true);
    });

    it('says so when there are no frames to download yet', async () => {
      const check = await checked();
      await submit(check);
      const res = await customer.request('GET', `/panel/jobs/${check}/download`);
      // Back to the page (a GET's back is a plain redirect), with the reason.
      expect(res.statusCode).toBe(302);
      const page = await customer.page(`/panel/jobs/${check}`);
      expect(page.props.flash.error).toContain('هنوز فریمی');
    });
  });
});
