import { deflateSync } from 'node:zlib';

/**
 * The site's link-preview card (`og:image` when a page has no cover): 1200×630, the brand indigo
 * with a lighter band and the cube mark's outline, drawn once at start-up as a PNG (link previews
 * do not show SVG). Kept in code so a deploy needs no image file.
 */
const WIDTH = 1200;
const HEIGHT = 630;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function pixel(x: number, y: number): [number, number, number] {
  // The cube: a hexagon outline 8 px wide around the centre.
  const cx = WIDTH / 2;
  const cy = HEIGHT / 2;
  const dx = Math.abs(x - cx);
  const dy = Math.abs(y - cy);
  const r = 150;
  const hex = Math.max(dx * 0.866 + dy * 0.5, dy);
  if (hex > r * 0.866 - 8 && hex < r * 0.866) return [255, 255, 255];
  if (y > HEIGHT - 90) return [67, 56, 202];
  return [79, 70, 229];
}

function draw(): Buffer {
  const raw = Buffer.alloc((WIDTH * 3 + 1) * HEIGHT);
  let o = 0;
  for (let y = 0; y < HEIGHT; y++) {
    raw[o++] = 0;
    for (let x = 0; x < WIDTH; x++) {
      const [r, g, b] = pixel(x, y);
      raw[o++] = r;
      raw[o++] = g;
      raw[o++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let png: Buffer | undefined;
/** The card, drawn on first use. */
export function ogImage(): Buffer {
  png ??= draw();
  return png;
}
