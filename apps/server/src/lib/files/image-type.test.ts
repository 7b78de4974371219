import { describe, expect, it } from 'vitest';
import { makeJpeg, makePng, makeWebp } from '../../testing/images';
import { sniffImage } from './image-type';

describe('sniffImage', () => {
  it('recognises PNG, JPEG and WebP by their bytes and reads their size', () => {
    expect(sniffImage(makePng(3, 2))).toEqual({ ext: 'png', mime: 'image/png', width: 3, height: 2 });
    expect(sniffImage(makeJpeg())).toEqual({ ext: 'jpg', mime: 'image/jpeg', width: 8, height: 8 });
    expect(sniffImage(makeWebp())).toEqual({ ext: 'webp', mime: 'image/webp', width: 1, height: 1 });
  });

  it('reads the extended and lossy WebP headers', () => {
    const riff = (chunk: string, data: Buffer) => {
      const head = Buffer.alloc(20);
      head.write('RIFF', 0, 'latin1');
      head.writeUInt32LE(12 + data.length, 4);
      head.write('WEBPVP8', 8, 'latin1');
      head.write(chunk, 12, 'latin1');
      head.writeUInt32LE(data.length, 16);
      return Buffer.concat([head, data]);
    };
    const vp8x = Buffer.alloc(10);
    vp8x.writeUIntLE(639, 4, 3);
    vp8x.writeUIntLE(479, 7, 3);
    expect(sniffImage(riff('VP8X', vp8x))).toMatchObject({ width: 640, height: 480 });
    const vp8 = Buffer.from([0, 0, 0, 0x9d, 0x01, 0x2a, 0x40, 0x01, 0xf0, 0x00]);
    expect(sniffImage(riff('VP8 ', vp8))).toMatchObject({ width: 320, height: 240 });
  });

  it('refuses text, other formats, cut-off headers and zero sizes', () => {
    expect(sniffImage(Buffer.from('hello, this is not a picture at all'))).toBeNull();
    expect(sniffImage(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(30)]))).toBeNull();
    expect(sniffImage(makePng().subarray(0, 16))).toBeNull();
    expect(sniffImage(makeJpeg().subarray(0, 30))).toBeNull();
    expect(sniffImage(makeWebp().subarray(0, 30))).toBeNull();
    expect(sniffImage(makePng(0, 0))).toBeNull();
    // A JPEG signature followed by no frame header before the image data.
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 0, 0]))).toBeNull();
  });
});
