import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkFrames, framesOf, MAX_FRAMES, outputName, parseFrames } from './frames';

const frames = (spec: string) => {
  const result = parseFrames(spec);
  if (!result.ok) throw new Error(`refused ${spec}: ${result.error}`);
  return result.frames;
};
const error = (spec: string) => {
  const result = parseFrames(spec);
  if (result.ok) throw new Error(`accepted ${spec}`);
  return result.error;
};
const range = (a: number, b: number, step = 1) =>
  Array.from({ length: Math.floor((b - a) / step) + 1 }, (_, i) => a + i * step);

describe('frames spec', () => {
  it('reads ranges, lists and steps', () => {
    expect(frames('1-250')).toEqual(range(1, 250));
    expect(frames('1,5,10-20')).toEqual([1, 5, ...range(10, 20)]);
    expect(frames('1-100x5')).toEqual(range(1, 96, 5));
    expect(frames('7')).toEqual([7]);
    expect(frames(' 1 - 3 , 2-4 ')).toEqual([1, 2, 3, 4]);
  });

  it('reads Persian and Arabic digits, the Persian comma and ×', () => {
    expect(frames('۱-۲۵۰')).toEqual(range(1, 250));
    expect(frames('۱،۵،۱۰-۲۰')).toEqual([1, 5, ...range(10, 20)]);
    expect(frames('١-١٠٠×٥')).toEqual(range(1, 96, 5));
  });

  it('refuses 0, a backwards range, too many frames and text, in Persian', () => {
    expect(error('0')).toBe('شمارهٔ فریم از ۱ شروع می‌شود؛ فریم ۰ پذیرفته نیست.');
    expect(error('0-10')).toContain('از ۱ شروع');
    expect(error('10-1')).toBe(
      'در هر بازه، فریم آغاز باید از فریم پایان کوچک‌تر باشد (آغاز ۱۰ از پایان ۱ بزرگ‌تر است).',
    );
    expect(error('1-100000')).toBe(
      'یک رندر حداکثر ۱۰٬۰۰۰ فریم دارد و این فهرست ۱۰۰٬۰۰۰ فریم است؛ فریم‌ها را در چند رندر بفرستید.',
    );
    expect(error('1-6000,6001-12000')).toContain('حداکثر ۱۰٬۰۰۰ فریم');
    expect(error('همه')).toMatch(/^فریم‌ها را با عدد بنویسید/);
    expect(error('1-')).toMatch(/^فریم‌ها را با عدد بنویسید/);
    expect(error('1,,2')).toMatch(/^فریم‌ها را با عدد بنویسید/);
    expect(error('1.5')).toMatch(/^فریم‌ها را با عدد بنویسید/);
    expect(error('')).toMatch(/^فریم‌هایی را که می‌خواهید/);
    expect(error('1-10x0')).toBe('گام بازه دست‌کم ۱ است (مثل ۱-۱۰۰x۵).');
    expect(error('2000000')).toContain('حداکثر');
  });

  it('takes exactly 10,000 frames and overlapping parts once', () => {
    expect(frames('1-10000')).toHaveLength(MAX_FRAMES);
    expect(frames('1-10000,1-10000')).toHaveLength(MAX_FRAMES);
    expect(error('1-10001')).toContain('۱۰٬۰۰۱');
  });
});

describe('chunking frames into tasks', () => {
  it('cuts runs into chunks of at most the chunk size', () => {
    expect(chunkFrames(range(1, 6), 2)).toEqual([
      { start: 1, end: 2, step: 1 },
      { start: 3, end: 4, step: 1 },
      { start: 5, end: 6, step: 1 },
    ]);
    expect(chunkFrames(range(1, 250), 10)).toHaveLength(25);
    expect(chunkFrames(range(1, 96, 5), 4)[0]).toEqual({ start: 1, end: 16, step: 5 });
    expect(chunkFrames([1, 5, ...range(10, 20)], 10)).toEqual([
      { start: 1, end: 5, step: 4 },
      { start: 10, end: 19, step: 1 },
      { start: 20, end: 20, step: 1 },
    ]);
    expect(() => chunkFrames([1], 0)).toThrow(RangeError);
  });

  it('covers every frame exactly once, in order, within the chunk size (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 1, max: 30 }),
        (list, chunk) => {
          const sorted = [...list].sort((a, b) => a - b);
          const chunks = chunkFrames(sorted, chunk);
          expect(chunks.flatMap(framesOf)).toEqual(sorted);
          for (const c of chunks) expect(framesOf(c).length).toBeLessThanOrEqual(chunk);
        },
      ),
    );
  });
});

describe('output names', () => {
  it('pads the frame to four digits with the format extension', () => {
    expect(outputName(1, 'PNG')).toBe('frame_0001.png');
    expect(outputName(250, 'JPEG')).toBe('frame_0250.jpg');
    expect(outputName(12, 'OPEN_EXR')).toBe('frame_0012.exr');
    expect(outputName(123456, 'PNG')).toBe('frame_123456.png');
  });
});
