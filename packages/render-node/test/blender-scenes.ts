import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { scriptPath } from '../src/blender-command';

export const BLENDER = process.env.BLENDER_PATH ?? 'blender';

/** Blender answers here. Without it these tests skip with a note, except in CI (.ci/run installs it). */
export const hasBlender = spawnSync(BLENDER, ['--version']).error === undefined;
export const skipWithoutBlender = !hasBlender && !process.env.CI;
if (skipWithoutBlender) {
  console.warn(
    `render-node tests: Blender not found (${BLENDER}), so the tests that render are skipped; install Debian's blender package or set BLENDER_PATH to run them.`,
  );
}

export interface TestScenes {
  dir: string;
  scene: string;
  autorun: string;
  missingTexture: string;
  denoise: string;
  /** The file autorun.blend's registered script writes when scene Python runs. */
  marker: string;
  /** A BLENDER_USER_CONFIG whose preferences allow Python auto-run, as a careless machine's would. */
  trustingConfig: string;
}

/** Makes the tiny test scenes with Blender itself (blender/make_test_scene.py). */
export async function makeTestScenes(dir: string): Promise<TestScenes> {
  const trustingConfig = join(dir, 'trusting-config');
  await mkdir(trustingConfig, { recursive: true });
  const marker = join(dir, 'autorun-marker.txt');
  await promisify(execFile)(
    BLENDER,
    [
      '-b',
      '--factory-startup',
      '-Y',
      '--python',
      scriptPath('make_test_scene.py'),
      '--',
      dir,
      marker,
      '--save-trusting-preferences',
    ],
    { env: { ...process.env, BLENDER_USER_CONFIG: trustingConfig } },
  );
  return {
    dir,
    scene: join(dir, 'scene.blend'),
    autorun: join(dir, 'autorun.blend'),
    missingTexture: join(dir, 'missing_texture.blend'),
    denoise: join(dir, 'denoise.blend'),
    marker,
    trustingConfig,
  };
}

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature). */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature)) throw new Error('not a PNG');
  if (bytes.toString('ascii', 12, 16) !== 'IHDR') throw new Error('PNG without IHDR first');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Alive and not a zombie (a killed child nobody reaped yet still answers kill(pid, 0)). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
