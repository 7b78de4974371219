/**
 * Why a task failed, as the manager passes it on to the customer: Persian, numbers in Persian
 * digits, Blender's own words and file paths in a left-to-right isolate.
 */
const DIGITS = '۰۱۲۳۴۵۶۷۸۹';
const fa = (value: number | string) => String(value).replace(/\d/g, (d) => DIGITS[Number(d)] ?? d);
const ltr = (text: string) => `\u2066${text}\u2069`;

export const failReasons = {
  missingFiles: (files: string) => `فایل‌هایی که صحنه لازم دارد پیدا نشد: ${ltr(files)}`,
  noDenoiser: () =>
    `بلندرِ این گره نویززدا (${ltr('OpenImageDenoise')}) ندارد؛ صحنه را با نویززدایی خاموش رندر کنید`,
  blenderError: (message: string) => `بلندر صحنه را رندر نکرد: ${ltr(message)}`,
  blenderExit: (code: number) => `بلندر با کد خطای ${fa(code)} بسته شد`,
  blenderSignal: (signal: string) => `بلندر با سیگنال ${ltr(signal)} متوقف شد`,
  blenderDidNotStart: () => 'بلندر روی این گره اجرا نشد',
  frameNotSaved: (frame: number) => `بلندر فریم ${fa(frame)} را ذخیره نکرد`,
  uploadRefused: (frame: number, status: number) =>
    `بارگذاری فریم ${fa(frame)} پذیرفته نشد (پاسخ ${fa(status)})`,
  uploadFailed: (frame: number) => `بارگذاری فریم ${fa(frame)} ناموفق بود`,
  sceneChanged: () => 'فایل صحنه‌ای که دریافت شد با فایلی که بررسی شده بود یکی نیست',
  sceneDownload: (status: number) => `دریافت فایل صحنه ناموفق بود (پاسخ ${fa(status)})`,
  sceneUnreachable: () => 'فایل صحنه دریافت نشد',
  noFindings: () => 'بررسی صحنه نتیجه‌ای برنگرداند',
  nodeError: () => 'این گره در رندر این کار به خطا خورد',
  badTask: () => 'این کار با قرارداد گره‌ها نمی‌خواند و رندر نشد',
};
