import { z } from 'zod';
import { toLatinDigits } from '../../lib/digits';
import { nameProblem } from './drive-paths';

export const DRIVE_NAME_MAX = 60;
const SIZE_MESSAGE = 'اندازه را عددی صحیح و بیشتر از صفر (به گیگابایت) بنویسید.';

const driveName = z
  .string({ error: 'یک نام برای فضا بنویسید.' })
  .trim()
  .min(2, 'نام فضا دست‌کم ۲ نویسه باشد.')
  .max(DRIVE_NAME_MAX, 'نام فضا حداکثر ۶۰ نویسه باشد.')
  .refine(
    (name) => !/[<>]/.test(name) && ![...name].some((ch) => ch.charCodeAt(0) < 32 || ch === '\u007f'),
    'نام فضا نویسه‌های < و > یا نویسهٔ کنترلی نداشته باشد.',
  );

/** Whole GB > 0, Persian or Latin digits; a fraction or zero is refused, not rounded. */
const sizeGb = z.preprocess(
  (v) => (typeof v === 'string' ? toLatinDigits(v).trim() : v),
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,7}$/, SIZE_MESSAGE)
          .transform(Number),
      ],
      { error: SIZE_MESSAGE },
    )
    .pipe(z.number().int(SIZE_MESSAGE).min(1, SIZE_MESSAGE).max(1_000_000, SIZE_MESSAGE)),
);

export const createDriveRequest = z.object({
  name: driveName,
  size_gb: sizeGb,
  location_id: z.coerce
    .number({ error: 'یک دیتاسنتر انتخاب کنید.' })
    .int('یک دیتاسنتر انتخاب کنید.')
    .min(1, 'یک دیتاسنتر انتخاب کنید.')
    .max(2 ** 31 - 1, 'یک دیتاسنتر انتخاب کنید.'),
});

export const updateDriveRequest = z.object({ name: driveName, size_gb: sizeGb });

export const destroyDriveRequest = z.object({
  confirm_name: z.string({ error: 'نام فضا را برای حذف بنویسید.' }).max(200).default(''),
});

export const attachRequest = z.object({
  instance: z.string({ error: 'یک سرور انتخاب کنید.' }).trim().min(1, 'یک سرور انتخاب کنید.').max(64),
});

/** A folder path from a query or a form: names joined by `/`, '' for the root (checked by the service). */
export const pathField = z
  .string()
  .max(4000, 'مسیر بیش از اندازه بلند است.')
  .refine((v) => !v.includes('\0'), 'مسیر درست نیست.')
  .default('');

export const pathQuery = z.object({ path: z.string().max(4000).catch('').default('') });

export const folderRequest = z.object({
  path: pathField,
  name: z.string({ error: 'یک نام برای پوشه بنویسید.' }).superRefine((name, ctx) => {
    const problem = nameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

export const removeRequest = z.object({
  paths: z
    .array(z.string().max(4000), { error: 'فایل یا پوشه‌ای برای حذف انتخاب کنید.' })
    .min(1, 'فایل یا پوشه‌ای برای حذف انتخاب کنید.')
    .max(100, 'در هر بار حداکثر ۱۰۰ مورد پاک می‌شود.'),
});
