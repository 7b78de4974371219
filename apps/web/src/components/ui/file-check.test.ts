import { describe, expect, it } from 'vitest';
import { fileProblem } from './file-check';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });
const ACCEPT = 'image/jpeg,image/png,application/pdf,application/zip,.zip,text/plain,.txt,.log';

describe('fileProblem (checked in the browser before a byte is sent)', () => {
  it('takes a file of an accepted type (by type, or by its name when the browser gives none) up to the limit', () => {
    expect(fileProblem(file('a.png', 'image/png', 1000), { maxBytes: 10 * MB, accept: ACCEPT })).toBeNull();
    expect(fileProblem(file('render.log', '', 1000), { maxBytes: 10 * MB, accept: ACCEPT })).toBeNull();
    expect(fileProblem(file('scene.ZIP', '', 1000), { maxBytes: 10 * MB, accept: ACCEPT })).toBeNull();
    expect(
      fileProblem(file('a.png', 'image/png', 10 * MB), { maxBytes: 10 * MB, accept: ACCEPT }),
    ).toBeNull();
  });

  it('refuses a file over the limit or of another type, naming it, in Persian', () => {
    expect(
      fileProblem(file('big.png', 'image/png', 10 * MB + 1), { maxBytes: 10 * MB, accept: ACCEPT }),
    ).toBe('«big.png» بزرگ‌تر از ۱۰ مگابایت است؛ فایل کوچک‌تری انتخاب کنید.');
    expect(
      fileProblem(file('setup.exe', 'application/x-msdownload', 10), { maxBytes: MB, accept: ACCEPT }),
    ).toBe('نوع فایل «setup.exe» پذیرفته نیست.');
  });
});
