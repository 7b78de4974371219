import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidStorageKeyError, ObjectNotFoundError, type ObjectStorage } from './object-storage';

/**
 * What every ObjectStorage must do, run once per implementation (local disk in local-disk.test.ts;
 * an S3-compatible store joins by calling this with its own factory).
 */
export function describeObjectStorageContract(
  name: string,
  make: () => Promise<{ storage: ObjectStorage; close?: () => Promise<void> }>,
): void {
  describe(`ObjectStorage contract: ${name}`, () => {
    let storage: ObjectStorage;
    let close: (() => Promise<void>) | undefined;
    let scratch: string;
    beforeAll(async () => {
      ({ storage, close } = await make());
      scratch = await mkdtemp(join(tmpdir(), 'rf-storage-contract-'));
    });
    afterAll(async () => {
      await close?.();
      await rm(scratch, { recursive: true, force: true });
    });

    const read = async (stream: Readable) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };

    it('puts a buffer and gets the same bytes back, with its size', async () => {
      const bytes = Buffer.from('سلام، فایل صحنه\n', 'utf8');
      const stat = await storage.put('contract/a/hello.txt', bytes);
      expect(stat.size).toBe(bytes.length);
      expect(stat.etag).toMatch(/^".+"$/);
      expect(await read(await storage.get('contract/a/hello.txt'))).toEqual(bytes);
      const again = await storage.stat('contract/a/hello.txt');
      expect(again).toMatchObject({ size: bytes.length, etag: stat.etag });
      expect(again?.mtime).toBeInstanceOf(Date);
    });

    it('puts a stream of several MB and keeps every byte', async () => {
      const bytes = randomBytes(3 * 1024 * 1024 + 17);
      const chunks = Array.from({ length: 8 }, (_, i) =>
        bytes.subarray((i * bytes.length) / 8, ((i + 1) * bytes.length) / 8),
      );
      await storage.put('contract/big.bin', Readable.from(chunks));
      const back = await read(await storage.get('contract/big.bin'));
      expect(createHash('sha256').update(back).digest('hex')).toBe(
        createHash('sha256').update(bytes).digest('hex'),
      );
    });

    it('gets inclusive byte ranges: first byte, middle, open end, last byte', async () => {
      const bytes = Buffer.from('0123456789abcdef');
      await storage.put('contract/range.txt', bytes);
      expect((await read(await storage.get('contract/range.txt', { start: 0, end: 0 }))).toString()).toBe(
        '0',
      );
      expect((await read(await storage.get('contract/range.txt', { start: 3, end: 6 }))).toString()).toBe(
        '3456',
      );
      expect((await read(await storage.get('contract/range.txt', { start: 10 }))).toString()).toBe('abcdef');
      expect((await read(await storage.get('contract/range.txt', { start: 15, end: 15 }))).toString()).toBe(
        'f',
      );
    });

    it('replaces an object under the same key, and its ETag changes', async () => {
      const first = await storage.put('contract/replace.txt', Buffer.from('one'));
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = await storage.put('contract/replace.txt', Buffer.from('three'));
      expect(second.size).toBe(5);
      expect(second.etag).not.toBe(first.etag);
      expect((await read(await storage.get('contract/replace.txt'))).toString()).toBe('three');
    });

    it('moves a finished local file in and frees the source', async () => {
      const source = join(scratch, 'staged.bin');
      const bytes = randomBytes(70_000);
      await writeFile(source, bytes);
      const stat = await storage.putFile('contract/staged/file.bin', source);
      expect(stat.size).toBe(bytes.length);
      expect(await read(await storage.get('contract/staged/file.bin'))).toEqual(bytes);
      await expect(import('node:fs/promises').then((fs) => fs.stat(source))).rejects.toMatchObject({
        code: 'ENOENT',
      });
    });

    it('says null / not found for a missing object', async () => {
      expect(await storage.stat('contract/missing.txt')).toBeNull();
      await expect(storage.get('contract/missing.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
    });

    it('lists by prefix, sorted, only whole keys under it', async () => {
      await storage.put('contract/list/b.txt', Buffer.from('bb'));
      await storage.put('contract/list/a.txt', Buffer.from('a'));
      await storage.put('contract/list/sub/c.txt', Buffer.from('ccc'));
      await storage.put('contract/listing.txt', Buffer.from('x'));
      expect(await storage.list('contract/list/')).toEqual([
        { key: 'contract/list/a.txt', size: 1 },
        { key: 'contract/list/b.txt', size: 2 },
        { key: 'contract/list/sub/c.txt', size: 3 },
      ]);
      expect((await storage.list('contract/list')).map((o) => o.key)).toContain('contract/listing.txt');
      expect(await storage.list('contract/nothing-here/')).toEqual([]);
    });

    it('deletes, and deleting again is no error', async () => {
      await storage.put('contract/delete/me.txt', Buffer.from('x'));
      await storage.delete('contract/delete/me.txt');
      expect(await storage.stat('contract/delete/me.txt')).toBeNull();
      await storage.delete('contract/delete/me.txt');
      expect(await storage.list('contract/delete/')).toEqual([]);
    });

    it.each([
      '../escape.txt',
      'a/../../escape.txt',
      '/absolute.txt',
      'a//b.txt',
      'a/./b.txt',
      'a\\b.txt',
      '.hidden',
      'nul\0byte',
      'فایل.txt',
      '',
      'trailing/',
    ])('refuses the key %j everywhere', async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.stat(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    });

    it('refuses a list prefix that climbs out', async () => {
      await expect(storage.list('../')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    });
  });
}
