import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NodeLogger, type RenderNode, startRenderNode } from '../src/index';
import {
  BLENDER,
  hasBlender,
  isRunning,
  makeTestScenes,
  pngSize,
  skipWithoutBlender,
  type TestScenes,
} from './blender-scenes';
import { FakeManager } from './fake-manager';

// Real Blender against a test double of the manager: every render here is a 64×48 frame at 4
// samples (the cancel test's one is made slow on purpose and killed).
let dir: string;
let scenes: TestScenes;
let manager: FakeManager;
let node: RenderNode;
const logged: string[] = [];
const logger: NodeLogger = {
  info: (message, fields) => logged.push(`info ${message} ${JSON.stringify(fields ?? {})}`),
  warn: (message, fields) => logged.push(`warn ${message} ${JSON.stringify(fields ?? {})}`),
  error: (message, fields) => logged.push(`error ${message} ${JSON.stringify(fields ?? {})}`),
};
const savedUserConfig = process.env.BLENDER_USER_CONFIG;

beforeAll(async () => {
  if (skipWithoutBlender) return;
  expect(hasBlender, "Blender is required in CI (.ci/run installs Debian's blender)").toBe(true);
  dir = await mkdtemp(join(tmpdir(), 'rf-render-node-'));
  scenes = await makeTestScenes(join(dir, 'scenes'));
  // Blender on this node reads preferences that allow scene scripts: only the command line stops them.
  process.env.BLENDER_USER_CONFIG = scenes.trustingConfig;
  manager = await new FakeManager().start();
  node = await startRenderNode({
    managerUrl: manager.url,
    nodeToken: manager.nodeToken,
    name: 'test-node',
    blenderPath: BLENDER,
    workDir: join(dir, 'work'),
    threads: 1,
    claimWaitSeconds: 2,
    progressIntervalMs: 400,
    logger,
  });
});

afterAll(async () => {
  await node?.stop();
  await manager?.close();
  if (savedUserConfig === undefined) delete process.env.BLENDER_USER_CONFIG;
  else process.env.BLENDER_USER_CONFIG = savedUserConfig;
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(skipWithoutBlender)('a render node with real Blender', () => {
  it('checks a scene: its findings are the test scene, after a download cut in half and resumed', async () => {
    manager.cutSceneAfter = 100_000;
    const task = manager.addTask({ kind: 'check', scene: scenes.scene });
    await manager.waitFor(() => task.end);

    expect(task.end?.kind).toBe('complete');
    const body = task.end?.body as {
      render_seconds: number;
      log: string[];
      findings: Record<string, unknown>;
    };
    expect(body.findings).toMatchObject({
      blender_version: '3.4.1',
      engine: 'CYCLES',
      frame_start: 1,
      frame_end: 6,
      frame_step: 1,
      resolution_x: 64,
      resolution_y: 48,
      resolution_percentage: 100,
      cameras: ['Camera'],
      active_camera: 'Camera',
      output_format: 'PNG',
      samples: 4,
      denoise: { enabled: false, kind: null, available: false },
      missing_files: [],
      sample_frame: 1,
      sample_error: null,
    });
    expect(body.findings.sample_seconds).toBeGreaterThan(0);
    expect(body.render_seconds).toBeGreaterThan(0);
    expect(body.log.some((line) => line.startsWith('RENDERFARM_FINDINGS'))).toBe(true);

    const downloads = manager.calls.filter((call) => call.path.endsWith(`/tasks/${task.uuid}/scene`));
    // The second request asks for the rest, from what arrived of the first 100 000 bytes.
    expect(downloads).toHaveLength(2);
    expect(downloads[0]?.headers.range).toBeUndefined();
    const resumedFrom = Number(/^bytes=(\d+)-$/.exec(downloads[1]?.headers.range ?? '')?.[1]);
    expect(resumedFrom).toBeGreaterThan(0);
    expect(resumedFrom).toBeLessThanOrEqual(100_000);
    expect(downloads.every((call) => call.headers.authorization === `Bearer ${manager.nodeToken}`)).toBe(
      true,
    );
  });

  it('reports missing files and an unavailable denoiser in the findings', async () => {
    const missing = manager.addTask({ kind: 'check', scene: scenes.missingTexture });
    const denoise = manager.addTask({ kind: 'check', scene: scenes.denoise });
    await manager.waitFor(() => missing.end && denoise.end);
    expect(missing.end?.body.findings).toHaveProperty('missing_files', [
      { type: 'image', name: 'missing.png', path: '//textures/missing.png' },
    ]);
    // Timed without denoising, since this Blender cannot denoise.
    expect(denoise.end?.body.findings).toMatchObject({
      denoise: { enabled: true, kind: 'OPENIMAGEDENOISE', available: false },
      sample_error: null,
    });
  });

  it('renders frames 1-2: two PNGs of 64×48, each uploaded while Blender still runs', async () => {
    const aliveAtUpload: boolean[] = [];
    // 256 samples without adaptive stopping: the second frame takes long enough that the first
    // one's upload, sent as soon as Blender says it saved it, arrives while Blender works on.
    const task = manager.addTask({
      kind: 'render',
      scene: scenes.scene,
      frames: [1, 2],
      settings: { samples: 256 },
    });
    // Checked as each upload arrives, not by polling afterwards: a poll could come after the end.
    manager.onUpload = (uploaded) => {
      if (uploaded !== task) return;
      const pid = node.current()?.blenderPid;
      aliveAtUpload.push(pid !== undefined && isRunning(pid));
    };
    await manager.waitFor(() => task.end);
    manager.onUpload = null;

    expect(task.end?.kind).toBe('complete');
    expect([...task.uploads.keys()].sort()).toEqual(['frame_0001.png', 'frame_0002.png']);
    for (const bytes of task.uploads.values()) expect(pngSize(bytes)).toEqual({ width: 64, height: 48 });
    expect(aliveAtUpload[0]).toBe(true);
    expect(task.end?.body.render_seconds).toBeGreaterThan(0);
    const frames = task.progress.map((report) => report.frame).filter((frame) => frame !== undefined);
    expect(frames.length).toBeGreaterThan(0);
    const puts = manager.calls.filter((call) => call.method === 'PUT');
    expect(puts.every((call) => Number(call.headers['content-length']) > 0)).toBe(true);
  });

  it('kills Blender within seconds of a cancel and sends nothing more about the task', async () => {
    const task = manager.addTask({
      kind: 'render',
      scene: scenes.scene,
      frames: [1, 2, 3, 4, 5, 6],
      settings: { samples: 1_000_000 },
    });
    // Rendering: a progress report carries samples.
    await manager.waitFor(() => task.progress.some((report) => report.sample));
    const pid = node.current()?.blenderPid;
    expect(pid).toBeDefined();
    expect(isRunning(pid!)).toBe(true);

    const cancelledAt = performance.now();
    task.cancel = true;
    await waitUntil(() => !isRunning(pid!), 10_000);
    const seconds = (performance.now() - cancelledAt) / 1000;
    expect(seconds).toBeLessThan(5);
    await waitUntil(() => node.current() === null, 10_000);
    expect(task.end).toBeUndefined();
    expect(task.uploads.size).toBe(0);
  });

  it('never runs the scene’s Python, though the scene would run it where allowed', async () => {
    // The control: with these preferences and no flag, Blender runs the scene's script.
    await promisify(execFile)(BLENDER, ['-b', scenes.autorun], {
      env: { ...process.env, BLENDER_USER_CONFIG: scenes.trustingConfig },
    });
    expect(existsSync(scenes.marker)).toBe(true);
    await rm(scenes.marker);

    const task = manager.addTask({ kind: 'render', scene: scenes.autorun, frames: [1] });
    await manager.waitFor(() => task.end);
    expect(task.end?.kind).toBe('complete');
    expect(pngSize(task.uploads.get('frame_0001.png')!)).toEqual({ width: 64, height: 48 });
    expect(existsSync(scenes.marker)).toBe(false);
    expect(String(task.end?.body.log)).toContain('scripts disabled');
  });

  it('fails a scene with a missing texture, when that is made fatal, with the log and no frame', async () => {
    const task = manager.addTask({
      kind: 'render',
      scene: scenes.missingTexture,
      frames: [1],
      settings: { fail_on_missing: true },
    });
    await manager.waitFor(() => task.end);
    expect(task.end?.kind).toBe('fail');
    const body = task.end?.body as { reason: string; log: string[] };
    expect(body.reason).toContain('//textures/missing.png');
    expect(body.reason).toMatch(/پیدا نشد/);
    expect(body.log.join('\n')).toContain('RENDERFARM_MISSING_FILES');
    expect(task.uploads.size).toBe(0);
  });

  it('fails a corrupt scene with Blender’s words, naming the scene’s own file, not the node’s cache', async () => {
    const corrupt = join(dir, 'corrupt.blend');
    await writeFile(corrupt, Buffer.concat([Buffer.from('BLENDER-v304'), randomBytes(20_000)]));
    const task = manager.addTask({ kind: 'check', scene: corrupt });
    await manager.waitFor(() => task.end);
    expect(task.end?.kind).toBe('fail');
    const { reason } = task.end!.body as { reason: string };
    expect(reason).toMatch(/^بلندر صحنه را رندر نکرد: /);
    expect(reason).toContain("Failed to read blend file 'corrupt.blend'");
    expect(reason).not.toContain(dir);
  });

  it('never writes the node token into its log', () => {
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain(manager.nodeToken);
  });
});

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > until) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
