import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, truncate, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { readSmall, request } from './transfer';

export interface SceneRef {
  url: URL;
  sha256: string;
  size: number;
}

/** The downloaded bytes are not the scene the manager named: never rendered, never kept. */
export class SceneHashError extends Error {
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`the scene's SHA-256 is ${actual}, the manager named ${expected}`);
    this.name = 'SceneHashError';
  }
}

export class SceneDownloadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SceneDownloadError';
  }
}

const ATTEMPTS = 5;

/**
 * Scenes on disk named by their SHA-256: a scene is downloaded once for all the tasks of its job
 * (and of any job on the same bytes). A cut download resumes with `Range` from the bytes already
 * in its `.part` file, even after the node restarted; the whole file is hashed before it is kept.
 * The least recently used scenes go when the cache grows past its size.
 */
export class SceneCache {
  constructor(
    readonly dir: string,
    private readonly maxBytes: number,
    private readonly headers: () => Record<string, string>,
  ) {}

  pathOf(sha256: string): string {
    return join(this.dir, `${sha256.toLowerCase()}.blend`);
  }

  /** The scene's local path, downloading it first unless the cache has it. */
  async get(scene: SceneRef, signal?: AbortSignal): Promise<string> {
    const sha256 = scene.sha256.toLowerCase();
    const path = this.pathOf(sha256);
    await mkdir(this.dir, { recursive: true });
    const cached = await stat(path).catch(() => null);
    if (cached?.size === scene.size) {
      const now = new Date();
      await utimes(path, now, now);
      return path;
    }
    const part = join(this.dir, `${sha256}.part`);
    await this.download(scene, part, signal);
    const actual = await hashFile(part);
    if (actual !== sha256) {
      await rm(part, { force: true });
      throw new SceneHashError(sha256, actual);
    }
    await rename(part, path);
    await this.evict(path);
    return path;
  }

  private async download(scene: SceneRef, part: string, signal?: AbortSignal): Promise<void> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      signal?.throwIfAborted();
      let have = (await stat(part).catch(() => null))?.size ?? 0;
      if (have > scene.size) {
        await truncate(part, 0);
        have = 0;
      }
      if (have === scene.size && have > 0) return;
      try {
        await this.fetchFrom(scene, part, have, signal);
        const got = (await stat(part)).size;
        if (got === scene.size) return;
        lastError = new Error(`the download ended at ${got} of ${scene.size} bytes`);
      } catch (error) {
        if (error instanceof SceneDownloadError || signal?.aborted) throw error;
        lastError = error;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(200 * 2 ** attempt, 5000)));
    }
    throw lastError;
  }

  /** One request from byte `from` on, appended to `part`. */
  private async fetchFrom(scene: SceneRef, part: string, from: number, signal?: AbortSignal): Promise<void> {
    const headers: Record<string, string> = { ...this.headers() };
    if (from > 0) headers.range = `bytes=${from}-`;
    const response = await request(scene.url, { method: 'GET', headers, signal });
    const status = response.statusCode ?? 0;
    if (status === 416) {
      // What we have does not fit the file the manager holds now: start over.
      response.resume();
      await truncate(part, 0);
      throw new Error('the manager refused the range; starting the download over');
    }
    if (status !== 200 && status !== 206) {
      const text = await readSmall(response);
      throw new SceneDownloadError(status, `the scene download answered ${status}: ${text.slice(0, 300)}`);
    }
    let append = false;
    if (status === 206) {
      const start = /^bytes (\d+)-/.exec(response.headers['content-range'] ?? '')?.[1];
      if (Number(start) !== from) {
        response.resume();
        await truncate(part, 0);
        throw new Error(`the manager answered a range from ${start ?? '?'}, asked from ${from}`);
      }
      append = true;
    }
    // Every byte that arrived reaches the file even when the connection drops mid-body (a
    // pipeline would discard the write stream's buffer): the resume asks for the rest.
    const file = createWriteStream(part, { flags: append ? 'a' : 'w' });
    try {
      for await (const chunk of response) {
        if (!file.write(chunk)) await once(file, 'drain');
      }
    } finally {
      await new Promise<void>((resolve, reject) => {
        file.on('error', reject);
        file.end(resolve);
      });
    }
  }

  /** Keeps the cache under its size, oldest use first; the scene just stored always stays. */
  private async evict(keep: string): Promise<void> {
    const names = (await readdir(this.dir)).filter((name) => name.endsWith('.blend'));
    const files = await Promise.all(
      names.map(async (name) => {
        const path = join(this.dir, name);
        const info = await stat(path);
        return { path, size: info.size, used: info.mtimeMs };
      }),
    );
    let total = files.reduce((sum, file) => sum + file.size, 0);
    for (const file of files.sort((a, b) => a.used - b.used)) {
      if (total <= this.maxBytes) break;
      if (file.path === keep) continue;
      await rm(file.path, { force: true });
      total -= file.size;
    }
  }
}

export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}
