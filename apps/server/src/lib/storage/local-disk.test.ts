import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk';
import { describeObjectStorageContract } from './object-storage-contract';

describeObjectStorageContract('local disk', async () => {
  const root = await mkdtemp(join(tmpdir(), 'rf-storage-local-'));
  return { storage: createLocalDiskStorage(root), close: () => rm(root, { recursive: true, force: true }) };
});

describe('local disk storage', () => {
  it('never leaves half an object under the key when the stream fails, nor a temp file', async () => {
    const root = await mkdtemp(join(tmpdir(), 'rf-storage-local-'));
    try {
      const storage = createLocalDiskStorage(root);
      await storage.put('x/file.bin', Buffer.from('old'));
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(1000, 1));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(storage.put('x/file.bin', failing)).rejects.toThrow('client went away');
      const stat = await storage.stat('x/file.bin');
      expect(stat?.size).toBe(3);
      expect(await readdir(join(root, '.tmp'))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('hides its temp folder and files outside the tree from list, and cannot reach them by key', async () => {
    const root = await mkdtemp(join(tmpdir(), 'rf-storage-local-'));
    try {
      const storage = createLocalDiskStorage(root);
      await storage.put('a.txt', Buffer.from('a'));
      await writeFile(join(root, '.tmp', 'stray'), 'x');
      expect(await storage.list('')).toEqual([{ key: 'a.txt', size: 1 }]);
      await expect(storage.stat('.tmp/stray')).rejects.toThrow();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
