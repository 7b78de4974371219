import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { makeJpeg, makePng, makeWebp } from '../../testing/images';
import { cleanFileName, FILE_NAME_MAX } from './file-name';
import { attachmentDisposition, sendPrivateFile } from './send';
import { nameForType, sniffFile } from './sniff';

// A Windows executable's first bytes: "MZ", then the DOS stub.
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0x90), Buffer.from('This program cannot')]);

describe('sniffFile', () => {
  it('recognises images, PDF, ZIP and text from their bytes', () => {
    expect(sniffFile(makePng(2, 2))).toEqual({ kind: 'image', mime: 'image/png', ext: 'png' });
    expect(sniffFile(makeJpeg())).toEqual({ kind: 'image', mime: 'image/jpeg', ext: 'jpg' });
    expect(sniffFile(makeWebp())).toEqual({ kind: 'image', mime: 'image/webp', ext: 'webp' });
    expect(sniffFile(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00', 'latin1'))).toMatchObject({
      kind: 'image',
      mime: 'image/gif',
    });
    expect(sniffFile(Buffer.from('%PDF-1.7\n%âãÏÓ\n', 'latin1'))).toMatchObject({ kind: 'pdf', ext: 'pdf' });
    expect(sniffFile(Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]))).toMatchObject({ kind: 'zip' });
    expect(sniffFile(Buffer.from('خطای رندر در فریم ۱۲\r\n\tlog line\n'))).toEqual({
      kind: 'text',
      mime: 'text/plain; charset=utf-8',
      ext: 'txt',
    });
  });

  it('refuses executables, binary noise, broken UTF-8, control bytes and empty files', () => {
    expect(sniffFile(EXE)).toBeNull();
    expect(sniffFile(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]))).toBeNull(); // ELF
    expect(sniffFile(Buffer.from('text with a NUL\0 inside'))).toBeNull();
    expect(sniffFile(Buffer.from('escape \x1b[31m red'))).toBeNull();
    expect(sniffFile(Buffer.from([0xc3, 0x28]))).toBeNull(); // invalid UTF-8
    expect(sniffFile(Buffer.alloc(0))).toBeNull();
    // A PNG signature whose header is cut off is not an image, and not text either.
    expect(sniffFile(makePng(2, 2).subarray(0, 12))).toBeNull();
  });

  it('gives a name the extension its bytes prove', () => {
    const png = sniffFile(makePng(1, 1))!;
    const pdf = sniffFile(Buffer.from('%PDF-1.4'))!;
    const jpeg = sniffFile(makeJpeg())!;
    expect(nameForType('عکس.png', png)).toBe('عکس.png');
    expect(nameForType('photo.JPEG', jpeg)).toBe('photo.JPEG');
    expect(nameForType('report.png', pdf)).toBe('report.png.pdf');
    expect(nameForType('noext', png)).toBe('noext.png');
  });
});

describe('cleanFileName', () => {
  it('keeps ordinary and Persian names', () => {
    expect(cleanFileName('صورت‌حساب مهر.pdf')).toBe('صورت‌حساب مهر.pdf');
    expect(cleanFileName('  render log.txt ')).toBe('render log.txt');
  });

  it('refuses paths, dot-dot, control and bidi characters and empty names', () => {
    for (const bad of [
      '../etc/passwd',
      '..',
      'a..b.png',
      'dir/file.png',
      'C:\\Windows\\file.png',
      'file\0.png',
      'line\nbreak.png',
      'bell\x07.png',
      'del\x7f.png',
      'c1\u0085.png',
      'photo\u202Egnp.exe',
      '',
      '   ',
      '.',
    ]) {
      expect(cleanFileName(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('shortens a long name to the limit and keeps its extension', () => {
    const long = `${'ب'.repeat(300)}.pdf`;
    const cleaned = cleanFileName(long)!;
    expect([...cleaned]).toHaveLength(FILE_NAME_MAX);
    expect(cleaned.endsWith('.pdf')).toBe(true);
  });
});

describe('sendPrivateFile', () => {
  it('answers a download that is never sniffed, shown inline or cached', async () => {
    const app = Fastify();
    app.get('/f', (_request, reply) =>
      sendPrivateFile(reply, {
        bytes: Buffer.from('سلام'),
        mime: 'text/plain; charset=utf-8',
        name: 'گزارش "نهایی".txt',
        size: 8,
      }),
    );
    const response = await app.inject({ method: 'GET', url: '/f' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const disposition = String(response.headers['content-disposition']);
    expect(disposition.startsWith('attachment;')).toBe(true);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('گزارش "نهایی".txt')}`);
    // The ASCII fallback carries no quote that could end the parameter early; all-Persian is «file».
    expect(disposition.match(/filename="([^"]*)"/)?.[1]).toBe('file.txt');
    expect(attachmentDisposition('log "v2".txt')).toContain('filename="log _v2_.txt"');
    expect(response.body).toBe('سلام');
    await app.close();
  });

  it('percent-encodes the characters RFC 5987 leaves out', () => {
    expect(attachmentDisposition("it's (1).txt")).toBe(
      `attachment; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`,
    );
  });
});
