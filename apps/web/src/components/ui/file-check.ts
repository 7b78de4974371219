import { formatNumber } from '../../lib/digits';

/**
 * Why a chosen file may not be sent, or null: over `maxBytes`, or not of a type `accept` lists
 * (MIME types, `type/*`, or `.ext`; with no type from the browser, its name decides). Checked in
 * the browser before a byte is uploaded; the server checks the same by its bytes.
 */
export function fileProblem(
  file: File,
  { maxBytes, accept }: { maxBytes: number; accept?: string },
): string | null {
  if (accept && !accepted(file, accept)) return `نوع فایل «${file.name}» پذیرفته نیست.`;
  if (file.size > maxBytes) {
    return `«${file.name}» بزرگ‌تر از ${formatNumber(Math.floor(maxBytes / 1024 / 1024))} مگابایت است؛ فایل کوچک‌تری انتخاب کنید.`;
  }
  return null;
}

function accepted(file: File, accept: string): boolean {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .some((entry) => {
      if (entry.startsWith('.')) return name.endsWith(entry);
      if (!type) return false;
      if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1));
      return type === entry;
    });
}
