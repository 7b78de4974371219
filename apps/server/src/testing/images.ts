import { crc32, deflateSync } from 'node:zlib';

/**
 * Small real images, made byte by byte for upload tests (no fixture files, no image library):
 * each decodes in a browser.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of one colour. */
export function makePng(width = 2, height = 2, rgb: [number, number, number] = [200, 30, 60]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // colour type: RGB
  // Each row: filter type 0, then the pixels.
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const segment = (marker: number, data: number[]) =>
  Buffer.from([0xff, marker, ((data.length + 2) >> 8) & 0xff, (data.length + 2) & 0xff, ...data]);

/**
 * An 8×8 mid-grey baseline JPEG: one quantisation table, one Huffman table each for DC and AC
 * holding only the code `0` (DC difference 0; end of block), so the scan is two zero bits.
 */
export function makeJpeg(): Buffer {
  const oneCode = [1, ...new Array(15).fill(0), 0x00];
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // JFIF 1.1
    segment(0xdb, [0x00, ...new Array(64).fill(1)]),
    segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]), // 8-bit, 8×8, one component
    segment(0xc4, [0x00, ...oneCode]), // DC table 0
    segment(0xc4, [0x10, ...oneCode]), // AC table 0
    segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    Buffer.from([0x3f]), // "0" (DC), "0" (EOB), padded with ones
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A 1×1 lossless WebP (VP8L): a RIFF container around a 13-byte bitstream. */
export function makeWebp(): Buffer {
  const bitstream = Buffer.from([
    0x2f, 0x00, 0x00, 0x00, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07,
  ]);
  const chunkHeader = Buffer.alloc(8);
  chunkHeader.write('VP8L', 0, 'latin1');
  chunkHeader.writeUInt32LE(bitstream.length, 4);
  // Chunks are padded to an even length.
  const chunk = Buffer.concat([chunkHeader, bitstream, Buffer.alloc(bitstream.length % 2)]);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(4 + chunk.length, 4);
  riff.write('WEBP', 8, 'latin1');
  return Buffer.concat([riff, chunk]);
}

/** A multipart/form-data body, as a browser's FormData sends it. */
export function multipartBody(
  parts: (
    | { name: string; value: string }
    | { name: string; filename: string; type: string; bytes: Buffer }
  )[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----renderfarm${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('bytes' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
