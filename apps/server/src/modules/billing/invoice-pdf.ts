import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import bidiFactory from 'bidi-js';
import PDFDocument from 'pdfkit';
import type { InvoiceDocument, InvoiceLine } from './invoice-document';

/**
 * The invoice as an A4 PDF (docs/decisions/0007-invoice-pdf.md), drawn from the same
 * `InvoiceDocument` as the printable page, right to left, in Vazirmatn.
 *
 * PDFKit draws glyphs left to right and knows nothing of bidi; fontkit (its shaper) joins Arabic
 * letters and then reverses the glyphs of any string whose first non-neutral character is of a
 * right-to-left script. So each line goes through the Unicode bidi algorithm (bidi-js) into visual
 * order, with mirrored brackets, and is cut into pieces of one script each: a right-to-left piece is
 * handed to PDFKit reversed back (letters in reading order, which fontkit needs to join them, and
 * fontkit's own reversal makes it visual again); any other piece is handed over as it stands. The
 * pieces are then placed left to right. Persian digits are Arabic script too, so a number inside a
 * left-to-right run («۱۲٬۵۰۰») takes the same double reversal and comes out in the right order.
 */

const bidi = bidiFactory();

/**
 * Any feature list makes PDFKit lay out a piece in one fontkit call; without one it shapes each
 * space-separated word on its own and puts the words left to right, reversing a Persian phrase.
 * `kern` is on by default anyway, so naming it changes nothing else.
 */
const FEATURES: PDFKit.Mixins.OpenTypeFeatures[] = ['kern'];

const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const NEUTRAL_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
const MARK = /\p{M}/u;

type ScriptClass = 'rtl' | 'other' | null;

function scriptClass(char: string): ScriptClass {
  if (RTL_SCRIPT.test(char)) return 'rtl';
  return NEUTRAL_SCRIPT.test(char) ? null : 'other';
}

/**
 * One line of logical text as the strings to draw, left to right: each is given to PDFKit as is,
 * and what PDFKit (fontkit) then draws is the line in visual order with letters joined.
 */
export function visualPieces(line: string): string[] {
  const text = line.trim();
  if (!text) return [];
  const levels = bidi.getEmbeddingLevels(text, 'rtl');
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const order = bidi.getReorderedIndices(text, levels);

  // The script class of each UTF-16 unit; a combining mark goes with its base letter, so a mark
  // is never drawn apart from it.
  const classes: ScriptClass[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    classes.push(i > 0 && MARK.test(char) ? (classes[i - 1] ?? null) : scriptClass(char));
  }

  const pieces: { cls: ScriptClass; visual: string }[] = [];
  for (const index of order) {
    const char = mirrored.get(index) ?? (text[index] as string);
    const cls = classes[index] ?? null;
    const last = pieces[pieces.length - 1];
    if (last && (cls === null || last.cls === null || last.cls === cls)) {
      last.visual += char;
      if (last.cls === null) last.cls = cls;
    } else {
      pieces.push({ cls, visual: char });
    }
  }
  return pieces.map(({ cls, visual }) => {
    // A right-to-left run reverses the two halves of a surrogate pair; put them back.
    const fixed = visual.replace(/([\udc00-\udfff])([\ud800-\udbff])/g, '$2$1');
    return cls === 'rtl' ? reverseCodePoints(fixed) : fixed;
  });
}

function reverseCodePoints(value: string): string {
  return Array.from(value).reverse().join('');
}

const fontFiles = (() => {
  let cached: { regular: Buffer; bold: Buffer } | null = null;
  return () => {
    if (!cached) {
      // Resolved from this module, so it works wherever the server runs from (tsx from src).
      const root = dirname(createRequire(import.meta.url).resolve('vazirmatn/package.json'));
      cached = {
        regular: readFileSync(join(root, 'fonts/ttf/Vazirmatn-Regular.ttf')),
        bold: readFileSync(join(root, 'fonts/ttf/Vazirmatn-Bold.ttf')),
      };
    }
    return cached;
  };
})();

const REGULAR = 'Vazirmatn';
const BOLD = 'Vazirmatn-Bold';

const INK = '#111827';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const SHADE = '#f3f4f6';

const MARGIN = 40;
/** Where the footer starts; the body never goes below it. */
const FOOTER_HEIGHT = 48;

type Align = 'right' | 'left' | 'center';

interface TextStyle {
  font?: typeof REGULAR | typeof BOLD;
  size?: number;
  color?: string;
}

class Painter {
  readonly left: number;
  readonly right: number;
  readonly width: number;
  readonly bottom: number;

  constructor(readonly doc: PDFKit.PDFDocument) {
    this.left = MARGIN;
    this.right = doc.page.width - MARGIN;
    this.width = this.right - this.left;
    this.bottom = doc.page.height - MARGIN - FOOTER_HEIGHT;
  }

  style({ font = REGULAR, size = 10, color = INK }: TextStyle): void {
    this.doc.font(font).fontSize(size).fillColor(color);
  }

  lineHeight(style: TextStyle): number {
    this.style(style);
    return this.doc.currentLineHeight(true);
  }

  measure(text: string, style: TextStyle): number {
    this.style(style);
    let width = 0;
    for (const piece of visualPieces(text)) {
      width += this.doc.widthOfString(piece, { features: FEATURES });
    }
    return width;
  }

  /** One line, aligned inside [x, x + width], its top at y. */
  line(text: string, x: number, y: number, width: number, align: Align, style: TextStyle): void {
    const pieces = visualPieces(text);
    this.style(style);
    const widths = pieces.map((piece) => this.doc.widthOfString(piece, { features: FEATURES }));
    const total = widths.reduce((sum, w) => sum + w, 0);
    let cursor = align === 'left' ? x : align === 'right' ? x + width - total : x + (width - total) / 2;
    pieces.forEach((piece, i) => {
      this.doc.text(piece, cursor, y, { lineBreak: false, features: FEATURES });
      cursor += widths[i] ?? 0;
    });
  }

  /** Breaks logical text into lines no wider than `width` (at spaces; a longer word stands alone). */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && this.measure(candidate, style) > width) {
        lines.push(current);
        current = word;
      } else {
        current = candidate;
      }
    }
    if (current) lines.push(current);
    return lines.length ? lines : [''];
  }

  /** Wrapped text with its top at y; returns the height used. */
  paragraph(text: string, x: number, y: number, width: number, align: Align, style: TextStyle): number {
    const height = this.lineHeight(style);
    const lines = this.wrap(text, width, style);
    lines.forEach((line, i) => {
      this.line(line, x, y + i * height, width, align, style);
    });
    return lines.length * height;
  }

  rule(y: number, color = RULE): void {
    this.doc.moveTo(this.left, y).lineTo(this.right, y).lineWidth(0.75).strokeColor(color).stroke();
  }

  box(x: number, y: number, width: number, height: number, fill?: string): void {
    const rect = this.doc.rect(x, y, width, height).lineWidth(0.75);
    if (fill) rect.fillAndStroke(fill, RULE);
    else rect.strokeColor(RULE).stroke();
  }
}

const labelled = (line: InvoiceLine) => `${line.label}: ${line.value}`;

/** A titled box of labelled lines, two to a row (the first on the right). Returns its bottom. */
function infoBox(p: Painter, title: string, lines: string[], y: number): number {
  const padding = 8;
  const size = 10;
  const rowHeight = p.lineHeight({ size });
  const titleHeight = p.lineHeight({ font: BOLD, size: 11 });
  const columnWidth = (p.width - padding * 3) / 2;
  const rows: string[][] = [];
  for (let i = 0; i < lines.length; i += 2) rows.push(lines.slice(i, i + 2));
  const heights = rows.map((row) =>
    Math.max(...row.map((line) => p.wrap(line, columnWidth, { size }).length * rowHeight)),
  );
  const height = padding * 2 + titleHeight + heights.reduce((sum, h) => sum + h, 0);
  p.box(p.left, y, p.width, height);
  p.line(title, p.left + padding, y + padding, p.width - padding * 2, 'right', { font: BOLD, size: 11 });
  let top = y + padding + titleHeight;
  rows.forEach((row, r) => {
    row.forEach((line, c) => {
      const x = c === 0 ? p.right - padding - columnWidth : p.left + padding;
      p.paragraph(line, x, top, columnWidth, 'right', { size });
    });
    top += heights[r] ?? 0;
  });
  return y + height;
}

/** Column widths in reading order (right to left), the description taking what is left. */
function columnWidths(p: Painter, count: number): number[] {
  const fixed = [34, 0, 48, 100, 110];
  const widths = Array.from({ length: count }, (_, i) => fixed[i] ?? 80);
  const rest = p.width - widths.reduce((sum, w) => sum + w, 0);
  widths[1] = rest;
  return widths;
}

/** The left edges of the columns, in reading order: the first column sits at the right margin. */
function columnEdges(p: Painter, widths: number[]): number[] {
  let x = p.right;
  return widths.map((w) => {
    x -= w;
    return x;
  });
}

function tableHeader(p: Painter, document: InvoiceDocument, widths: number[], y: number): number {
  const padding = 5;
  const style: TextStyle = { font: BOLD, size: 9.5 };
  const edges = columnEdges(p, widths);
  const lineHeight = p.lineHeight(style);
  const lines = document.columns.map((title, i) => p.wrap(title, (widths[i] ?? 0) - padding * 2, style));
  const height = Math.max(...lines.map((l) => l.length)) * lineHeight + padding * 2;
  document.columns.forEach((_, i) => {
    const x = edges[i] ?? 0;
    const w = widths[i] ?? 0;
    p.box(x, y, w, height, SHADE);
    const cell = lines[i] ?? [];
    const top = y + (height - cell.length * lineHeight) / 2;
    cell.forEach((line, l) => {
      p.line(line, x + padding, top + l * lineHeight, w - padding * 2, 'center', style);
    });
  });
  return y + height;
}

function itemsTable(p: Painter, document: InvoiceDocument, y: number): number {
  const padding = 5;
  const style: TextStyle = { size: 10 };
  const widths = columnWidths(p, document.columns.length);
  const lineHeight = p.lineHeight(style);
  let top = tableHeader(p, document, widths, y);
  for (const row of document.rows) {
    const cells = row.map((value, i) => p.wrap(value, (widths[i] ?? 0) - padding * 2, style));
    const height = Math.max(...cells.map((c) => c.length)) * lineHeight + padding * 2;
    if (top + height > p.bottom) {
      p.doc.addPage();
      top = tableHeader(p, document, widths, MARGIN);
    }
    const edges = columnEdges(p, widths);
    cells.forEach((cell, i) => {
      const x = edges[i] ?? 0;
      const w = widths[i] ?? 0;
      p.box(x, top, w, height);
      // The description reads from the right; numbers sit in the middle of their cells.
      const align: Align = i === 1 ? 'right' : 'center';
      cell.forEach((line, l) => {
        p.line(line, x + padding, top + padding + l * lineHeight, w - padding * 2, align, style);
      });
    });
    top += height;
  }
  return top;
}

/** Subtotal, tax and total under the amount columns, on the left as on an Iranian invoice. */
function totalsBlock(p: Painter, document: InvoiceDocument, y: number): number {
  const padding = 5;
  const widths = columnWidths(p, document.columns.length);
  const valueWidth = widths[widths.length - 1] ?? 110;
  const labelWidth = (widths[widths.length - 2] ?? 100) + (widths[widths.length - 3] ?? 48);
  const valueX = p.left;
  const labelX = p.left + valueWidth;
  let top = y;
  const height = p.lineHeight({ font: BOLD, size: 10.5 }) + padding * 2;
  if (top + height * document.totals.length > p.bottom) {
    p.doc.addPage();
    top = MARGIN;
  }
  document.totals.forEach((line, i) => {
    const last = i === document.totals.length - 1;
    const style: TextStyle = last ? { font: BOLD, size: 10.5 } : { size: 10 };
    p.box(labelX, top, labelWidth, height, last ? SHADE : undefined);
    p.box(valueX, top, valueWidth, height, last ? SHADE : undefined);
    p.line(line.label, labelX + padding, top + padding, labelWidth - padding * 2, 'right', style);
    p.line(line.value, valueX + padding, top + padding, valueWidth - padding * 2, 'center', style);
    top += height;
  });
  return top;
}

function footer(p: Painter, document: InvoiceDocument, page: number, pages: number): void {
  const y = p.doc.page.height - MARGIN - FOOTER_HEIGHT + 12;
  p.rule(y);
  const used = p.paragraph(document.footer, p.left, y + 6, p.width, 'center', { size: 8, color: MUTED });
  if (pages > 1) {
    const label = `صفحهٔ ${page.toLocaleString('fa-IR')} از ${pages.toLocaleString('fa-IR')}`;
    p.line(label, p.left, y + 6 + used, p.width, 'center', { size: 8, color: MUTED });
  }
}

function draw(p: Painter, document: InvoiceDocument): void {
  // Header: the site and the title on the right; nothing on the left.
  let y = MARGIN;
  p.line(document.siteName, p.left, y, p.width, 'right', { font: BOLD, size: 16 });
  y += p.lineHeight({ font: BOLD, size: 16 });
  p.line(document.title, p.left, y, p.width, 'right', { font: BOLD, size: 22 });
  y += p.lineHeight({ font: BOLD, size: 22 }) + 6;
  p.rule(y, INK);
  y += 8;

  // Number, dates, status and kind in one strip of cells, the number first (on the right); each
  // detail is its label over its value.
  const cells: { label: string | null; value: string }[] = [
    { label: null, value: document.numberLabel },
    ...document.details,
  ];
  const cellWidth = p.width / cells.length;
  const labelStyle: TextStyle = { size: 8.5, color: MUTED };
  const valueStyle: TextStyle = { font: BOLD, size: 10 };
  const labelHeight = p.lineHeight(labelStyle);
  const valueHeight = p.lineHeight(valueStyle);
  const stripHeight = labelHeight + valueHeight + 12;
  p.box(p.left, y, p.width, stripHeight, SHADE);
  cells.forEach((cell, i) => {
    const x = p.right - (i + 1) * cellWidth + 4;
    const width = cellWidth - 8;
    if (cell.label === null) {
      p.line(cell.value, x, y + (stripHeight - valueHeight) / 2, width, 'center', valueStyle);
    } else {
      p.line(cell.label, x, y + 6, width, 'center', labelStyle);
      p.line(cell.value, x, y + 6 + labelHeight, width, 'center', valueStyle);
    }
  });
  y += stripHeight + 12;

  y = infoBox(p, 'مشخصات فروشنده', document.seller.map(labelled), y) + 10;
  const buyer = document.buyer.length ? document.buyer.map(labelled) : ['مشخصات خریدار ثبت نشده است.'];
  y = infoBox(p, 'مشخصات خریدار', buyer, y) + 14;

  y = itemsTable(p, document, y);
  totalsBlock(p, document, y + 8);
}

/**
 * Text extraction (pdftotext, and the same in pdf.js) reads the glyphs left to right and then
 * reverses each right-to-left run, the letters of a ligature included; PDFKit maps a ligature glyph
 * (the lam-alef of «پلاک», «علا») to its letters in reading order, so it would come out as «پالک».
 * Mapping a right-to-left ligature to its letters reversed makes the round trip right. `unicode` is
 * PDFKit's per-glyph table (internal), written into the ToUnicode CMap when the document ends; if a
 * later PDFKit has no such table, nothing changes but copied text (the test extracts a name with
 * lam-alef, so it would notice).
 */
function mapLigaturesForExtraction(fonts: unknown[]): void {
  for (const font of fonts) {
    const table = (font as { unicode?: unknown } | null)?.unicode;
    if (!Array.isArray(table)) continue;
    table.forEach((codePoints: unknown, gid) => {
      if (
        Array.isArray(codePoints) &&
        codePoints.length > 1 &&
        codePoints.some((cp) => typeof cp === 'number' && RTL_SCRIPT.test(String.fromCodePoint(cp)))
      ) {
        table[gid] = [...codePoints].reverse();
      }
    });
  }
}

/** Renders the invoice as an A4 PDF, every page with the footer line. */
export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const fonts = fontFiles();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: 'fa-IR',
    displayTitle: true,
    info: { Title: `${document.title} ${document.numberLabel}`, Author: document.siteName },
  });
  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
  // PDFKit's embedded font objects (one per registered font, made on first use), for the fix above.
  const embedded = [REGULAR, BOLD].map((name) => (doc.font(name) as unknown as { _font: unknown })._font);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    const painter = new Painter(doc);
    draw(painter, document);
    const { start, count } = doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      doc.switchToPage(i);
      footer(painter, document, i - start + 1, count);
    }
    mapLigaturesForExtraction(embedded);
    doc.end();
  } catch (error) {
    doc.end();
    return Promise.reject(error);
  }
  return done;
}
