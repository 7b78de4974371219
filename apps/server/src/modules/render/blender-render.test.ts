import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NodeLogger, type RenderNode, startRenderNode } from '@renderfarm/render-node';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_FILE } from '../../in-process-node';
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
import { renderJobs, renderNodes, renderTaskAttempts, renderTasks } from './tables';

noteSkip('render jobs with real Blender');

/*
 * The farm as a newcomer's `pnpm start` runs it (issue 26): the app on a port with its in-process
 * render node (enrolled by the app itself), and a second node started as a render machine would
 * (an admin's enrolment token over HTTP), both rendering with real Blender. The scene is the
 * render node's 64×48 test scene at 4 samples, made by Blender itself.
 */
describe.skipIf(skipWithoutBlender)('render jobs with real Blender', { timeout: 240_000 }, () => {
  let dir: string;
  let server: RunningServer;
  let embedded: RenderNode;
  let second: RenderNode | undefined;
  let owner: { id: number; driveUuid: string };
  const logged: string[] = [];
  const logger: NodeLogger = {
    info: (message, fields) => logged.push(`info ${message} ${JSON.stringify(fields ?? {})}`),
    warn: (message, fields) => logged.push(`warn ${message} ${JSON.stringify(fields ?? {})}`),
    error: (message, fields) => logged.push(`error ${message} ${JSON.stringify(fields ?? {})}`),
  };
  const db = () => server.database.db;
  const jobRow = async (uuid: string) =>
    (await db().select().from(renderJobs).where(eq(renderJobs.uuid, uuid)))[0]!;

  beforeAll(async () => {
    expect(hasBlender, "Blender is required in CI (.ci/run installs Debian's blender)").toBe(true);
    dir = await mkdtemp(join(tmpdir(), 'rf-blender-render-'));
    const [scenes, running] = await Promise.all([
      makeTestScenes(join(dir, 'scenes')),
      startFarmServer(join(dir, 'storage'), { RENDER_NODE_IN_PROCESS: 'true', BLENDER_PATH: BLENDER }),
    ]);
    server = running;
    const node = await server.renderNode?.started;
    expect(node, 'the in-process render node started').toBeTruthy();
    embedded = node!;
    const { token } = await server.app.services.renderManager.issueEnrolmentToken();
    second = await startRenderNode({
      managerUrl: server.url,
      enrolmentToken: token,
      name: 'second-node',
      blenderPath: BLENDER,
      workDir: join(dir, 'second-node'),
      claimWaitSeconds: 10,
      logger,
    });
    owner = await demoCustomer(db());
    await putDriveFile(server.app, owner, 'shot.blend', await readFile(scenes.scene));
  }, 180_000);

  // Stopping waits for each node's task in hand to be handed back and for the app's server (its
  // in-process node, worker and open connections) to close: over a minute on a loaded machine.
  afterAll(async () => {
    await second?.stop();
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 180_000);

  it('runs a node inside the app, enrolled by the app itself and kept by its uuid', async () => {
    const nodes = await db().select().from(renderNodes).orderBy(renderNodes.id);
    expect(nodes).toHaveLength(2);
    const saved = JSON.parse(readFileSync(join(dir, 'storage/render-node', IDENTITY_FILE), 'utf8'));
    expect(saved).toEqual({ uuid: nodes[0]!.uuid });
    expect(nodes[0]!.name).toContain('(in the app)');
    expect(nodes[1]!.name).toBe('second-node');
    // The node's first heartbeat tells the manager its Blender.
    await until('the in-process node’s Blender version', async () => {
      const [row] = await db().select().from(renderNodes).where(eq(renderNodes.id, nodes[0]!.id));
      return row?.blenderVersion ? row.blenderVersion : undefined;
    });
    expect(embedded.blenderVersion).toMatch(/^\d+\.\d+/);
  });

  it('checks the scene, renders frames 1–6 in chunks of 2 on both nodes into the drive, one ledger line a task', async () => {
    const render = server.app.services.render;
    const checkStarted = Date.now();
    const check = await render.checkScene({ id: owner.id }, { drive: owner.driveUuid, path: 'shot.blend' });
    const checked = await until('the scene check', async () => {
      const job = await jobRow(check.uuid);
      if (job.status === 'failed') throw new Error(`check failed: ${job.failureReason}`);
      return job.findings ? job : undefined;
    });
    const checkSeconds = (Date.now() - checkStarted) / 1000;
    expect(checked.findings).toMatchObject({
      engine: 'CYCLES',
      resolution_x: 64,
      resolution_y: 48,
      frame_start: 1,
      frame_end: 6,
      missing_files: [],
    });
    expect(checked.frameSeconds).toBeGreaterThan(0);

    const submitted = Date.now();
    await render.submit({ id: owner.id }, check.uuid, {
      frames: '1-6',
      chunk: 2,
      format: 'PNG',
      resolution: 100,
      priority: 'standard',
    });
    const done = await until('the job to complete', async () => {
      const job = await jobRow(check.uuid);
      if (job.status === 'failed') throw new Error(`job failed: ${job.failureReason}`);
      return job.status === 'completed' ? job : undefined;
    });
    const jobSeconds = (Date.now() - submitted) / 1000;

    const tasks = await db()
      .select()
      .from(renderTasks)
      .where(and(eq(renderTasks.jobId, done.id), eq(renderTasks.kind, 'render')))
      .orderBy(renderTasks.frameStart);
    expect(tasks.map((t) => [t.frameStart, t.frameEnd, t.status])).toEqual([
      [1, 2, 'completed'],
      [3, 4, 'completed'],
      [5, 6, 'completed'],
    ]);
    // Both nodes were waiting when the tasks were queued: each took some.
    expect(new Set(tasks.map((t) => t.nodeId)).size).toBe(2);

    const files = await driveFiles(server.app, owner, `renders/${done.uuid}`);
    expect(files.map((f) => f.name).sort()).toEqual([1, 2, 3, 4, 5, 6].map((f) => `frame_000${f}.png`));
    for (const file of files) expect(pngSize(file.bytes), file.name).toEqual({ width: 64, height: 48 });

    const lines = await db()
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.reference, done.uuid), eq(walletTransactions.type, 'render')));
    expect(lines.map((l) => l.idempotencyKey).sort()).toEqual(tasks.map((t) => `render:${t.uuid}`).sort());
    expect(lines.every((l) => l.amount < 0)).toBe(true);
    expect(-lines.reduce((sum, l) => sum + l.amount, 0)).toBe(done.cost);
    expect(done.cost).toBe(tasks.reduce((sum, t) => sum + (t.cost ?? 0), 0));
    console.log(
      `real Blender: check ${checkSeconds.toFixed(1)} s; frames 1–6 in 3 tasks on 2 nodes ${jobSeconds.toFixed(1)} s; ` +
        `render seconds per task ${tasks.map((t) => t.renderSeconds?.toFixed(2)).join(', ')}; cost ${done.cost} Rial`,
    );
  });

  it('speaks the API as the Blender add-on does: tus upload with a token, check, submit, frames and ledger by the job', async () => {
    const { plainText: token } = await server.app.services.apiTokens.create(owner.id, {
      name: 'blender add-on',
      abilities: ['read', 'create', 'update'],
    });
    const call = async (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const res = await fetch(new URL(path, server.url), {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (res.status === 204 ? null : await res.json()) as { data: Record<string, any> };
      return { status: res.status, headers: res.headers, json };
    };
    const scene = await readFile(join(dir, 'scenes/scene.blend'));
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const created = await fetch(new URL(`/api/v1/drives/${owner.driveUuid}/uploads`, server.url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(scene.length),
        'upload-metadata': `filename ${b64('api-shot.blend')},folder ${b64('')}`,
      },
    });
    expect(created.status).toBe(201);
    // Every answer's body is read: an unread one keeps its connection busy and the server's stop waiting.
    await created.arrayBuffer();
    const sent = await fetch(new URL(created.headers.get('location')!, server.url), {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: scene,
    });
    expect(sent.status).toBe(204);
    await sent.arrayBuffer();

    const started = await call('POST', '/api/v1/jobs/check', {
      drive: owner.driveUuid,
      path: 'api-shot.blend',
    });
    expect(started.status).toBe(202);
    const check = await until('the scene check over the API', async () => {
      const { json } = await call('GET', `/api/v1/jobs/checks/${started.json.data.id}`);
      if (json.data.status === 'failed') throw new Error(`check failed: ${json.data.failure_reason}`);
      return json.data.status === 'done' ? json.data : undefined;
    });
    expect(check.findings).toMatchObject({
      resolution_x: 64,
      resolution_y: 48,
      frame_start: 1,
      frame_end: 6,
    });

    const submitted = await call(
      'POST',
      '/api/v1/jobs',
      { check: check.id, frames: '1-2', chunk: 2, format: 'PNG', resolution: 100, priority: 'standard' },
      { 'idempotency-key': `add-on-${check.id}` },
    );
    expect(submitted.status).toBe(201);
    expect(submitted.json.data.estimate.estimate).toBeGreaterThan(0);
    const done = await until('the job over the API', async () => {
      const { json } = await call('GET', `/api/v1/jobs/${check.id}`);
      if (json.data.status === 'failed') throw new Error(`job failed: ${json.data.failure_reason}`);
      return json.data.status === 'completed' ? json.data : undefined;
    });
    expect(done.tasks).toMatchObject({ total: 1, completed: 1, frames: { done: 2, total: 2 } });

    const folder = await call('GET', `/api/v1/drives/${owner.driveUuid}/files?path=${done.output_path}`);
    expect(folder.json.data.map((f: { name: string }) => f.name)).toEqual([
      'frame_0001.png',
      'frame_0002.png',
    ]);
    const link = await call('POST', `/api/v1/drives/${owner.driveUuid}/files/link`, {
      path: `${done.output_path}/frame_0001.png`,
    });
    const frame = Buffer.from(
      await (await fetch(link.json.data.url.replace(/^https?:\/\/[^/]+/, server.url))).arrayBuffer(),
    );
    expect(pngSize(frame)).toEqual({ width: 64, height: 48 });
    const items = await call('GET', '/api/v1/items?type=render&per_page=100');
    const lines = items.json.data.filter((l: { reference: string }) => l.reference === done.uuid);
    expect(lines).toHaveLength(1);
    expect(-lines[0].amount).toBe(done.cost);
  });

  it('hands its task back when the app stops it: Blender killed, the task queued again, nothing counted', async () => {
    await second!.stop();
    const [self] = await db().select().from(renderNodes).orderBy(renderNodes.id).limit(1);
    const check = await server.app.services.render.checkScene(
      { id: owner.id },
      { drive: owner.driveUuid, path: 'shot.blend' },
    );
    const pid = await until('Blender to run the check in the in-process node', async () => {
      const current = embedded.current();
      return current?.kind === 'check' && current.blenderPid ? current.blenderPid : undefined;
    });
    await server.renderNode!.stop();
    expect(isRunning(pid), 'Blender is gone').toBe(false);
    const [task] = await db()
      .select()
      .from(renderTasks)
      .where(eq(renderTasks.jobId, (await jobRow(check.uuid)).id));
    expect(task).toMatchObject({ status: 'queued', nodeId: null });
    const attempts = await db()
      .select()
      .from(renderTaskAttempts)
      .where(eq(renderTaskAttempts.taskId, task!.id));
    expect(attempts.map((a) => [a.nodeId, a.outcome])).toEqual([[self!.id, 'released']]);
  });
});
