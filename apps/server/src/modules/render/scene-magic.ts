import { gunzipSync, constants as zlib } from 'node:zlib';

/** Every `.blend` starts with these bytes (its header: `BLENDER`, pointer size, endianness, version). */
const BLEND = Buffer.from('BLENDER', 'ascii');
const GZIP = Buffer.from([0x1f, 0x8b]);
/** Blender 3.0 and later save compressed files with Zstandard. */
const ZSTD = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);

/** How many bytes of a file `looksLikeBlend` wants to see. */
export const MAGIC_BYTES = 4096;

/**
 * Whether a file's first bytes are a Blender scene's: `BLENDER`, or a compressed one (gzip from
 * Blender before 3.0, whose inflated start must say `BLENDER`; Zstandard from 3.0 on, which Node
 * cannot inflate here: its frame is taken on trust and the scene check on a node opens it).
 */
export function looksLikeBlend(head: Buffer): boolean {
  if (head.subarray(0, BLEND.length).equals(BLEND)) return true;
  if (head.subarray(0, ZSTD.length).equals(ZSTD)) return true;
  if (head.subarray(0, GZIP.length).equals(GZIP)) {
    try {
      const inflated = gunzipSync(head, { finishFlush: zlib.Z_SYNC_FLUSH });
      return inflated.subarray(0, BLEND.length).equals(BLEND);
    } catch {
      return false;
    }
  }
  return false;
}
