import { formatNumber } from '../../lib/digits';

/*
 * How render jobs read in Persian: frames, seconds, output formats and priorities, the same on
 * the customer's and the staff's pages.
 */

export const FORMAT_LABELS: Record<string, string> = { PNG: 'PNG', JPEG: 'JPEG', OPEN_EXR: 'OpenEXR' };

export const PRIORITY_LABELS: Record<string, string> = { standard: 'عادی', express: 'فوری' };

/** A task's frames: «فریم ۷», «فریم‌های ۱ تا ۴», «فریم‌های ۱ تا ۲۰، یکی در میان ۵». */
export function framesText(frames: { start: number; end: number; step: number } | null): string {
  if (!frames) return 'بررسی صحنه';
  if (frames.start === frames.end) return `فریم ${formatNumber(frames.start)}`;
  const step = frames.step > 1 ? `، هر ${formatNumber(frames.step)} فریم یکی` : '';
  return `فریم‌های ${formatNumber(frames.start)} تا ${formatNumber(frames.end)}${step}`;
}

/** Seconds a node took: «۳٫۴ ثانیه», «۲ دقیقه و ۵ ثانیه». */
export function secondsText(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  if (seconds < 60) {
    return `${new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 1 }).format(seconds)} ثانیه`;
  }
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  return rest > 0
    ? `${formatNumber(minutes)} دقیقه و ${formatNumber(rest)} ثانیه`
    : `${formatNumber(minutes)} دقیقه`;
}
