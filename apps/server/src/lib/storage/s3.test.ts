import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLocalS3 } from '../../testing/s3rver';
import { describeObjectStorageContract } from './object-storage-contract';
import { createS3Storage } from './s3';

describeObjectStorageContract('S3 (s3rver)', async () => {
  const s3 = await startLocalS3();
  return {
    storage: createS3Storage({ ...s3, forcePathStyle: true, partSize: 5 * 1024 * 1024 }),
    close: s3.close,
  };
});

describe('S3 storage', () => {
  it('sends a file bigger than a part by multipart upload and frees the staging file', async () => {
    const s3 = await startLocalS3();
    const dir = await mkdtemp(join(tmpdir(), 'rf-s3-'));
    try {
      const storage = createS3Storage({ ...s3, forcePathStyle: true, partSize: 5 * 1024 * 1024 });
      const bytes = randomBytes(12 * 1024 * 1024 + 7);
      const source = join(dir, 'staged');
      await writeFile(source, bytes);
      const stat = await storage.putFile('drives/x/big', source);
      expect(stat.size).toBe(bytes.length);
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.get('drives/x/big', {
        start: 5 * 1024 * 1024 - 2,
        end: 5 * 1024 * 1024 + 1,
      })) {
        chunks.push(chunk as Buffer);
      }
      expect(Buffer.concat(chunks)).toEqual(bytes.subarray(5 * 1024 * 1024 - 2, 5 * 1024 * 1024 + 2));
      expect(await storage.list('drives/x/')).toEqual([{ key: 'drives/x/big', size: bytes.length }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await s3.close();
    }
  });
});
