import { crc32, deflateSync } from 'node:zlib';

export type Rgb = readonly [number, number, number];
export type Point = readonly [number, number];

/** Sub-scanlines per pixel row: enough for smooth glyph edges in small pictures. */
const SUBSAMPLES = 4;

/**
 * A small RGB picture drawn in memory and written as a PNG: rectangles, ellipses and filled
 * outlines (nonzero winding, anti-aliased), which is all a generated document needs (text is
 * drawn as glyph outlines, raster/text.ts). No image library, no native code.
 */
export class RasterCanvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb = [255, 255, 255],
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.fillRect(0, 0, width, height, background);
  }

  /** A copy to draw on, leaving this one as it is (a template drawn once, filled in many times). */
  clone(): RasterCanvas {
    const copy = new RasterCanvas(this.width, this.height);
    copy.pixels.set(this.pixels);
    return copy;
  }

  /** An axis-aligned rectangle (whole pixels). */
  fillRect(x: number, y: number, w: number, h: number, color: Rgb): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    const [r, g, b] = color.map(Math.round) as [number, number, number];
    for (let py = y0; py < y1; py++) {
      for (let i = (py * this.width + x0) * 3, end = (py * this.width + x1) * 3; i < end; i += 3) {
        this.pixels[i] = r;
        this.pixels[i + 1] = g;
        this.pixels[i + 2] = b;
      }
    }
  }

  /** A vertical blend from `top` to `bottom` over the rectangle. */
  fillGradient(x: number, y: number, w: number, h: number, top: Rgb, bottom: Rgb): void {
    for (let row = 0; row < h; row++) {
      const t = h <= 1 ? 0 : row / (h - 1);
      const color: Rgb = [
        top[0] + (bottom[0] - top[0]) * t,
        top[1] + (bottom[1] - top[1]) * t,
        top[2] + (bottom[2] - top[2]) * t,
      ];
      this.fillRect(x, y + row, w, 1, color);
    }
  }

  fillRoundedRect(x: number, y: number, w: number, h: number, radius: number, color: Rgb): void {
    const r = Math.min(radius, w / 2, h / 2);
    const outline: Point[] = [];
    const corner = (cx: number, cy: number, from: number) => {
      for (let i = 0; i <= 8; i++) {
        const a = from + (i / 8) * (Math.PI / 2);
        outline.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
      }
    };
    corner(x + w - r, y + r, -Math.PI / 2);
    corner(x + w - r, y + h - r, 0);
    corner(x + r, y + h - r, Math.PI / 2);
    corner(x + r, y + r, Math.PI);
    this.fillPolygons([outline], color);
  }

  fillEllipse(cx: number, cy: number, rx: number, ry: number, color: Rgb): void {
    const steps = Math.max(24, Math.ceil(Math.max(rx, ry)));
    const outline: Point[] = [];
    for (let i = 0; i < steps; i++) {
      const a = (i / steps) * Math.PI * 2;
      outline.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)]);
    }
    this.fillPolygons([outline], color);
  }

  /**
   * Fills closed outlines (each a list of points, closed implicitly) by the nonzero winding rule,
   * each pixel covered in proportion to the area inside (sub-scanlines vertically, exact spans
   * horizontally), so glyph edges come out smooth.
   */
  fillPolygons(polygons: Point[][], color: Rgb, opacity = 1): void {
    // Edges as flat numbers, sorted by their top, so each sub-scanline looks only at the edges
    // that have started (a glyph has a few hundred pieces; a picture draws many glyphs).
    const list: [number, number, number, number, number][] = [];
    let minX = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (const polygon of polygons) {
      for (let i = 0; i < polygon.length; i++) {
        const [ax, ay] = polygon[i]!;
        const [bx, by] = polygon[(i + 1) % polygon.length]!;
        minX = Math.min(minX, ax);
        maxX = Math.max(maxX, ax);
        minY = Math.min(minY, ay);
        maxY = Math.max(maxY, ay);
        if (ay === by) continue;
        list.push(ay < by ? [ay, by, ax, (bx - ax) / (by - ay), 1] : [by, ay, bx, (ax - bx) / (ay - by), -1]);
      }
    }
    if (list.length === 0) return;
    const left = Math.max(0, Math.floor(minX));
    const right = Math.min(this.width, Math.ceil(maxX) + 1);
    const top = Math.max(0, Math.floor(minY));
    const bottom = Math.min(this.height, Math.ceil(maxY));
    if (left >= right || top >= bottom) return;
    list.sort((p, q) => p[0] - q[0]);
    const count = list.length;
    const y0s = new Float64Array(count);
    const y1s = new Float64Array(count);
    const x0s = new Float64Array(count);
    const slopes = new Float64Array(count);
    const dirs = new Int8Array(count);
    list.forEach(([y0, y1, x0, slope, dir], i) => {
      y0s[i] = y0;
      y1s[i] = y1;
      x0s[i] = x0;
      slopes[i] = slope;
      dirs[i] = dir;
    });
    const coverage = new Float32Array(right - left + 1);
    const xs = new Float64Array(count);
    const ws = new Int8Array(count);
    const share = 1 / SUBSAMPLES;
    const addSpan = (from: number, to: number) => {
      const a = Math.max(left, Math.min(right, from));
      const b = Math.max(left, Math.min(right, to));
      if (b <= a) return;
      const ia = Math.floor(a);
      const ib = Math.floor(b);
      if (ia === ib) {
        coverage[ia - left]! += (b - a) * share;
        return;
      }
      coverage[ia - left]! += (ia + 1 - a) * share;
      for (let i = ia + 1; i < ib; i++) coverage[i - left]! += share;
      if (ib < right) coverage[ib - left]! += (b - ib) * share;
    };
    let started = 0;
    for (let py = top; py < bottom; py++) {
      coverage.fill(0);
      for (let k = 0; k < SUBSAMPLES; k++) {
        const sy = py + (k + 0.5) * share;
        while (started < count && y0s[started]! <= sy) started++;
        // The crossings of this sub-scanline, kept sorted by x as they are found (few per line).
        let n = 0;
        for (let e = 0; e < started; e++) {
          if (sy >= y1s[e]!) continue;
          const x = x0s[e]! + (sy - y0s[e]!) * slopes[e]!;
          let j = n++;
          while (j > 0 && xs[j - 1]! > x) {
            xs[j] = xs[j - 1]!;
            ws[j] = ws[j - 1]!;
            j--;
          }
          xs[j] = x;
          ws[j] = dirs[e]!;
        }
        let winding = 0;
        let start = 0;
        for (let c = 0; c < n; c++) {
          const before = winding;
          winding += ws[c]!;
          if (before === 0 && winding !== 0) start = xs[c]!;
          else if (before !== 0 && winding === 0) addSpan(start, xs[c]!);
        }
      }
      for (let px = left; px < right; px++) {
        const cover = coverage[px - left]!;
        if (cover > 0) this.blend(px, py, color, Math.min(1, cover) * opacity);
      }
    }
  }

  /** The picture as a PNG file (8-bit RGB, no interlace). */
  png(): Buffer {
    const rowLength = this.width * 3 + 1;
    const raw = Buffer.alloc(rowLength * this.height);
    for (let y = 0; y < this.height; y++) {
      raw[y * rowLength] = 0; // filter: none
      raw.set(this.pixels.subarray(y * this.width * 3, (y + 1) * this.width * 3), y * rowLength + 1);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header[8] = 8; // bits per sample
    header[9] = 2; // colour type: RGB
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(raw, { level: 6 })),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
  }

  private blend(px: number, py: number, color: Rgb, alpha: number): void {
    const i = (py * this.width + px) * 3;
    if (alpha >= 0.999) {
      this.pixels[i] = color[0];
      this.pixels[i + 1] = color[1];
      this.pixels[i + 2] = color[2];
      return;
    }
    for (let c = 0; c < 3; c++) {
      this.pixels[i + c] = Math.round(this.pixels[i + c]! * (1 - alpha) + color[c]! * alpha);
    }
  }
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
