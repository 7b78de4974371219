import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../paths';
import type { RunningServer } from '../../server';
import {
  BLENDER,
  demoCustomer,
  driveFiles,
  makeTestScenes,
  noteSkip,
  pngSize,
  skipWithoutBlender,
  startFarmServer,
} from '../../testing/render-farm';
import { users } from '../users/tables';
import { BLENDER_ADDON_DIR } from './blender-addon';
import { renderJobs } from './tables';

noteSkip('the Blender add-on submitting to the farm');

interface SubmitResult {
  error?: string;
  account: { email: string; balance: number };
  drives: { uuid: string; name: string }[];
  settings: Record<string, unknown>;
  check: {
    id: string;
    status: string;
    findings: Record<string, unknown>;
    path: string;
    drive: string;
    estimate: { estimate: number; low: number; high: number; frames: number; tasks: number };
  };
  missing: unknown[];
  job: { uuid: string; status: string };
  repeat: { uuid: string };
  paused: string;
  resumed: string;
  seen: { uuid: string; status: string; tasks: { frames: { done: number; total: number } } };
  job_view: {
    uuid: string;
    status: string;
    cost: number;
    output_path: string;
    estimate: { estimate: number; low: number; high: number };
  };
  files: unknown;
}

/*
 * The add-on as an artist uses it (integrations/blender): Blender opens the render node's test
 * scene with the add-on loaded from the repository, is pointed at the app with a real API token,
 * and its own buttons pack, upload (tus), check, submit and follow the job, which the app's
 * in-process render node renders with real Blender into the customer's drive.
 */
describe.skipIf(skipWithoutBlender)(
  'the Blender add-on submits a scene to the farm',
  { timeout: 600_000 },
  () => {
    let dir: string;
    let server: RunningServer;
    let result: SubmitResult;
    let stdout = '';
    /** The customer's balance before Blender started: the usage tick charges the demo machines meanwhile. */
    let balanceBefore = 0;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'rf-addon-submit-'));
      const [scenes, running] = await Promise.all([
        makeTestScenes(join(dir, 'scenes')),
        startFarmServer(join(dir, 'storage'), { RENDER_NODE_IN_PROCESS: 'true', BLENDER_PATH: BLENDER }),
      ]);
      server = running;
      expect(await server.renderNode?.started, 'the in-process render node started').toBeTruthy();
      const owner = await demoCustomer(server.database.db);
      const { plainText } = await server.app.services.apiTokens.create(owner.id, {
        name: 'Blender',
        abilities: ['read', 'create', 'update'],
      });
      await mkdir(join(dir, 'user/addons'), { recursive: true });
      await mkdir(join(dir, 'work'));
      await symlink(BLENDER_ADDON_DIR, join(dir, 'user/addons/renderfarm_submit'));
      balanceBefore = (await balanceOf(server)) ?? 0;
      const out = join(dir, 'result.json');
      const script = join(ROOT_DIR, 'integrations/blender/tests/submit_scene.py');
      try {
        ({ stdout } = await promisify(execFile)(
          BLENDER,
          [
            '-b',
            scenes.scene,
            '--python-exit-code',
            '1',
            '--python',
            script,
            '--',
            server.url,
            plainText,
            out,
          ],
          {
            env: { ...process.env, BLENDER_USER_SCRIPTS: join(dir, 'user'), TMPDIR: join(dir, 'work') },
            maxBuffer: 16 * 1024 * 1024,
          },
        ));
      } catch (error) {
        stdout = String((error as { stdout?: string }).stdout ?? error);
      }
      result = JSON.parse(await readFile(out, 'utf8').catch(() => '{"error":"no result written"}'));
    }, 600_000);

    afterAll(async () => {
      await server?.stop();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('runs in Blender without an error', () => {
      expect(result.error, stdout.slice(-4000)).toBeUndefined();
    });

    it('tests the connection: the token’s account and balance, and its drives', async () => {
      expect(result.account.email).toBe('customer@renderfarm.test');
      // Read while Blender ran: between the balance before it and the balance now.
      expect(result.account.balance).toBeLessThanOrEqual(balanceBefore);
      expect(result.account.balance).toBeGreaterThanOrEqual((await balanceOf(server))!);
      expect(result.drives.length).toBeGreaterThan(0);
    });

    it('uploads the packed scene into the drive and shows the check’s findings', () => {
      expect(result.missing).toEqual([]);
      expect(result.check.path).toMatch(/^scene-\d{8}-\d{6}\.blend$/);
      expect(result.check.findings).toMatchObject({
        resolution_x: 64,
        resolution_y: 48,
        frame_start: 1,
        frame_end: 6,
        missing_files: [],
      });
      // Check and Estimate: the server's quote for the panel's settings, before anything is queued.
      expect(result.check.estimate).toMatchObject({ frames: 6, tasks: 3 });
      expect(result.check.estimate.estimate).toBeGreaterThan(0);
      expect(result.settings).toEqual({
        frames: '1-6',
        chunk: 2,
        format: 'PNG',
        resolution: 100,
        priority: 'standard',
      });
    });

    it('submits once (the same idempotency key gives back the same job) and sees it completed', async () => {
      expect(result.repeat.uuid).toBe(result.job.uuid);
      expect(result.paused).toBe('paused');
      expect(['queued', 'active']).toContain(result.resumed);
      const rows = await server.database.db
        .select()
        .from(renderJobs)
        .where(eq(renderJobs.uuid, result.job.uuid));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'completed', frames: '1-6', chunk: 2 });
      expect(result.seen).toMatchObject({ status: 'completed', tasks: { frames: { done: 6, total: 6 } } });
      expect(result.job_view).toMatchObject({
        status: 'completed',
        output_path: `renders/${result.job.uuid}`,
      });
      expect(result.job_view.cost).toBe(rows[0]!.cost);
      // The job was priced as the add-on's estimate said.
      expect(result.job_view.estimate).toMatchObject({
        estimate: result.check.estimate.estimate,
        low: result.check.estimate.low,
        high: result.check.estimate.high,
      });
    });

    it('finds the six frames in the drive, as the API lists them and as stored', async () => {
      const drive = result.check.drive;
      const listed = JSON.stringify(result.files);
      for (let frame = 1; frame <= 6; frame++) expect(listed).toContain(`frame_000${frame}.png`);
      const owner = await demoCustomer(server.database.db);
      const files = await driveFiles(
        server.app,
        { id: owner.id, driveUuid: drive },
        `renders/${result.job.uuid}`,
      );
      expect(files.map((f) => f.name).sort()).toEqual([1, 2, 3, 4, 5, 6].map((f) => `frame_000${f}.png`));
      for (const file of files) expect(pngSize(file.bytes), file.name).toEqual({ width: 64, height: 48 });
    });
  },
);

async function balanceOf(server: RunningServer): Promise<number | undefined> {
  const [user] = await server.database.db
    .select()
    .from(users)
    .where(eq(users.email, 'customer@renderfarm.test'));
  return user?.balance;
}
