/**
 * Why a machine's last step failed, as a code the drivers and jobs choose and staff read in
 * Persian. The driver's own (English) words stay in `failure_detail`, shown to staff only behind
 * «جزئیات فنی»; no person reads them as the reason.
 */
export const DRIVER_FAILURE_CODES = [
  'host_timeout',
  'host_unreachable',
  'host_refused',
  'host_error',
  'task_failed',
  'machine_missing',
  'machine_busy',
  'host_misconfigured',
  'record_incomplete',
  'job_abandoned',
  'power_stuck',
  'deletion_unfinished',
  'unknown',
] as const;

export type DriverFailureCode = (typeof DRIVER_FAILURE_CODES)[number];

/** The cause in the words staff read on Care/Home, Admin/Dash and a machine's page. */
export const DRIVER_FAILURE_TEXT: Record<DriverFailureCode, string> = {
  host_timeout: 'میزبان در مهلت مقرر پاسخ نداد',
  host_unreachable: 'میزبان در دسترس نبود (شبکه یا خاموشی میزبان)',
  host_refused: 'میزبان کلید دسترسی سامانه را نپذیرفت؛ تنظیمات راه‌انداز میزبان را بررسی کنید',
  host_error: 'میزبان درخواست را با خطا رد کرد',
  task_failed: 'کار روی میزبان آغاز شد اما ناموفق پایان یافت',
  machine_missing: 'ماشین یا قالب آن روی میزبان پیدا نشد',
  machine_busy: 'ماشین روی میزبان در حال کار دیگری بود و درخواست را نپذیرفت',
  host_misconfigured: 'تنظیمات راه‌انداز میزبان ناقص است یا خوانده نشد',
  record_incomplete: 'میزبان، پورت، پلن یا تصویر این سرور در سامانه پیدا نشد',
  job_abandoned: 'کار در میانهٔ راه متوقف شد و دوباره اجرا نشد',
  power_stuck: 'روشن یا خاموش شدن بی‌پایان ماند و کاری پیگیرش نبود',
  deletion_unfinished: 'حذف ماشین روی میزبان ناتمام ماند',
  unknown: 'خطای ناشناخته از راه‌انداز میزبان',
};

/** The Persian cause of a code; a row from before codes (null) has none. */
export function driverFailureText(code: string | null | undefined): string | null {
  if (!code) return null;
  return (DRIVER_FAILURE_TEXT as Record<string, string>)[code] ?? DRIVER_FAILURE_TEXT.unknown;
}
