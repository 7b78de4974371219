import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { drives } from '../modules/drives/tables';
import { users } from '../modules/users/tables';
import { ROOT_DIR } from '../paths';
import { type RunningServer, startServer } from '../server';
import { migratedPgliteTemplateFile } from './migrated-template';

/*
 * For the tests that render with real Blender against the real app (tests only): Blender's
 * presence, the tiny test scenes (made by Blender itself), the app on a port, and the files of a
 * drive.
 */

export const BLENDER = process.env.BLENDER_PATH || 'blender';
/** Blender answers here. Without it these tests skip with a note, except in CI (.ci/run installs it). */
export const hasBlender = spawnSync(BLENDER, ['--version']).error === undefined;
export const skipWithoutBlender = !hasBlender && !process.env.CI;

export function noteSkip(what: string): void {
  if (skipWithoutBlender) {
    console.warn(
      `${what}: Blender not found (${BLENDER}), so these tests are skipped; install Debian's blender package or set BLENDER_PATH to run them.`,
    );
  }
}

export const RENDER_NODE_DIR = join(ROOT_DIR, 'packages/render-node');

export interface TestScenes {
  /** A cube, a camera and a light: 64×48, Cycles, 4 samples, frames 1–6, PNG. */
  scene: string;
  /** The same with a texture file that is not there. */
  missingTexture: string;
}

/** The render node's test scenes (packages/render-node/blender/make_test_scene.py) in `dir`. */
export async function makeTestScenes(dir: string): Promise<TestScenes> {
  mkdirSync(dir, { recursive: true });
  await promisify(execFile)(BLENDER, [
    '-b',
    '--factory-startup',
    '-Y',
    '--python',
    join(RENDER_NODE_DIR, 'blender/make_test_scene.py'),
    '--',
    dir,
  ]);
  return { scene: join(dir, 'scene.blend'), missingTexture: join(dir, 'missing_texture.blend') };
}

/**
 * The app as `pnpm start` runs it (startServer: a real port, its realtime server and its job
 * worker), on a fresh PGlite database under `storageDir` unpacked from the migrated template (as
 * tests/support/server-process.ts does), seeded with the demo data.
 */
export async function startFarmServer(
  storageDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  const dataDir = join(storageDir, 'db');
  mkdirSync(dataDir, { recursive: true });
  execFileSync('tar', ['-xf', await migratedPgliteTemplateFile(), '-C', dataDir], { stdio: 'pipe' });
  return startServer(
    loadConfig({
      NODE_ENV: 'test',
      CAPTCHA_PROVIDER: 'none',
      HOST: '127.0.0.1',
      PORT: '0',
      REVERB_PORT: '0',
      STORAGE_DIR: storageDir,
      APP_KEY: `base64:${randomBytes(32).toString('base64')}`,
      INSTANCE_SIMULATED_LATENCY_MS: '0',
      // No page is drawn here: the app need not read the built web app's manifest.
      VITE_DEV_SERVER: 'http://127.0.0.1:5173',
      ...env,
    }),
  );
}

/** The demo customer and their first drive. */
export async function demoCustomer(db: Database): Promise<{ id: number; driveUuid: string }> {
  const [user] = await db.select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
  const [drive] = await db.select().from(drives).where(eq(drives.userId, user!.id)).orderBy(drives.id);
  return { id: user!.id, driveUuid: drive!.uuid };
}

/** Puts a file at the drive's top level the way a finished upload does (reserve, store, finish). */
export async function putDriveFile(
  app: FastifyInstance,
  owner: { id: number; driveUuid: string },
  name: string,
  bytes: Buffer,
): Promise<void> {
  const id = randomBytes(16).toString('hex');
  const { objectKey } = await app.services.drives.reserveUpload(owner.id, owner.driveUuid, {
    id,
    parent: '',
    name,
    length: bytes.length,
    replace: true,
  });
  await app.services.storage.put(objectKey, bytes);
  await app.services.drives.finishUpload(id, {
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    objectKey,
  });
}

/** Every file of one folder of a drive, with its bytes as stored. */
export async function driveFiles(
  app: FastifyInstance,
  owner: { id: number; driveUuid: string },
  folder: string,
): Promise<{ name: string; bytes: Buffer }[]> {
  const { files } = await app.services.drives.browse(owner.id, owner.driveUuid, folder);
  return Promise.all(
    files.map(async (file) => {
      const { entry } = await app.services.drives.findFile(
        owner.id,
        owner.driveUuid,
        `${folder}/${file.name}`,
      );
      return { name: file.name, bytes: await buffer(await app.services.storage.get(entry.objectKey!)) };
    }),
  );
}

/** Width and height from a PNG's IHDR chunk, after its 8-byte signature (throws on anything else). */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature)) throw new Error('not a PNG');
  if (bytes.toString('ascii', 12, 16) !== 'IHDR') throw new Error('PNG without IHDR first');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Polls `probe` until it returns something other than undefined; fails naming `what` after `ms`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 150_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
