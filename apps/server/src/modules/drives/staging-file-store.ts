import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS, isPathInsideDirectory } from '@tus/server';

/** SHA-256 of a file, read as a stream (a 1 GB scene is never in memory). */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 4 * 1024 * 1024 }))
    hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The running SHA-256 of an upload's bytes 0..offset, as they were written. */
interface RunningHash {
  hash: Hash;
  offset: number;
}

/**
 * The tus file store of drive uploads, staging under STORAGE_DIR.
 *
 * It hashes the bytes while it writes them: the SHA-256 state of each upload stays in memory
 * across its PATCH requests, so the finish has the digest at once instead of reading the whole
 * file again (for 1 GB, about 2 s after a 5 s transfer: docs/benchmarks.md). The state is only
 * trusted while it covers exactly the file's bytes: a PATCH at another offset than the one hashed
 * (the upload resumed in another process, or after a restart), a failed write, or a file of another
 * size at the finish drops it, and the finish reads the file instead (`digest` answers null).
 *
 * @tus/file-store makes its folder from the constructor with an async `fs.mkdir` whose callback
 * throws: a failure there (the storage folder removed meanwhile, a disk that says no) is an uncaught
 * exception that ends the process. Here the folder is made synchronously in the constructor, so a
 * failure stops the start with its reason and nothing runs later.
 */
export class StagingFileStore extends FileStore {
  private readonly hashes = new Map<string, RunningHash>();

  /** The staging file of an upload (FileStore's own `resolve` is private to its types). */
  private pathOf(id: string): string {
    const path = join(this.directory, id);
    if (!isPathInsideDirectory(this.directory, path)) throw ERRORS.FILE_NOT_FOUND;
    return path;
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const path = this.pathOf(id);
    const known = this.hashes.get(id);
    // Only a hash of exactly bytes 0..offset can go on; otherwise the finish reads the file.
    const running =
      known?.offset === offset ? known : offset === 0 ? { hash: createHash('sha256'), offset } : null;
    this.hashes.delete(id);
    let received = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        running?.hash.update(chunk);
        received += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(readable, hashing, createWriteStream(path, { flags: 'r+', start: offset }));
    } catch {
      // Some hashed bytes may not be on disk: the state is gone (dropped above), the file is the truth.
      throw ERRORS.FILE_WRITE_ERROR;
    }
    if (running) this.hashes.set(id, { hash: running.hash, offset: offset + received });
    return offset + received;
  }

  override async remove(id: string): Promise<void> {
    this.hashes.delete(id);
    await super.remove(id);
  }

  /**
   * The SHA-256 of a finished upload of `size` bytes from the state kept while writing, or null
   * when there is none that covers the whole file (then hash the file). The state is released.
   */
  async digest(id: string, size: number): Promise<string | null> {
    const running = this.hashes.get(id);
    this.hashes.delete(id);
    if (!running || running.offset !== size) return null;
    const onDisk = await stat(this.pathOf(id)).catch(() => null);
    if (onDisk?.size !== size) return null;
    return running.hash.digest('hex');
  }

  /** Uploads with a hash in memory (for tests). */
  get hashedUploads(): number {
    return this.hashes.size;
  }
}
Object.defineProperty(StagingFileStore.prototype, 'checkOrCreateDirectory', {
  value(this: FileStore) {
    mkdirSync(this.directory, { recursive: true });
  },
});
