import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// s3rver 3 is CommonJS without types.
// @ts-expect-error no type declarations
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

/**
 * An S3-compatible server in this process (s3rver: files in a temporary folder, SigV4 checked
 * with its built-in `S3RVER` key pair), with one bucket, for the storage contract suite and tests.
 */
export async function startLocalS3(bucket = 'renderfarm-test'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'rf-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
