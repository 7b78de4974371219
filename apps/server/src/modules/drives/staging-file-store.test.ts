import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/server';
import { afterAll, describe, expect, it } from 'vitest';
import { StagingFileStore, sha256File } from './staging-file-store';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('the tus staging store', () => {
  const root = mkdtempSync(join(tmpdir(), 'staging-store-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('has its folder as soon as it exists, made synchronously', () => {
    const directory = join(root, 'staging', 'drive-uploads');
    new StagingFileStore({ directory });
    expect(existsSync(directory)).toBe(true);
  });

  it('fails in the constructor, not later in a callback nothing can catch, when the folder cannot be made', () => {
    writeFileSync(join(root, 'a-file'), 'not a folder');
    expect(() => new StagingFileStore({ directory: join(root, 'a-file', 'uploads') })).toThrow(
      /ENOTDIR|EEXIST/,
    );
  });

  describe('the SHA-256 taken while writing', () => {
    const directory = join(root, 'hashing');
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const cut = 1024 * 1024 + 5;
    let next = 0;
    const newUpload = async (store: StagingFileStore) => {
      const id = (next++).toString(16).padStart(32, '0');
      await store.create(new Upload({ id, size: bytes.length, offset: 0 }));
      return id;
    };
    // Small pieces, as a socket gives them.
    const body = (part: Buffer) =>
      Readable.from(
        Array.from({ length: Math.ceil(part.length / 65536) }, (_, i) =>
          part.subarray(i * 65536, (i + 1) * 65536),
        ),
      );

    it('covers every PATCH of one upload, and the finish needs no second read', async () => {
      const store = new StagingFileStore({ directory });
      const id = await newUpload(store);
      expect(await store.write(body(bytes.subarray(0, cut)), id, 0)).toBe(cut);
      expect(await store.write(body(bytes.subarray(cut)), id, cut)).toBe(bytes.length);
      expect(await store.digest(id, bytes.length)).toBe(sha(bytes));
      expect(await sha256File(join(directory, id))).toBe(sha(bytes));
      expect(store.hashedUploads).toBe(0);
    });

    it('has no digest for an upload resumed in another process (that one reads the file)', async () => {
      const first = new StagingFileStore({ directory });
      const id = await newUpload(first);
      await first.write(body(bytes.subarray(0, cut)), id, 0);
      const restarted = new StagingFileStore({ directory });
      expect(await restarted.write(body(bytes.subarray(cut)), id, cut)).toBe(bytes.length);
      expect(await restarted.digest(id, bytes.length)).toBeNull();
      // Back in the first process, its hash stops at `cut`: not the whole file, so no digest either.
      expect(await first.digest(id, bytes.length)).toBeNull();
    });

    it('drops the hash when a write fails half-way, or when the file is not the size hashed', async () => {
      const store = new StagingFileStore({ directory });
      const id = await newUpload(store);
      const failing = new Readable({
        read() {
          this.push(bytes.subarray(0, 65536));
          this.destroy(new Error('socket gone'));
        },
      });
      await expect(store.write(failing, id, 0)).rejects.toBeTruthy();
      expect(store.hashedUploads).toBe(0);

      const other = await newUpload(store);
      await store.write(body(bytes), other, 0);
      await appendFile(join(directory, other), 'x');
      expect(await store.digest(other, bytes.length)).toBeNull();
    });

    it('forgets the hash of an upload removed (termination, expiry)', async () => {
      const store = new StagingFileStore({ directory });
      const id = await newUpload(store);
      await store.write(body(bytes.subarray(0, cut)), id, 0);
      expect(store.hashedUploads).toBe(1);
      await store.remove(id);
      expect(store.hashedUploads).toBe(0);
    });
  });
});
