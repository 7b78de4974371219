import type { Readable } from 'node:stream';

/**
 * One place for every stored file of the app (drive files, profile photos, ticket attachments,
 * KYC documents), so two app servers need no shared disk once an S3-compatible store is set.
 * Keys are relative paths of safe segments (`drives/12/3f0c…`): callers store under random names
 * and keep the person's file name in the database, never in the key.
 */
export interface ObjectStorage {
  /** `local` (a folder under STORAGE_DIR) or `s3`; for logs and docs only. */
  readonly kind: string;
  /** Writes the object whole (replacing one under the same key only once the bytes are all in). */
  put(key: string, body: Readable | Buffer): Promise<ObjectStat>;
  /**
   * Moves a finished local file (an upload's staging file) in under `key`; the source is gone
   * afterwards. Local disk renames it; S3 sends it by multipart upload and then frees the staging.
   */
  putFile(key: string, sourcePath: string): Promise<ObjectStat>;
  /**
   * The object's bytes, or the inclusive byte range `start`..`end` of them (like HTTP Range).
   * Throws ObjectNotFoundError when there is no such object.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size, an opaque ETag that changes whenever the bytes may have, and the last write; null if absent. */
  stat(key: string): Promise<ObjectStat | null>;
  /** Every object whose key starts with `prefix` (a `/`-ended folder or any key prefix), sorted by key. */
  list(prefix: string): Promise<ListedObject[]>;
  /** Removes the object; removing one that is not there is no error (deletion may be replayed). */
  delete(key: string): Promise<void>;
}

export interface ByteRange {
  start?: number;
  /** Inclusive, as in `Range: bytes=start-end`. */
  end?: number;
}

export interface ObjectStat {
  size: number;
  /** Quoted, ready for an `ETag` header. */
  etag: string;
  mtime: Date;
}

export interface ListedObject {
  key: string;
  size: number;
}

export class ObjectNotFoundError extends Error {
  readonly code = 'RF_STORAGE_NOT_FOUND';
  constructor(readonly key: string) {
    super(`No stored object under "${key}"`);
    this.name = 'ObjectNotFoundError';
  }
}

export class InvalidStorageKeyError extends Error {
  readonly code = 'RF_STORAGE_KEY';
  constructor(readonly key: string) {
    super(`Not a storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** Letters, digits, `.`, `_` and `-`; never `.` or `..`, never a leading dot (no hidden or temp names). */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
const MAX_KEY_LENGTH = 1024;

/** Throws InvalidStorageKeyError unless `key` is relative segments of safe characters. */
export function assertStorageKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new InvalidStorageKeyError(String(key));
  }
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment)) throw new InvalidStorageKeyError(key);
  }
}

/** A prefix for list(): empty (everything), or safe segments, optionally ending with `/`. */
export function assertStoragePrefix(prefix: string): void {
  if (prefix === '') return;
  assertStorageKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}
