import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../paths';
import type { RunningServer } from '../../server';
import {
  BLENDER,
  demoCustomer,
  driveFiles,
  hasBlender,
  isRunning,
  makeTestScenes,
  noteSkip,
  pngSize,
  putDriveFile,
  skipWithoutBlender,
  startFarmServer,
  until,
} from '../../testing/render-farm';
import { walletTransactions } from '../billing/tables';
import { notifications } from '../notifications/tables';
import { type RenderJob, renderJobs, renderNodes, renderTaskAttempts, renderTasks } from './tables';

noteSkip('render nodes killed and scenes that fail, with real Blender');

const PERSIAN = /[\u0600-\u06FF]/;
/** Short, so a node killed with SIGKILL gives its task up within seconds. */
const LEASE_SECONDS = 5;

/** One `pnpm render-node` as a render machine runs it: its own process, set by the environment. */
interface NodeProcess {
  name: string;
  child: ChildProcess;
  output: () => string;
}

/** The process ids of Blender processes `parent` started (each leads a process group of its own). */
function blenderChildren(parent: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent && comm.startsWith('blender')) found.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}

/*
 * The manager is this test's app on a port (startServer, leases of 5 s); the render nodes are
 * `pnpm render-node` processes (node --import tsx packages/render-node/src/main.ts, enrolled with
 * an admin's one-time token), rendering with real Blender. One node is killed with SIGKILL in the
 * middle of a task, its Blender's process group with it, as a machine that loses power; scenes
 * that cannot render (a missing texture made fatal, a corrupt file) end their jobs failed.
 */
describe.skipIf(skipWithoutBlender)(
  'render nodes that die and scenes that fail',
  { timeout: 300_000 },
  () => {
    let dir: string;
    let server: RunningServer;
    let owner: { id: number; driveUuid: string };
    const nodes: NodeProcess[] = [];
    const db = () => server.database.db;
    const jobRow = async (uuid: string) =>
      (await db().select().from(renderJobs).where(eq(renderJobs.uuid, uuid)))[0]!;
    const renderLines = (job: RenderJob) =>
      db()
        .select()
        .from(walletTransactions)
        .where(and(eq(walletTransactions.reference, job.uuid), eq(walletTransactions.type, 'render')));
    const ended = (uuid: string, status: 'completed' | 'failed') =>
      until(`the job to be ${status}`, async () => {
        const job = await jobRow(uuid);
        if (job.status === status) return job;
        if (job.status === 'completed' || job.status === 'failed' || job.status === 'canceled') {
          throw new Error(`job ended ${job.status}: ${job.failureReason}`);
        }
        return undefined;
      });

    const startNode = async (name: string): Promise<NodeProcess> => {
      const { token } = await server.app.services.renderManager.issueEnrolmentToken();
      let output = '';
      const child = spawn(process.execPath, ['--import', 'tsx', 'packages/render-node/src/main.ts'], {
        cwd: ROOT_DIR,
        env: {
          ...process.env,
          RENDER_MANAGER_URL: server.url,
          RENDER_ENROLMENT_TOKEN: token,
          RENDER_NODE_TOKEN: '',
          RENDER_NODE_NAME: name,
          RENDER_WORK_DIR: join(dir, name),
          BLENDER_PATH: BLENDER,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      const node = { name, child, output: () => output };
      nodes.push(node);
      return node;
    };

    const check = async (path: string): Promise<RenderJob> =>
      server.app.services.render.checkScene({ id: owner.id }, { drive: owner.driveUuid, path });
    const checked = (uuid: string) =>
      until('the scene check', async () => {
        const job = await jobRow(uuid);
        if (job.status === 'failed') throw new Error(`check failed: ${job.failureReason}`);
        return job.findings ? job : undefined;
      });
    const submit = (job: RenderJob) =>
      server.app.services.render.submit({ id: owner.id }, job.uuid, {
        frames: '1-6',
        chunk: 2,
        format: 'PNG',
        resolution: 100,
        priority: 'standard',
      });

    beforeAll(async () => {
      expect(hasBlender, "Blender is required in CI (.ci/run installs Debian's blender)").toBe(true);
      dir = await mkdtemp(join(tmpdir(), 'rf-node-crash-'));
      const [scenes, running] = await Promise.all([
        makeTestScenes(join(dir, 'scenes')),
        startFarmServer(join(dir, 'storage'), {
          RENDER_LEASE_SECONDS: String(LEASE_SECONDS),
          RENDER_NODE_IN_PROCESS: 'false',
        }),
      ]);
      server = running;
      owner = await demoCustomer(db());
      await putDriveFile(server.app, owner, 'shot.blend', await readFile(scenes.scene));
      await putDriveFile(server.app, owner, 'broken.blend', await readFile(scenes.missingTexture));
      // Blender's magic bytes, so the manager's own check lets it through to a node, then noise.
      await putDriveFile(
        server.app,
        owner,
        'corrupt.blend',
        Buffer.concat([Buffer.from('BLENDER-v304'), randomBytes(40_000)]),
      );
      await startNode('node-a');
      await startNode('node-b');
      await until(
        'both nodes to enrol',
        async () => {
          const rows = await db().select().from(renderNodes);
          return rows.length === 2 && rows.every((r) => r.blenderVersion) ? rows : undefined;
        },
        120_000,
      );
    }, 240_000);

    afterAll(async () => {
      for (const node of nodes) {
        const pid = node.child.pid;
        if (node.child.exitCode === null && node.child.signalCode === null) {
          const exited = new Promise((resolve) => node.child.once('exit', resolve));
          node.child.kill('SIGTERM');
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        }
        if (pid) for (const blender of blenderChildren(pid)) process.kill(-blender, 'SIGKILL');
        node.child.kill('SIGKILL');
      }
      await server?.stop();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('fails the check of a corrupt file with a Persian reason, after both nodes tried it', async () => {
      const started = Date.now();
      const job = await check('corrupt.blend');
      const failed = await ended(job.uuid, 'failed');
      expect(failed.findings).toBeNull();
      expect(failed.failureReason).toMatch(PERSIAN);
      const [task] = await db().select().from(renderTasks).where(eq(renderTasks.jobId, failed.id));
      expect(task).toMatchObject({ kind: 'check', status: 'failed' });
      // The node's own reason, in Persian, heads the log kept for the page.
      expect(task!.logTail?.split('\n')[0]).toMatch(PERSIAN);
      const attempts = await db()
        .select()
        .from(renderTaskAttempts)
        .where(eq(renderTaskAttempts.taskId, task!.id));
      // A lease that ran out on a slow machine counts as a failure too; the nodes' own word is there.
      expect(attempts.every((a) => a.outcome === 'failed' || a.outcome === 'expired')).toBe(true);
      expect(attempts.some((a) => a.outcome === 'failed')).toBe(true);
      expect(new Set(attempts.map((a) => a.nodeId)).size).toBe(2);
      // Blender's words name the customer's file, not where a node cached it.
      const told = attempts.find((a) => a.outcome === 'failed')!.reason!;
      expect(told).toContain("'corrupt.blend'");
      expect(told).not.toMatch(/scenes\/|\/tmp\//);
      console.log(
        `corrupt scene: check failed after ${attempts.length} attempts in ${((Date.now() - started) / 1000).toFixed(1)} s; reason: ${attempts[0]!.reason}`,
      );
    });

    it('fails a job whose texture is missing, with the log, the owner told in Persian, nothing charged', async () => {
      const started = Date.now();
      const job = await check('broken.blend');
      const found = await checked(job.uuid);
      expect(found.findings?.missing_files).toEqual([expect.objectContaining({ type: 'image' })]);
      await submit(found);
      const failed = await ended(job.uuid, 'failed');
      const seconds = (Date.now() - started) / 1000;

      expect(failed.failureReason).toMatch(PERSIAN);
      expect(failed.cost).toBe(0);
      expect(await renderLines(failed)).toEqual([]);
      const tasks = await db()
        .select()
        .from(renderTasks)
        .where(and(eq(renderTasks.jobId, failed.id), eq(renderTasks.kind, 'render')));
      const failedTask = tasks.find((t) => t.status === 'failed');
      expect(failedTask?.logTail).toContain('RENDERFARM_MISSING_FILES');
      expect(tasks.every((t) => t.status === 'failed' || t.status === 'canceled')).toBe(true);
      // Two nodes, each kept off the job after its third failure: then no node is left to try.
      const attempts = await db()
        .select()
        .from(renderTaskAttempts)
        .where(eq(renderTaskAttempts.jobId, failed.id));
      const renderAttempts = attempts.filter((a) => tasks.some((t) => t.id === a.taskId));
      expect(renderAttempts.every((a) => a.outcome === 'failed' || a.outcome === 'expired')).toBe(true);
      expect(renderAttempts).toHaveLength(6);

      const told = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, owner.id), eq(notifications.event, 'render_job')));
      const notice = told.find((n) => n.url === `/panel/jobs/${failed.uuid}`);
      expect(notice?.title).toMatch(/ناموفق/);
      expect(notice?.body).toContain('هزینه‌ای از شما کم نشد');
      expect(notice?.body).toContain('آخرین خطوط گزارش Blender');
      expect(notice?.body).toContain('RENDERFARM_MISSING_FILES');
      console.log(
        `missing texture: check and ${renderAttempts.length} failed attempts in ${seconds.toFixed(1)} s; reason: ${renderAttempts[0]!.reason}`,
      );
    });

    it('renders a task again on the other node after one is killed with SIGKILL mid-task: each frame once, each task paid once', async () => {
      const job = await check('shot.blend');
      await checked(job.uuid);
      const submittedAt = Date.now();
      await submit(job);

      // The first render task whose node has Blender running: that node loses power.
      const victim = await until('a node with Blender running on a task', async () => {
        const active = await db()
          .select({ task: renderTasks, node: renderNodes })
          .from(renderTasks)
          .innerJoin(renderNodes, eq(renderNodes.id, renderTasks.nodeId))
          .where(and(eq(renderTasks.jobId, job.id), eq(renderTasks.status, 'active')));
        for (const { task, node } of active) {
          const proc = nodes.find((n) => n.name === node.name)!;
          const blender = blenderChildren(proc.child.pid!);
          if (blender.length > 0) return { task, node, proc, blender };
        }
        return undefined;
      });
      const killedAt = Date.now();
      victim.proc.child.kill('SIGKILL');
      for (const pid of victim.blender) process.kill(-pid, 'SIGKILL');
      await until('Blender to die with its node', async () =>
        victim.blender.every((pid) => !isRunning(pid)) ? true : undefined,
      );

      const done = await ended(job.uuid, 'completed');
      const [again] = await db().select().from(renderTasks).where(eq(renderTasks.id, victim.task.id));
      const recovery = (again!.finishedAt!.getTime() - killedAt) / 1000;
      const survivor = (await db().select().from(renderNodes)).find((n) => n.id !== victim.node.id)!;
      expect(again).toMatchObject({ status: 'completed', nodeId: survivor.id });
      const attempts = await db()
        .select()
        .from(renderTaskAttempts)
        .where(eq(renderTaskAttempts.taskId, victim.task.id))
        .orderBy(renderTaskAttempts.id);
      expect(attempts.map((a) => [a.nodeId, a.outcome])).toEqual([
        [victim.node.id, 'expired'],
        [survivor.id, 'completed'],
      ]);
      // Not before its lease ran out.
      expect(recovery).toBeGreaterThan(LEASE_SECONDS - 1);

      const files = await driveFiles(server.app, owner, `renders/${done.uuid}`);
      expect(files.map((f) => f.name).sort()).toEqual([1, 2, 3, 4, 5, 6].map((f) => `frame_000${f}.png`));
      for (const file of files) expect(pngSize(file.bytes), file.name).toEqual({ width: 64, height: 48 });

      const tasks = await db()
        .select()
        .from(renderTasks)
        .where(and(eq(renderTasks.jobId, done.id), eq(renderTasks.kind, 'render')));
      const lines = await renderLines(done);
      expect(lines.map((l) => l.idempotencyKey).sort()).toEqual(tasks.map((t) => `render:${t.uuid}`).sort());
      expect(-lines.reduce((sum, l) => sum + l.amount, 0)).toBe(done.cost);
      console.log(
        `kill -9: task ${victim.task.frameStart}–${victim.task.frameEnd} rendered again ${recovery.toFixed(1)} s after the kill (lease ${LEASE_SECONDS} s); job done ${((Date.now() - submittedAt) / 1000).toFixed(1)} s after submit`,
      );
    });
  },
);
