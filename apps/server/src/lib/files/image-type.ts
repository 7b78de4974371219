/** A raster image recognised from its own bytes. */
export interface SniffedImage {
  ext: 'jpg' | 'png' | 'webp';
  mime: 'image/jpeg' | 'image/png' | 'image/webp';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Recognises JPEG, PNG and WebP by their signatures and reads the pixel size from their headers,
 * without decoding. The file's name and declared type are never consulted: they are whatever the
 * sender typed. A file whose header cannot be read to its size is not an image we accept.
 */
export function sniffImage(bytes: Buffer): SniffedImage | null {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return png(bytes);
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpeg(bytes);
  if (bytes.length >= 30 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
    return webp(bytes);
  return null;
}

const ascii = (bytes: Buffer, at: number, length: number) => bytes.toString('latin1', at, at + length);

const sized = (ext: SniffedImage['ext'], mime: SniffedImage['mime'], width: number, height: number) =>
  width > 0 && height > 0 ? { ext, mime, width, height } : null;

function png(bytes: Buffer): SniffedImage | null {
  // The first chunk must be IHDR (PNG spec §5.6): width and height are its first two fields.
  if (ascii(bytes, 12, 4) !== 'IHDR') return null;
  return sized('png', 'image/png', bytes.readUInt32BE(16), bytes.readUInt32BE(20));
}

function jpeg(bytes: Buffer): SniffedImage | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes, and markers without a length (TEM, RSTn).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // Image data or the end before any frame header: not a picture we can size.
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return null;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > bytes.length) return null;
      return sized('jpg', 'image/jpeg', bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5));
    }
    at += 2 + length;
  }
  return null;
}

function webp(bytes: Buffer): SniffedImage | null {
  // The RIFF size covers everything after its first 8 bytes; a shorter file is cut off.
  if (bytes.readUInt32LE(4) + 8 > bytes.length) return null;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ') {
    // Key frame start code, then 14-bit width and height (RFC 6386 §9.1).
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return sized('webp', 'image/webp', bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    // Signature 0x2f, then width-1 and height-1 in 14 bits each (WebP lossless spec §3.2).
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return sized('webp', 'image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    // Extended format: canvas width-1 and height-1 as 24-bit little-endian numbers.
    return sized('webp', 'image/webp', bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  }
  return null;
}
