import { describe, expect, it } from 'vitest';
import { nameProblem, splitPath } from './drive-paths';

describe('drive names and paths', () => {
  it.each(['صحنهٔ اصلی.max', 'frame_0001.exr', 'نیم‌فاصله و فاصله', 'CONSOLE.txt', 'a.b.c'])(
    'takes %j',
    (name) => {
      expect(nameProblem(name)).toBeNull();
    },
  );

  it.each([
    '',
    '   ',
    '.',
    '..',
    'a/b',
    'a\\b',
    'nul\u0000x',
    'tab\tx',
    'CON',
    'con.txt',
    'NUL',
    'COM1',
    'lpt9.log',
    'ends.',
    'ends ',
    ' starts',
    'what?',
    'a:b',
    'x'.repeat(121),
  ])('refuses %j with a Persian reason', (name) => {
    expect(nameProblem(name)).toMatch(/[\u0600-\u06FF]/);
  });

  it('splits good paths and refuses climbing or empty segments', () => {
    expect(splitPath('')).toEqual([]);
    expect(splitPath('صحنه‌ها/خانه')).toEqual(['صحنه‌ها', 'خانه']);
    expect(splitPath('../x')).toBeNull();
    expect(splitPath('a//b')).toBeNull();
    expect(splitPath('/a')).toBeNull();
    expect(splitPath(Array.from({ length: 17 }, () => 'a').join('/'))).toBeNull();
  });
});
