import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { faDigits } from '../../lib/persian';
import { type Point, RasterCanvas, type Rgb } from '../../lib/raster/canvas';
import { drawText, measureText, type TextStyle, vazirmatn } from '../../lib/raster/text';
import type { DocumentKind, VerificationType } from './tables';

/** Who a demo request is about: what its pictures show. */
export interface DemoPerson {
  type: VerificationType;
  firstName: string;
  lastName: string;
  nationalCode: string;
  /** ISO day. */
  birthDate: string;
  selfieText: string;
  companyName?: string | null;
  companyNationalId?: string | null;
  companyRegistrationNo?: string | null;
}

export interface DemoPaper {
  kind: DocumentKind;
  bytes: Buffer;
  fileName: string;
}

const INK: Rgb = [28, 35, 45];
const MUTED: Rgb = [88, 98, 110];
const WHITE: Rgb = [255, 255, 255];
const CARD_TEAL: Rgb = [22, 101, 96];
const STAMP: Rgb = [190, 40, 50];
const SKIN: Rgb = [222, 176, 138];
const HAIR: Rgb = [58, 40, 30];
const NOTICE = 'نمونهٔ نمایشی — سند واقعی نیست';

const regular = (size: number, color: Rgb = INK, extra: Partial<TextStyle> = {}): TextStyle => ({
  font: vazirmatn('regular'),
  size,
  color,
  ...extra,
});
const bold = (size: number, color: Rgb = INK, extra: Partial<TextStyle> = {}): TextStyle => ({
  font: vazirmatn('bold'),
  size,
  color,
  ...extra,
});

let jalali: Intl.DateTimeFormat | undefined;

/** An ISO day as a Jalali one in Persian digits (۱۳۷۳/۰۵/۱۱). */
function jalaliDay(iso: string): string {
  jalali ??= new Intl.DateTimeFormat('fa-IR-u-ca-persian-nu-arabext', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  });
  return jalali.format(new Date(`${iso}T12:00:00Z`));
}

/** The upper half of an ellipse standing on `baseY` (shoulders, a body seen from the front). */
function halfEllipse(cx: number, baseY: number, rx: number, ry: number): Point[] {
  const points: Point[] = [];
  for (let i = 0; i <= 32; i++) {
    const a = Math.PI + (i / 32) * Math.PI;
    points.push([cx + rx * Math.cos(a), baseY + ry * Math.sin(a)]);
  }
  return points;
}

/** A label with its value to the left of it, both on one baseline, right-aligned at `right`. */
function field(canvas: RasterCanvas, label: string, value: string, right: number, y: number, digits = false) {
  drawText(canvas, label, right, y, regular(15, MUTED));
  const valueRight = right - Math.max(110, measureText(label, regular(15)) + 18);
  drawText(
    canvas,
    digits ? faDigits(value) : value,
    valueRight,
    y,
    bold(20, INK, { direction: digits ? 'ltr' : 'rtl', align: 'right' }),
  );
}

/** Draws a picture's fixed part once per process; each person's copy starts from it. */
function template(draw: () => RasterCanvas): () => RasterCanvas {
  let drawn: RasterCanvas | undefined;
  return () => {
    drawn ??= draw();
    return drawn.clone();
  };
}

const CARD = { left: 20, top: 20, width: 640, height: 404, right: 660 };

/** A national card lying on a desk: the card's outline, its band and the demo notice. */
function cardOnDesk(title: string): RasterCanvas {
  const { left, top, width, height } = CARD;
  const canvas = new RasterCanvas(680, 444, [74, 84, 96]);
  canvas.fillRoundedRect(left + 4, top + 6, width, height, 26, [48, 55, 64]);
  canvas.fillRoundedRect(left, top, width, height, 26, [214, 234, 228]);
  canvas.fillGradient(left + 20, top + 80, width - 40, height - 120, [226, 240, 236], [200, 224, 232]);
  canvas.fillRoundedRect(left, top, width, 70, 26, CARD_TEAL);
  canvas.fillRect(left, top + 40, width, 30, CARD_TEAL);
  drawText(canvas, 'جمهوری اسلامی ایران', left + width - 28, top + 46, bold(22, WHITE));
  drawText(canvas, title, left + 28, top + 46, regular(17, WHITE, { align: 'left' }));
  drawText(canvas, NOTICE, left + width / 2, top + height - 14, bold(14, STAMP, { align: 'center' }));
  return canvas;
}

const frontTemplate = template(() => {
  const canvas = cardOnDesk('کارت ملی هوشمند');
  // The photo: a face in a frame.
  const [px, py, pw, ph] = [CARD.left + 36, CARD.top + 96, 150, 190];
  canvas.fillRect(px, py, pw, ph, [206, 214, 222]);
  canvas.fillPolygons([halfEllipse(px + pw / 2, py + ph, 64, 58)], [70, 96, 140]);
  canvas.fillEllipse(px + pw / 2, py + 66, 40, 36, HAIR);
  canvas.fillEllipse(px + pw / 2, py + 80, 36, 44, SKIN);
  return canvas;
});

function idFront(person: DemoPerson): Buffer {
  const canvas = frontTemplate();
  const { right, top } = CARD;
  field(canvas, 'کد ملی', person.nationalCode, right - 28, top + 120, true);
  field(canvas, 'نام', person.firstName, right - 28, top + 170);
  field(canvas, 'نام خانوادگی', person.lastName, right - 28, top + 220);
  field(canvas, 'تاریخ تولد', jalaliDay(person.birthDate), right - 28, top + 270, true);
  return canvas.png();
}

const backTemplate = template(() => {
  const canvas = cardOnDesk('پشت کارت ملی');
  // The chip.
  canvas.fillRoundedRect(CARD.left + 40, CARD.top + 100, 84, 64, 10, [212, 175, 90]);
  for (const dy of [18, 32, 46]) canvas.fillRect(CARD.left + 44, CARD.top + 100 + dy, 76, 2, [160, 126, 60]);
  field(canvas, 'محل صدور', 'تهران', CARD.right - 28, CARD.top + 180);
  return canvas;
});

function idBack(person: DemoPerson): Buffer {
  const canvas = backTemplate();
  const { left, top, right } = CARD;
  const serial = `${person.nationalCode.slice(3)}${person.nationalCode.slice(0, 2)}`;
  field(canvas, 'شمارهٔ سریال', serial, right - 28, top + 130, true);
  // A barcode from the code's digits: each digit a bar and a gap of its own widths.
  let x = left + 60;
  const digits = `${person.nationalCode}${person.nationalCode.split('').reverse().join('')}`;
  for (const digit of digits) {
    const n = Number(digit);
    canvas.fillRect(x, top + 236, 3 + (n % 4), 90, INK);
    x += 3 + (n % 4) + 4 + ((n * 7) % 5);
    canvas.fillRect(x, top + 236, 2 + ((n + 1) % 3), 90, INK);
    x += 2 + ((n + 1) % 3) + 5;
  }
  drawText(
    canvas,
    faDigits(person.nationalCode),
    left + 60,
    top + 350,
    regular(16, INK, { direction: 'ltr', align: 'left' }),
  );
  return canvas.png();
}

const selfieTemplate = template(() => {
  const canvas = new RasterCanvas(480, 600);
  canvas.fillGradient(0, 0, 480, 600, [236, 228, 214], [206, 196, 180]);
  drawText(canvas, NOTICE, 240, 34, bold(14, STAMP, { align: 'center' }));
  canvas.fillPolygons([halfEllipse(240, 600, 190, 200)], [56, 86, 136]);
  canvas.fillRect(214, 300, 52, 60, SKIN);
  canvas.fillEllipse(240, 212, 82, 86, HAIR);
  canvas.fillEllipse(240, 236, 72, 90, SKIN);
  canvas.fillEllipse(214, 226, 7, 5, INK);
  canvas.fillEllipse(266, 226, 7, 5, INK);
  canvas.fillRoundedRect(222, 280, 36, 8, 4, [170, 90, 80]);
  // The card in the left hand.
  canvas.fillRoundedRect(30, 396, 160, 102, 10, [214, 234, 228]);
  canvas.fillRect(30, 396, 160, 22, CARD_TEAL);
  canvas.fillRect(42, 428, 36, 50, [206, 214, 222]);
  canvas.fillRect(92, 436, 84, 6, MUTED);
  canvas.fillRect(92, 452, 70, 6, MUTED);
  canvas.fillEllipse(40, 482, 20, 26, SKIN);
  // The note in the right hand, its words written on it per request.
  canvas.fillRect(236, 372, 226, 150, [250, 250, 246]);
  canvas.fillEllipse(456, 470, 20, 28, SKIN);
  return canvas;
});

/** The person holding the national card and a note with the request's words. */
function selfie(person: DemoPerson): Buffer {
  const canvas = selfieTemplate();
  const [words, number] = person.selfieText.split(' — ');
  drawText(canvas, words ?? person.selfieText, 346, 426, bold(25, [30, 40, 120], { align: 'center' }));
  if (number)
    drawText(canvas, number, 346, 480, bold(34, [30, 40, 120], { direction: 'ltr', align: 'center' }));
  return canvas.png();
}

const gazetteTemplate = template(() => {
  const canvas = new RasterCanvas(620, 860, [250, 249, 244]);
  const right = 580;
  drawText(canvas, 'روزنامهٔ رسمی جمهوری اسلامی ایران', 310, 64, bold(24, INK, { align: 'center' }));
  canvas.fillRect(40, 84, 540, 3, INK);
  canvas.fillRect(40, 91, 540, 1, INK);
  drawText(canvas, 'آگهی تأسیس شرکت', right, 140, bold(20));
  drawText(canvas, 'مدیرعامل و دارندهٔ حق امضا:', right, 326, regular(15, MUTED));
  // The announcement's text, as grey lines of differing length.
  for (let line = 0; line < 14; line++) {
    const width = 540 - ((line * 53) % 140);
    canvas.fillRect(right - width, 370 + line * 28, width, 8, [196, 198, 204]);
  }
  canvas.fillEllipse(140, 790, 58, 58, [205, 80, 90]);
  canvas.fillEllipse(140, 790, 46, 46, [250, 249, 244]);
  drawText(canvas, 'ثبت شرکت‌ها', 140, 796, bold(14, STAMP, { align: 'center' }));
  drawText(canvas, NOTICE, 400, 820, bold(14, STAMP, { align: 'center' }));
  return canvas;
});

/** A page of the official gazette announcing the company's registration. */
function companyPaper(person: DemoPerson): Buffer {
  const canvas = gazetteTemplate();
  const right = 580;
  drawText(canvas, person.companyName ?? '—', right, 180, bold(22, CARD_TEAL));
  field(canvas, 'شناسهٔ ملی', person.companyNationalId ?? '', right, 236, true);
  field(canvas, 'شمارهٔ ثبت', person.companyRegistrationNo ?? '', right, 280, true);
  drawText(canvas, `${person.firstName} ${person.lastName}`, right - 190, 326, bold(18));
  return canvas.png();
}

const DRAW: Record<DocumentKind, (person: DemoPerson) => Buffer> = {
  id_front: idFront,
  id_back: idBack,
  selfie,
  company_paper: companyPaper,
};

/**
 * Draws the papers of a demo request as small real PNG pictures (a national card's two sides, a
 * selfie holding the request's words, a company's gazette page), each marked as a demo. The same
 * person always gets the same bytes.
 */
export function drawDemoPapers(person: DemoPerson, kinds: DocumentKind[]): DemoPaper[] {
  return kinds.map((kind) => ({ kind, bytes: DRAW[kind](person), fileName: `${kind}.png` }));
}

/**
 * What the drawing depends on besides the person: this file, the raster code and the font. A
 * change to any of them draws every picture again instead of reusing an old one.
 */
const drawingVersion = (() => {
  let version: string | undefined;
  return () => {
    if (version) return version;
    const require = createRequire(import.meta.url);
    const hash = createHash('sha256');
    for (const file of [
      fileURLToPath(import.meta.url),
      fileURLToPath(new URL('../../lib/raster/canvas.ts', import.meta.url)),
      fileURLToPath(new URL('../../lib/raster/text.ts', import.meta.url)),
      require.resolve('vazirmatn/package.json'),
    ]) {
      hash.update(readFileSync(file));
    }
    version = hash.digest('hex');
    return version;
  };
})();

const CACHE_DIR = join(tmpdir(), 'renderfarm-demo-papers');

/**
 * `drawDemoPapers`, kept in a folder of the machine's temporary directory: every fresh database
 * (each test file, each browser-test server) seeds the same pictures, and drawing them costs more
 * than the rest of its identity data. A picture is read back only under the hash of what drew it.
 */
export function demoPapers(person: DemoPerson, kinds: DocumentKind[]): DemoPaper[] {
  return kinds.map((kind) => {
    const key = createHash('sha256')
      .update(JSON.stringify([drawingVersion(), person, kind]))
      .digest('hex');
    const file = join(CACHE_DIR, `${key}.png`);
    const kept = existsSync(file) ? readFileSync(file) : null;
    if (kept) return { kind, bytes: kept, fileName: `${kind}.png` };
    const [paper] = drawDemoPapers(person, [kind]);
    try {
      // Written aside and renamed: another process reading at the same time sees all or nothing.
      mkdirSync(CACHE_DIR, { recursive: true });
      const partial = `${file}.${process.pid}.${randomUUID()}`;
      writeFileSync(partial, paper!.bytes);
      renameSync(partial, file);
    } catch {
      // A temporary folder that cannot be written only means drawing again next time.
    }
    return paper!;
  });
}
