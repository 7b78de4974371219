import { join } from 'node:path';
import { createLocalDiskStorage } from './local-disk';
import type { ObjectStorage } from './object-storage';

export { createLocalDiskStorage } from './local-disk';
export * from './object-storage';

/** The folder under STORAGE_DIR that holds the objects of the local-disk store. */
export const LOCAL_OBJECTS_DIR = 'objects';

/**
 * The app's object store: local disk under `STORAGE_DIR/objects` (S3-compatible storage joins here
 * when its settings are given, behind the same interface and the same contract suite).
 */
export function createObjectStorage(options: { storageDir: string }): ObjectStorage {
  return createLocalDiskStorage(join(options.storageDir, LOCAL_OBJECTS_DIR));
}
