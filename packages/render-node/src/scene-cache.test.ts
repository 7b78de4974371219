import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SceneCache, SceneDownloadError, SceneHashError } from './scene-cache';

// A file server as the manager's scene URL is: Range answered with 206, the token checked, and a
// switch that drops the connection midway through the body.
const scene = randomBytes(300_000);
const sha256 = createHash('sha256').update(scene).digest('hex');
let served = scene;
let cutAfter: number | null = null;
const requests: IncomingMessage['headers'][] = [];
let server: Server;
let base: string;
let dir: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.headers);
    if (req.headers.authorization !== 'Bearer node-token') {
      res.writeHead(403).end('{"error":"signature"}');
      return;
    }
    const from = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1] ?? 0);
    const body = served.subarray(from);
    res.writeHead(req.headers.range ? 206 : 200, {
      'content-length': body.length,
      ...(req.headers.range
        ? { 'content-range': `bytes ${from}-${served.length - 1}/${served.length}` }
        : {}),
    });
    if (cutAfter !== null) {
      const cut = cutAfter;
      cutAfter = null;
      res.write(body.subarray(0, cut), () => res.destroy());
      return;
    }
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rf-scene-cache-'));
  requests.length = 0;
  served = scene;
  cutAfter = null;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const cacheIn = (folder: string, maxBytes = 10 * 1024 ** 2, token = 'node-token') =>
  new SceneCache(folder, maxBytes, () => ({ authorization: `Bearer ${token}` }));
const ref = { url: new URL('/scene?signature=s', 'http://x'), sha256, size: scene.length };
const at = () => ({ ...ref, url: new URL('/scene?signature=s', base) });

describe('the scene cache', () => {
  it('downloads a scene once, keeps it by its SHA-256 and reads it from disk the next time', async () => {
    const cache = cacheIn(dir);
    const path = await cache.get(at());
    expect(path).toBe(join(dir, `${sha256}.blend`));
    expect((await readFile(path)).equals(scene)).toBe(true);
    expect(await cache.get(at())).toBe(path);
    expect(requests).toHaveLength(1);
    expect(ref.url.host).toBe('x');
  });

  it('resumes a cut download from the bytes it has, with Range', async () => {
    cutAfter = 120_000;
    const path = await cacheIn(dir).get(at());
    expect((await readFile(path)).equals(scene)).toBe(true);
    expect(requests).toHaveLength(2);
    expect(requests[0]?.range).toBeUndefined();
    const from = Number(/^bytes=(\d+)-$/.exec(requests[1]?.range ?? '')?.[1]);
    expect(from).toBeGreaterThan(0);
    expect(from).toBeLessThanOrEqual(120_000);
  });

  it('resumes after a restart from the part file an earlier node left', async () => {
    await writeFile(join(dir, `${sha256}.part`), scene.subarray(0, 50_000));
    const path = await cacheIn(dir).get(at());
    expect((await readFile(path)).equals(scene)).toBe(true);
    expect(requests.map((headers) => headers.range)).toEqual(['bytes=50000-']);
  });

  it('refuses bytes that are not the scene the manager named, and keeps none of them', async () => {
    served = Buffer.from(scene);
    served[1000] = (served[1000] ?? 0) ^ 0xff;
    await expect(cacheIn(dir).get(at())).rejects.toBeInstanceOf(SceneHashError);
    expect(await readdir(dir)).toEqual([]);
  });

  it('gives up at once on a refusal, saying what the manager answered', async () => {
    const error = await cacheIn(dir, 1024 ** 2, 'stolen')
      .get(at())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SceneDownloadError);
    expect((error as SceneDownloadError).status).toBe(403);
    expect(requests).toHaveLength(1);
  });

  it('drops the least recently used scenes past its size, never the one just stored', async () => {
    const old = join(dir, `${'a'.repeat(64)}.blend`);
    const recent = join(dir, `${'b'.repeat(64)}.blend`);
    await writeFile(old, Buffer.alloc(200_000));
    await writeFile(recent, Buffer.alloc(200_000));
    await utimes(old, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const path = await cacheIn(dir, 550_000).get(at());
    expect(existsSync(path)).toBe(true);
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(old)).toBe(false);
  });
});
