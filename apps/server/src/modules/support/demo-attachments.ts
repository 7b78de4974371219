import { deflateSync } from 'node:zlib';

/**
 * The demo tickets' files. The demo seed writes database rows only (it has no storage), so a demo
 * attachment's bytes are made here and put into storage the first time someone opens it
 * (attachments.ts readAttachment). Keys live under `tickets/demo-…`, which no upload can take
 * (uploads get random uuids).
 */
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A small one-colour PNG (a "screenshot" for the demo thread). */
function demoPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const RENDER_LOG = [
  '[12:04:11] V-Ray 6.1 — شروع رندر فریم 120',
  '[12:09:47] warning: GPU memory 23.1/24 GB',
  '[12:09:52] error: CUDA out of memory while building the light cache',
  '[12:09:52] رندر متوقف شد',
  '',
].join('\n');

export const DEMO_ATTACHMENTS: Record<string, { name: string; mime: string; bytes: () => Buffer }> = {
  'tickets/demo-render-log': {
    name: 'render-log.txt',
    mime: 'text/plain; charset=utf-8',
    bytes: () => Buffer.from(RENDER_LOG),
  },
  'tickets/demo-screenshot': {
    name: 'اسکرین‌شات خطا.png',
    mime: 'image/png',
    bytes: () => demoPng(96, 54, [30, 41, 59]),
  },
};
