import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../lib/key-derivation';

/**
 * A signed URL stays usable this long: a big scene may take a while to come down, and the node
 * must also hold the task (checked on every use), so a long life gives a leaked URL nothing.
 */
export const FILE_URL_SECONDS = 12 * 3600;

export const NODE_API = '/render-node/v1';

/**
 * The signed file URLs of the node protocol (docs/decisions/0014-render-node-protocol.md): the
 * scene of a task and each expected output, `?expires=<unix seconds>&signature=<hex>`, an
 * HMAC-SHA256 (key derived from APP_KEY for this purpose only) over the task, the file and the
 * expiry. A URL names one file of one task: another task's URL, or another name, does not verify.
 */
export function createFileUrls(options: { appKey: string }) {
  const key = deriveKey(options.appKey, 'render-node-files');
  const sign = (task: string, file: string, expires: number) =>
    createHmac('sha256', key).update(`${task}\n${file}\n${expires}`).digest('hex');
  const url = (path: string, task: string, file: string, now: Date) => {
    const expires = Math.floor(now.getTime() / 1000) + FILE_URL_SECONDS;
    return `${path}?expires=${expires}&signature=${sign(task, file, expires)}`;
  };
  return {
    scene: (task: string, now: Date) => url(`${NODE_API}/tasks/${task}/scene`, task, 'scene', now),
    output: (task: string, name: string, now: Date) =>
      url(`${NODE_API}/tasks/${task}/outputs/${encodeURIComponent(name)}`, task, `output:${name}`, now),
    /** Whether `query` signs `file` (`scene` or `output:<name>`) of `task` and has not expired. */
    verify(
      task: string,
      file: string,
      query: { expires?: unknown; signature?: unknown },
      now: Date,
    ): boolean {
      const expires = Number(query.expires);
      const signature = typeof query.signature === 'string' ? query.signature : '';
      if (!Number.isSafeInteger(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
      const wanted = Buffer.from(sign(task, file, expires), 'hex');
      if (!timingSafeEqual(Buffer.from(signature, 'hex'), wanted)) return false;
      return expires * 1000 > now.getTime();
    },
  };
}

export type FileUrls = ReturnType<typeof createFileUrls>;
