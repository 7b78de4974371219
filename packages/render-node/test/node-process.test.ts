import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFile } from '../src/token';
import {
  BLENDER,
  hasBlender,
  isRunning,
  makeTestScenes,
  skipWithoutBlender,
  type TestScenes,
} from './blender-scenes';
import { FakeManager } from './fake-manager';

// The node as a render machine runs it: its own process, set by the environment, enrolled with a
// one-time token on its first start, stopped with SIGTERM in the middle of a render.
const ROOT = join(import.meta.dirname, '../../..');
let dir: string;
let scenes: TestScenes;
let manager: FakeManager;
let child: ChildProcess | undefined;
let output = '';

beforeAll(async () => {
  if (skipWithoutBlender) return;
  expect(hasBlender, "Blender is required in CI (.ci/run installs Debian's blender)").toBe(true);
  dir = await mkdtemp(join(tmpdir(), 'rf-render-node-process-'));
  scenes = await makeTestScenes(join(dir, 'scenes'));
  manager = await new FakeManager().start();
});

afterAll(async () => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  await manager?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(skipWithoutBlender)('pnpm render-node as a process', () => {
  it('enrols once, keeps its token to itself, and on SIGTERM kills Blender and releases the task', async () => {
    const workDir = join(dir, 'work');
    // pnpm passes SIGTERM on to the node process (the root script execs it, no shell between).
    child = spawn('pnpm', ['render-node'], {
      cwd: ROOT,
      env: {
        ...process.env,
        RENDER_MANAGER_URL: manager.url,
        RENDER_ENROLMENT_TOKEN: manager.enrolmentToken,
        RENDER_NODE_TOKEN: '',
        RENDER_NODE_NAME: 'render-01',
        RENDER_WORK_DIR: workDir,
        BLENDER_PATH: BLENDER,
        RENDER_THREADS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    const exited = new Promise<number | null>((resolve) => child?.on('exit', (code) => resolve(code)));

    // A render that would take minutes: 6 frames at a million samples.
    const task = manager.addTask({
      kind: 'render',
      scene: scenes.scene,
      frames: [1, 2, 3, 4, 5, 6],
      settings: { samples: 1_000_000 },
    });
    await manager.waitFor(() => task.progress.some((report) => report.sample), 90_000);
    expect(manager.enrolled).toBe(true);
    const pid = Number(/blender started .*pid=(\d+)/.exec(output)?.[1]);
    expect(isRunning(pid)).toBe(true);

    const signalledAt = performance.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect((performance.now() - signalledAt) / 1000).toBeLessThan(10);
    expect(isRunning(pid)).toBe(false);
    expect(task.end?.kind).toBe('release');
    expect(task.uploads.size).toBe(0);

    // The token the enrolment gave: saved for the next start, readable by the node's user alone,
    // sent on every call, and nowhere in what the node printed.
    const saved = JSON.parse(await readFile(tokenFile(workDir), 'utf8')) as { token: string };
    expect(saved.token).toBe(manager.nodeToken);
    expect(statSync(tokenFile(workDir)).mode & 0o777).toBe(0o600);
    expect(manager.calls.filter((call) => call.path.endsWith('/claim')).length).toBeGreaterThan(0);
    expect(output).not.toContain(manager.nodeToken);
    expect(output).not.toContain(manager.enrolmentToken);
    expect(existsSync(join(workDir, 'tasks', task.uuid))).toBe(false);
  });
});
