import { sniffImage } from './image-type';

/** What a file is, judged from its own bytes: never from its name or the type its sender declared. */
export interface SniffedFile {
  kind: 'image' | 'pdf' | 'zip' | 'text';
  mime: string;
  ext: string;
}

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const PDF = ascii('%PDF-');
// A local file header, or the end-of-directory record of an empty archive.
const ZIP_ENTRY = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];

// Tabs and line breaks are text; every other control character (C0, DEL, C1) says "binary".
const CONTROL = /[^\P{Cc}\t\r\n]/u;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Recognises the files people attach to a question: JPEG, PNG and WebP (whose headers must read to
 * a size, sniffImage), GIF, PDF, ZIP (and the formats built on it, such as .docx), and plain text
 * (valid UTF-8 with no control characters but tabs and line breaks). Anything else is null: an
 * executable renamed `.png` is still an executable.
 */
export function sniffFile(bytes: Buffer): SniffedFile | null {
  if (bytes.length === 0) return null;
  const image = sniffImage(bytes);
  if (image) return { kind: 'image', mime: image.mime, ext: image.ext };
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) {
    return bytes.length >= 10 ? { kind: 'image', mime: 'image/gif', ext: 'gif' } : null;
  }
  if (startsWith(bytes, PDF)) return { kind: 'pdf', mime: 'application/pdf', ext: 'pdf' };
  if (startsWith(bytes, ZIP_ENTRY) || startsWith(bytes, ZIP_EMPTY)) {
    return { kind: 'zip', mime: 'application/zip', ext: 'zip' };
  }
  return isPlainText(bytes) ? { kind: 'text', mime: 'text/plain; charset=utf-8', ext: 'txt' } : null;
}

function isPlainText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return false;
  }
  return !CONTROL.test(text);
}

/** The extensions a name may keep for each kind; any other gets the sniffed one added. */
const NAME_EXTENSIONS: Record<SniffedFile['kind'], readonly string[]> = {
  image: ['jpg', 'jpeg', 'png', 'webp', 'gif'],
  pdf: ['pdf'],
  zip: ['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods'],
  text: ['txt', 'log', 'csv', 'md', 'json', 'xml', 'ini', 'cfg', 'conf', 'yaml', 'yml'],
};

/**
 * A file name whose extension tells the truth about the bytes: `report.png` holding a PDF is
 * offered as `report.png.pdf`, so the downloader's system opens it with the right program.
 */
export function nameForType(name: string, sniffed: SniffedFile): string {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const fits =
    sniffed.kind === 'image'
      ? ext === sniffed.ext || (sniffed.ext === 'jpg' && ext === 'jpeg')
      : NAME_EXTENSIONS[sniffed.kind].includes(ext);
  return fits ? name : `${name}.${sniffed.ext}`;
}
