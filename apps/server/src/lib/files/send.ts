import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export interface PrivateFile {
  /** The whole file, or a stream of it (then `size` is its length). */
  bytes?: Buffer;
  stream?: Readable;
  /** The type proved by the bytes when the file was taken (sniffFile), never the sender's word. */
  mime: string;
  /** The download name (cleanFileName'd when it was taken). */
  name: string;
  size: number;
}

// RFC 5987 attr-char: everything else is percent-encoded from its UTF-8 bytes.
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** An ASCII stand-in for clients that ignore `filename*`: no quotes, backslashes or non-ASCII. */
const asciiFallback = (name: string) => {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot).replace(/[^A-Za-z0-9.]/g, '') : '';
  const base = (dot > 0 ? name.slice(0, dot) : name).replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `${/^[\s_]*$/.test(base) ? 'file' : base}${ext}`;
};

/** `Content-Disposition: attachment` with both the ASCII fallback and the exact UTF-8 name. */
export function attachmentDisposition(name: string): string {
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/**
 * Answers with a private file as a download: never shown inline (a PDF or an SVG-like text can
 * carry script), never sniffed into another type, never kept by a shared cache or the browser.
 */
export function sendPrivateFile(reply: FastifyReply, file: PrivateFile) {
  reply
    .type(file.mime)
    .header('content-length', String(file.size))
    .header('content-disposition', attachmentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-store');
  return reply.send(file.stream ?? file.bytes ?? Buffer.alloc(0));
}
