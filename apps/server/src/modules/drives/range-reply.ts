import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ObjectStorage } from '../../lib/storage';
import { parseRange } from './byte-range';

/**
 * Answers a stored object by the request's `Range` (and `If-Range` against `etag`): the whole
 * object (200), one range (206 with `Content-Range`) or 416, with `Accept-Ranges`, `ETag` and the
 * `Content-Length` of what is sent. HEAD gets an empty stream, so Fastify keeps that length. The
 * caller sets the other headers (type, disposition, caching) first. A drive's file download and a
 * render node's scene download both resume this way.
 */
export async function sendObjectRange(
  request: FastifyRequest,
  reply: FastifyReply,
  object: { storage: ObjectStorage; key: string; size: number; etag: string },
) {
  const { size } = object;
  let range = parseRange(request.headers.range, size);
  const ifRange = request.headers['if-range'];
  if (range.kind !== 'whole' && ifRange !== undefined && ifRange !== object.etag) range = { kind: 'whole' };
  reply.header('accept-ranges', 'bytes').header('etag', object.etag);
  if (range.kind === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).header('content-length', '0').send();
  }
  const start = range.kind === 'partial' ? range.start : 0;
  const end = range.kind === 'partial' ? range.end : size - 1;
  const length = size === 0 ? 0 : end - start + 1;
  if (range.kind === 'partial') reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
  reply.header('content-length', String(length));
  if (request.method === 'HEAD' || length === 0) return reply.send(Readable.from([]));
  return reply.send(await object.storage.get(object.key, { start, end }));
}
