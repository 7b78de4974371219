import { toPersianDigits } from '../../lib/digits';

/** What an identity paper may be (the server checks the bytes again: docs/domain.md). */
export const DOCUMENT_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';
const TYPES = new Set(DOCUMENT_ACCEPT.split(','));
const EXTENSIONS = /\.(jpe?g|png|webp|pdf)$/i;

/**
 * Why a chosen file cannot be sent as an identity paper (over `maxBytes`, or not a JPEG, PNG,
 * WebP or PDF), in the server's own words; null when it may be sent. Checked before the upload,
 * so a wrong file costs the customer no wait and the server no bytes.
 */
export function documentProblem(file: File, maxBytes: number): string | null {
  // Some browsers give no type for a file they do not know: its name decides then.
  const known = file.type ? TYPES.has(file.type) : EXTENSIONS.test(file.name);
  if (!known) return 'تنها تصویر JPEG، PNG یا WebP یا فایل PDF پذیرفته می‌شود.';
  if (file.size > maxBytes) {
    const megabytes = toPersianDigits(String(Math.round(maxBytes / 1024 / 1024)));
    return `حجم هر مدرک حداکثر ${megabytes} مگابایت باشد؛ تصویر را کوچک‌تر کنید.`;
  }
  return null;
}
