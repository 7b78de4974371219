import { join } from 'node:path';
import { createLocalDiskStorage } from './local-disk';
import type { ObjectStorage } from './object-storage';
import { createS3Storage } from './s3';

export { createLocalDiskStorage } from './local-disk';
export * from './object-storage';
export { createS3Storage, S3RequestError } from './s3';

/** The folder under STORAGE_DIR that holds the objects of the local-disk store. */
export const LOCAL_OBJECTS_DIR = 'objects';

export interface StorageSettings {
  storageDir: string;
  S3_ENDPOINT?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_REGION?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
}

/**
 * The app's object store: an S3-compatible bucket when S3_BUCKET is set (the config requires its
 * endpoint and keys then), else local disk under `STORAGE_DIR/objects`. Both pass the same
 * contract suite (object-storage-contract.ts).
 */
export function createObjectStorage(settings: StorageSettings): ObjectStorage {
  if (
    settings.S3_BUCKET &&
    settings.S3_ENDPOINT &&
    settings.S3_ACCESS_KEY_ID &&
    settings.S3_SECRET_ACCESS_KEY
  ) {
    return createS3Storage({
      endpoint: settings.S3_ENDPOINT,
      bucket: settings.S3_BUCKET,
      region: settings.S3_REGION ?? 'us-east-1',
      accessKeyId: settings.S3_ACCESS_KEY_ID,
      secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? false,
    });
  }
  return createLocalDiskStorage(join(settings.storageDir, LOCAL_OBJECTS_DIR));
}
