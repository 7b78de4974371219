import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Point, RasterCanvas, Rgb } from './canvas';

/** The part of fontkit (PDFKit's shaper, already installed with it) that drawing text needs. */
interface PathCommand {
  command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
  args: number[];
}
interface Glyph {
  path: { commands: PathCommand[] };
}
interface GlyphPosition {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}
export interface RasterFont {
  unitsPerEm: number;
  layout(
    text: string,
    features?: string[],
    script?: string,
    language?: string,
    direction?: 'ltr' | 'rtl',
  ): { glyphs: Glyph[]; positions: GlyphPosition[] };
}

const fonts = new Map<string, RasterFont>();

/**
 * Vazirmatn (the site's typeface, also used for invoices) opened by fontkit, which joins Persian
 * letters and orders a right-to-left run for drawing.
 */
export function vazirmatn(weight: 'regular' | 'bold' = 'regular'): RasterFont {
  const cached = fonts.get(weight);
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as {
    create(buffer: Buffer): RasterFont;
  };
  const root = dirname(require.resolve('vazirmatn/package.json'));
  const file = weight === 'bold' ? 'Vazirmatn-Bold.ttf' : 'Vazirmatn-Regular.ttf';
  const font = fontkit.create(readFileSync(join(root, 'fonts/ttf', file)));
  fonts.set(weight, font);
  return font;
}

export interface TextStyle {
  font: RasterFont;
  /** Pixels per em. */
  size: number;
  color: Rgb;
  /** One direction per call: a line that mixes Persian words and digits is drawn in pieces. */
  direction?: 'ltr' | 'rtl';
  /** Where `x` is: the run's left end, right end or middle. */
  align?: 'left' | 'right' | 'center';
}

function shape(text: string, style: TextStyle) {
  const run = style.font.layout(text, undefined, 'arab', undefined, style.direction ?? 'rtl');
  const scale = style.size / style.font.unitsPerEm;
  const width = run.positions.reduce((sum, p) => sum + p.xAdvance, 0) * scale;
  return { run, scale, width };
}

/** How wide `text` is drawn in `style`, in pixels. */
export function measureText(text: string, style: TextStyle): number {
  return shape(text, style).width;
}

/** Draws one run of text with its baseline at `y`; returns its width. */
export function drawText(canvas: RasterCanvas, text: string, x: number, y: number, style: TextStyle): number {
  const { run, scale, width } = shape(text, style);
  const align = style.align ?? (style.direction === 'ltr' ? 'left' : 'right');
  let pen = align === 'left' ? x : align === 'right' ? x - width : x - width / 2;
  for (let i = 0; i < run.glyphs.length; i++) {
    const glyph = run.glyphs[i]!;
    const position = run.positions[i]!;
    const ox = pen + position.xOffset * scale;
    const oy = y - position.yOffset * scale;
    const outlines = flatten(glyph.path.commands, (gx, gy) => [ox + gx * scale, oy - gy * scale]);
    if (outlines.length > 0) canvas.fillPolygons(outlines, style.color);
    pen += position.xAdvance * scale;
  }
  return width;
}

/** A glyph's outline as closed polygons: curves cut into short straight pieces. */
function flatten(commands: PathCommand[], to: (x: number, y: number) => Point): Point[][] {
  const polygons: Point[][] = [];
  let current: Point[] = [];
  let last: Point = [0, 0];
  const close = () => {
    if (current.length > 2) polygons.push(current);
    current = [];
  };
  const STEPS = 6;
  for (const { command, args } of commands) {
    if (command === 'moveTo') {
      close();
      last = to(args[0]!, args[1]!);
      current.push(last);
    } else if (command === 'lineTo') {
      last = to(args[0]!, args[1]!);
      current.push(last);
    } else if (command === 'quadraticCurveTo') {
      const [c, e] = [to(args[0]!, args[1]!), to(args[2]!, args[3]!)];
      const s = last;
      for (let i = 1; i <= STEPS; i++) {
        const t = i / STEPS;
        const u = 1 - t;
        current.push([
          u * u * s[0] + 2 * u * t * c[0] + t * t * e[0],
          u * u * s[1] + 2 * u * t * c[1] + t * t * e[1],
        ]);
      }
      last = e;
    } else if (command === 'bezierCurveTo') {
      const [c1, c2, e] = [to(args[0]!, args[1]!), to(args[2]!, args[3]!), to(args[4]!, args[5]!)];
      const s = last;
      for (let i = 1; i <= STEPS; i++) {
        const t = i / STEPS;
        const u = 1 - t;
        current.push([
          u * u * u * s[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * e[0],
          u * u * u * s[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * e[1],
        ]);
      }
      last = e;
    } else {
      close();
    }
  }
  close();
  return polygons;
}
