import { describe, expect, it } from 'vitest';
import { documentProblem } from './document-check';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

describe('documentProblem', () => {
  it('takes JPEG, PNG, WebP and PDF up to the limit, by type or (when the browser gives none) by name', () => {
    for (const [name, type] of [
      ['card.jpg', 'image/jpeg'],
      ['card.png', 'image/png'],
      ['card.webp', 'image/webp'],
      ['papers.pdf', 'application/pdf'],
      ['CARD.JPEG', ''],
      ['scan.PDF', ''],
    ] as const) {
      expect(documentProblem(file(name, type, 1000), 5 * MB), name).toBeNull();
    }
    expect(documentProblem(file('card.png', 'image/png', 5 * MB), 5 * MB)).toBeNull();
  });

  it('refuses a file over the limit and one of another type, in Persian', () => {
    expect(documentProblem(file('card.png', 'image/png', 5 * MB + 1), 5 * MB)).toBe(
      'حجم هر مدرک حداکثر ۵ مگابایت باشد؛ تصویر را کوچک‌تر کنید.',
    );
    for (const [name, type] of [
      ['setup.exe', 'application/x-msdownload'],
      ['card.gif', 'image/gif'],
      ['card.heic', 'image/heic'],
      ['notes.txt', ''],
      ['card.png.exe', ''],
    ] as const) {
      expect(documentProblem(file(name, type, 10), 5 * MB), name).toBe(
        'تنها تصویر JPEG، PNG یا WebP یا فایل PDF پذیرفته می‌شود.',
      );
    }
  });
});
