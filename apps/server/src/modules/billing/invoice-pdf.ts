import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import bidiFactory from 'bidi-js';
import PDFDocument from 'pdfkit';
import type { InvoiceDocument, InvoiceLine } from './invoice-document';

/**
 * The invoice as an A4 landscape PDF laid out as the official form (docs/decisions/0007-invoice-pdf.md,
 * 0013-official-invoice.md), drawn from the same `InvoiceDocument` as the printable page, right to
 * left, in Vazirmatn.
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
const MUTED = '#4b5563';
const RULE = '#9ca3af';
const SHADE = '#eef0f3';

/** A4 landscape, as the official form is printed: eleven columns need the width. */
const MARGIN = 28;
/** Where the footer starts; the body never goes below it. */
const FOOTER_HEIGHT = 34;
const PAD = 4;

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

  style({ font = REGULAR, size = 9, color = INK }: TextStyle): void {
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
    const rect = this.doc.rect(x, y, width, height).lineWidth(0.6);
    if (fill) rect.fillAndStroke(fill, RULE);
    else rect.strokeColor(RULE).stroke();
  }

  /** Starts a new page when `height` more would run into the footer; returns where to draw. */
  room(y: number, height: number): number {
    if (y + height <= this.bottom) return y;
    this.doc.addPage();
    return MARGIN;
  }
}

const LABEL: TextStyle = { size: 8, color: MUTED };
const VALUE: TextStyle = { size: 9 };
const GRID_SLOTS = 5;

/** How many of a party box's five slots a field takes: the name two, the address three. */
function span(line: InvoiceLine): number {
  if (line.label === 'فروشنده' || line.label === 'خریدار') return 2;
  if (line.label === 'نشانی') return 3;
  return 1;
}

/**
 * One field of a party box: its label, then its value on the reading side. A code (`ltr`) is drawn
 * as its own left-to-right piece beside the label; other values wrap with it as one paragraph.
 */
function field(p: Painter, line: InvoiceLine, x: number, y: number, width: number, draw: boolean): number {
  const label = `${line.label}:`;
  if (line.ltr) {
    if (draw) {
      const labelWidth = p.measure(label, LABEL);
      p.line(label, x, y + 1, width, 'right', LABEL);
      p.line(line.value, x, y, width - labelWidth - 4, 'right', VALUE);
    }
    return p.lineHeight(VALUE);
  }
  const lines = p.wrap(`${label} ${line.value}`, width, VALUE);
  if (draw) p.paragraph(`${label} ${line.value}`, x, y, width, 'right', VALUE);
  return lines.length * p.lineHeight(VALUE);
}

/**
 * A party box of the form: the title in a shaded column on the right, the fields in rows of five
 * slots to its left, each row as tall as its tallest field. Returns its bottom.
 */
function partyBox(p: Painter, title: string, lines: InvoiceLine[], y: number): number {
  const titleWidth = 74;
  const gridRight = p.right - titleWidth;
  const slot = (p.width - titleWidth) / GRID_SLOTS;
  const rows: InvoiceLine[][] = [];
  let used = GRID_SLOTS;
  for (const line of lines) {
    if (used + span(line) > GRID_SLOTS) {
      rows.push([]);
      used = 0;
    }
    rows[rows.length - 1]?.push(line);
    used += span(line);
  }
  if (rows.length === 0) rows.push([]);
  const heights = rows.map(
    (row) =>
      Math.max(p.lineHeight(VALUE), ...row.map((l) => field(p, l, 0, 0, span(l) * slot - PAD * 2, false))) +
      PAD * 2,
  );
  const height = heights.reduce((a, b) => a + b, 0);
  const top = p.room(y, height);
  p.box(gridRight, top, titleWidth, height, SHADE);
  p.paragraph(
    title,
    gridRight + PAD,
    top + height / 2 - p.lineHeight({ font: BOLD, size: 9.5 }),
    titleWidth - PAD * 2,
    'center',
    {
      font: BOLD,
      size: 9.5,
    },
  );
  let rowTop = top;
  rows.forEach((row, r) => {
    const rowHeight = heights[r] ?? 0;
    let x = gridRight;
    row.forEach((line, i) => {
      // The last field of a row takes what the row leaves, as on the form.
      const width = i === row.length - 1 ? x - p.left : span(line) * slot;
      x -= width;
      p.box(x, rowTop, width, rowHeight);
      field(p, line, x + PAD, rowTop + PAD, width - PAD * 2, true);
    });
    if (row.length === 0) {
      p.box(p.left, rowTop, gridRight - p.left, rowHeight);
      p.line(
        'مشخصات خریدار ثبت نشده است.',
        p.left + PAD,
        rowTop + PAD,
        gridRight - p.left - PAD * 2,
        'right',
        VALUE,
      );
    }
    rowTop += rowHeight;
  });
  return top + height;
}

/** Column widths in reading order (right to left): the description takes what is left. */
function columnWidths(p: Painter, count: number): number[] {
  const fixed = [26, 44, 0, 42, 36, 70, 74, 56, 78, 76, 86];
  const widths = Array.from({ length: count }, (_, i) => fixed[i] ?? 60);
  widths[2] = p.width - widths.reduce((sum, w) => sum + w, 0);
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

const HEAD: TextStyle = { font: BOLD, size: 7.5 };
const CELL: TextStyle = { size: 8.5 };

function tableHeader(p: Painter, document: InvoiceDocument, widths: number[], y: number): number {
  const edges = columnEdges(p, widths);
  const lineHeight = p.lineHeight(HEAD);
  const lines = document.columns.map((title, i) => p.wrap(title, (widths[i] ?? 0) - PAD * 2, HEAD));
  const height = Math.max(...lines.map((l) => l.length)) * lineHeight + PAD * 2;
  document.columns.forEach((_, i) => {
    const x = edges[i] ?? 0;
    const w = widths[i] ?? 0;
    p.box(x, y, w, height, SHADE);
    const cell = lines[i] ?? [];
    const top = y + (height - cell.length * lineHeight) / 2;
    cell.forEach((line, l) => {
      p.line(line, x + PAD, top + l * lineHeight, w - PAD * 2, 'center', HEAD);
    });
  });
  return y + height;
}

/** A shaded band across the page with a title on the right (the form's section heads). */
function band(p: Painter, title: string, y: number): number {
  const height = p.lineHeight({ font: BOLD, size: 9 }) + PAD;
  p.box(p.left, y, p.width, height, SHADE);
  p.line(title, p.left + PAD, y + PAD / 2, p.width - PAD * 2, 'right', { font: BOLD, size: 9 });
  return y + height;
}

function itemsTable(p: Painter, document: InvoiceDocument, y: number): number {
  const widths = columnWidths(p, document.columns.length);
  const edges = columnEdges(p, widths);
  const lineHeight = p.lineHeight(CELL);
  let top = tableHeader(p, document, widths, p.room(y, 80));
  for (const row of document.rows) {
    const cells = row.map((value, i) => p.wrap(value, (widths[i] ?? 0) - PAD * 2, CELL));
    const height = Math.max(...cells.map((c) => c.length)) * lineHeight + PAD * 2;
    if (top + height > p.bottom) {
      p.doc.addPage();
      top = tableHeader(p, document, widths, MARGIN);
    }
    cells.forEach((cell, i) => {
      const x = edges[i] ?? 0;
      const w = widths[i] ?? 0;
      p.box(x, top, w, height);
      // The description reads from the right; codes and numbers sit in the middle of their cells.
      const align: Align =
        document.numericColumns.includes(i) || document.ltrColumns.includes(i) ? 'center' : 'right';
      cell.forEach((line, l) => {
        p.line(line, x + PAD, top + PAD + l * lineHeight, w - PAD * 2, align, CELL);
      });
    });
    top += height;
  }

  // «جمع کل»: the label across the columns before the sums, the sums under their columns.
  const sumStyle: TextStyle = { font: BOLD, size: 8.5 };
  const height = p.lineHeight(sumStyle) + PAD * 2;
  top = p.room(top, height);
  const { from, label, values } = document.sums;
  const spanRight = p.right;
  const spanLeft = edges[from - 1] ?? p.left;
  p.box(spanLeft, top, spanRight - spanLeft, height, SHADE);
  p.line(label, spanLeft + PAD, top + PAD, spanRight - spanLeft - PAD * 2, 'left', sumStyle);
  values.forEach((value, i) => {
    const x = edges[from + i] ?? 0;
    const w = widths[from + i] ?? 0;
    p.box(x, top, w, height, SHADE);
    p.line(value, x + PAD, top + PAD, w - PAD * 2, 'center', sumStyle);
  });
  return top + height;
}

/**
 * Under the table: the invoice's details on the right (status, kind, payment date, the total in
 * Toman), the totals on the left, then the two boxes for stamps and signatures.
 */
function closing(p: Painter, document: InvoiceDocument, y: number): void {
  const rowHeight = p.lineHeight(VALUE) + PAD;
  const totalsHeight = document.totals.length * rowHeight + PAD * 2;
  const signatureHeight = 64;
  let top = p.room(y, totalsHeight + 8 + signatureHeight);

  const totalsWidth = 300;
  const detailsWidth = p.width - totalsWidth - 8;
  p.box(p.right - detailsWidth, top, detailsWidth, totalsHeight);
  const details = document.details.map((line) => `${line.label}: ${line.value}`).join('   ·   ');
  p.paragraph(
    details,
    p.right - detailsWidth + PAD * 2,
    top + PAD * 2,
    detailsWidth - PAD * 4,
    'right',
    VALUE,
  );

  p.box(p.left, top, totalsWidth, totalsHeight);
  document.totals.forEach((line, i) => {
    const last = i >= document.totals.length - 2;
    const style: TextStyle = last ? { font: BOLD, size: 9 } : VALUE;
    const rowTop = top + PAD + i * rowHeight;
    p.line(line.label, p.left + PAD * 2, rowTop, totalsWidth - PAD * 4, 'right', style);
    p.line(line.value, p.left + PAD * 2, rowTop, totalsWidth - PAD * 4, 'left', style);
  });
  top += totalsHeight + 8;

  const width = (p.width - 8) / 2;
  document.signatures.forEach((title, i) => {
    const x = p.right - (i + 1) * width - i * 8;
    p.box(x, top, width, signatureHeight);
    p.line(title, x + PAD, top + PAD, width - PAD * 2, 'center', { font: BOLD, size: 9 });
  });
}

function footer(p: Painter, document: InvoiceDocument, page: number, pages: number): void {
  const y = p.doc.page.height - MARGIN - FOOTER_HEIGHT + 8;
  p.rule(y);
  const used = p.paragraph(document.footer, p.left, y + 4, p.width, 'center', { size: 7.5, color: MUTED });
  if (pages > 1) {
    const label = `صفحهٔ ${page.toLocaleString('fa-IR')} از ${pages.toLocaleString('fa-IR')}`;
    p.line(label, p.left, y + 4 + used, p.width, 'center', { size: 7.5, color: MUTED });
  }
}

function draw(p: Painter, document: InvoiceDocument): void {
  // Header: the site on the right, the form's title in the middle, number and date on the left.
  let y = MARGIN;
  const brand: TextStyle = { font: BOLD, size: 12 };
  const titleStyle: TextStyle = { font: BOLD, size: 15 };
  const headerHeight = Math.max(p.lineHeight(titleStyle), p.lineHeight(VALUE) * 2) + PAD * 2;
  p.line(document.siteName, p.left, y + PAD, p.width, 'right', brand);
  p.line(document.formTitle, p.left, y + PAD, p.width, 'center', titleStyle);
  const stampWidth = 170;
  p.box(p.left, y, stampWidth, headerHeight);
  p.line(document.numberLabel, p.left + PAD * 2, y + PAD, stampWidth - PAD * 4, 'right', {
    font: BOLD,
    size: 9,
  });
  p.line(
    `تاریخ: ${document.dateLabel}`,
    p.left + PAD * 2,
    y + PAD + p.lineHeight(VALUE),
    stampWidth - PAD * 4,
    'right',
    VALUE,
  );
  y += headerHeight + 8;

  y = partyBox(p, 'مشخصات فروشنده', document.seller, y) + 6;
  y = partyBox(p, 'مشخصات خریدار', document.buyer, y) + 6;
  y = band(p, 'مشخصات کالا یا خدمات مورد معامله', p.room(y, 100));
  y = itemsTable(p, document, y);
  closing(p, document, y + 8);
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

/** Renders the invoice as an A4 landscape PDF, every page with the footer line. */
export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const fonts = fontFiles();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    lang: 'fa-IR',
    displayTitle: true,
    info: { Title: `${document.formTitle} ${document.numberLabel}`, Author: document.siteName },
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
