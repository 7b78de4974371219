import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { RasterCanvas } from './canvas';
import { drawText, measureText, vazirmatn } from './text';

const at = (canvas: RasterCanvas, x: number, y: number) =>
  Array.from(canvas.pixels.subarray((y * canvas.width + x) * 3, (y * canvas.width + x) * 3 + 3));

/** Columns holding any pixel other than the background. */
function inkedColumns(canvas: RasterCanvas): number[] {
  const columns: number[] = [];
  for (let x = 0; x < canvas.width; x++) {
    for (let y = 0; y < canvas.height; y++) {
      if (at(canvas, x, y).some((v) => v !== 255)) {
        columns.push(x);
        break;
      }
    }
  }
  return columns;
}

describe('RasterCanvas', () => {
  it('fills shapes: whole pixels inside, nothing outside, partial cover on an edge', () => {
    const canvas = new RasterCanvas(40, 40);
    canvas.fillRect(2, 2, 4, 4, [10, 20, 30]);
    expect(at(canvas, 3, 3)).toEqual([10, 20, 30]);
    expect(at(canvas, 6, 6)).toEqual([255, 255, 255]);
    canvas.fillEllipse(25, 25, 10, 10, [0, 0, 0]);
    expect(at(canvas, 25, 25)).toEqual([0, 0, 0]);
    expect(at(canvas, 39, 39)).toEqual([255, 255, 255]);
    // The circle's edge crosses this pixel: grey, neither white nor black.
    const edge = at(canvas, 34, 25)[0]!;
    expect(edge).toBeGreaterThan(0);
    expect(edge).toBeLessThan(255);
  });

  it('writes a PNG whose pixels are the canvas', () => {
    const canvas = new RasterCanvas(7, 3, [1, 2, 3]);
    canvas.fillRect(0, 1, 7, 1, [200, 100, 50]);
    const png = canvas.png();
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const idat = png.indexOf('IDAT', 0, 'latin1');
    const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    const rows = [0, 1, 2].map((y) => raw.subarray(y * 22 + 1, (y + 1) * 22));
    expect(Array.from(rows[0]!.subarray(0, 3))).toEqual([1, 2, 3]);
    expect(Array.from(rows[1]!.subarray(18, 21))).toEqual([200, 100, 50]);
  });

  it('draws text where its measure says, right-aligned for Persian and left-aligned for digits', () => {
    const style = { font: vazirmatn('bold'), size: 24, color: [0, 0, 0] as const };
    const words = new RasterCanvas(300, 40);
    const width = drawText(words, 'رندر فارم ابری', 280, 30, style);
    expect(width).toBeCloseTo(measureText('رندر فارم ابری', style));
    const inked = inkedColumns(words);
    expect(inked.at(-1)!).toBeLessThanOrEqual(281);
    expect(inked[0]!).toBeGreaterThanOrEqual(Math.floor(280 - width) - 1);

    const digits = new RasterCanvas(300, 40);
    const digitsWidth = drawText(digits, '۱۲۳', 10, 30, { ...style, direction: 'ltr' });
    expect(inkedColumns(digits)[0]!).toBeGreaterThanOrEqual(9);
    expect(inkedColumns(digits).at(-1)!).toBeLessThanOrEqual(Math.ceil(10 + digitsWidth) + 1);
    // Reading order kept: «۱» (a narrow stroke) comes first, at the left.
    const one = new RasterCanvas(300, 40);
    drawText(one, '۱', 10, 30, { ...style, direction: 'ltr' });
    expect(inkedColumns(digits).slice(0, inkedColumns(one).length)).toEqual(inkedColumns(one));
  });
});
