import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  assertStoragePrefix,
  type ByteRange,
  type ListedObject,
  ObjectNotFoundError,
  type ObjectStat,
  type ObjectStorage,
} from './object-storage';

/** Where objects are written first, beside the tree so the final rename stays on one disk. */
const TEMP_DIR = '.tmp';

/**
 * Objects as files under `root` (STORAGE_DIR/objects by default). A put writes a temporary file
 * and renames it over the key, so a reader never sees half an object and a crash leaves only
 * a stray file in `.tmp`.
 */
export function createLocalDiskStorage(root: string): ObjectStorage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(root, ...key.split('/'));
  };
  const tempPath = async () => {
    await mkdir(join(root, TEMP_DIR), { recursive: true });
    return join(root, TEMP_DIR, randomUUID());
  };
  const statOf = async (path: string): Promise<ObjectStat | null> => {
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { size: info.size, etag: etagOf(info.size, info.mtimeMs, info.ino), mtime: info.mtime };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    kind: 'local',

    async put(key, body) {
      const target = pathOf(key);
      const temp = await tempPath();
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          createWriteStream(temp, { mode: 0o640 }),
        );
        await mkdir(dirname(target), { recursive: true });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return (await statOf(target)) as ObjectStat;
    },

    async putFile(key, sourcePath) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      try {
        await rename(sourcePath, target);
      } catch (error) {
        // Staging on another disk: copy beside the target, rename, then free the staging file.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const temp = await tempPath();
        await copyFile(sourcePath, temp);
        await rename(temp, target);
        await unlink(sourcePath);
      }
      return (await statOf(target)) as ObjectStat;
    },

    async get(key, range: ByteRange = {}) {
      const path = pathOf(key);
      // Open first, so a missing object is an ObjectNotFoundError here and not a stream error later.
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(path, 'r');
      } catch (error) {
        if (isMissing(error)) throw new ObjectNotFoundError(key);
        throw error;
      }
      // The stream gets the FileHandle itself and closes it once: given the bare number, it closed
      // the descriptor and handle.close() closed that number again, which by then could be another
      // request's newly opened file (wrong or missing bytes under load).
      return createReadStream('', {
        fd: handle,
        start: range.start,
        end: range.end,
        autoClose: true,
        // 1 MiB reads: a multi-GB download in 64 KiB pieces spends its time in the event loop.
        highWaterMark: 1024 * 1024,
      });
    },

    async stat(key) {
      return statOf(pathOf(key));
    },

    async list(prefix) {
      assertStoragePrefix(prefix);
      // Walk only the deepest folder the prefix names whole, then filter by the rest of it.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const found: ListedObject[] = [];
      const walk = async (dir: string): Promise<void> => {
        let entries: import('node:fs').Dirent[];
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (error) {
          if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return;
          throw error;
        }
        for (const entry of entries) {
          if (entry.name.startsWith('.')) continue;
          const path = join(dir, entry.name);
          if (entry.isDirectory()) await walk(path);
          else if (entry.isFile()) {
            const key = relative(root, path).split(sep).join('/');
            if (!key.startsWith(prefix)) continue;
            const info = await stat(path).catch(() => null);
            if (info) found.push({ key, size: info.size });
          }
        }
      };
      await walk(folder ? join(root, ...folder.split('/')) : root);
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },

    async delete(key) {
      try {
        await unlink(pathOf(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}

function etagOf(size: number, mtimeMs: number, inode: number): string {
  return `"${inode.toString(36)}-${size.toString(36)}-${Math.floor(mtimeMs * 1000).toString(36)}"`;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}
