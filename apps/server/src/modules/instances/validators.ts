import { z } from 'zod';
import { POWER_ACTIONS } from './state-machine';

const ACTION_MESSAGE =
  'عملیات باید یکی از start (روشن کردن)، stop (خاموش کردن) یا restart (راه‌اندازی دوباره) باشد.';

// `{action, force}` is a few bytes; anything near this size is not a power request.
export const POWER_BODY_LIMIT = 4 * 1024;

/** `{action, force?}` of panel.instances.power and api.v1.instances.power. */
export const powerRequest = z.object({
  action: z.enum(POWER_ACTIONS, { error: ACTION_MESSAGE }),
  // JSON sends a boolean; a form sends text.
  force: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], {
      error: 'گزینهٔ force باید true یا false باشد.',
    })
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1'),
});

const pageNumber = (message: string, max: number, fallback: number) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback);

export const instanceListQuery = z.object({
  page: pageNumber('شماره صفحه معتبر نیست.', 100_000, 1),
  per_page: pageNumber('اندازه صفحه باید عددی از ۱ تا ۱۰۰ باشد.', 100, 25),
});

export const MACHINE_NAME_MAX = 60;

const machineName = z
  .string({ error: 'یک نام برای سرور بنویسید.' })
  .trim()
  .min(2, 'نام سرور دست‌کم ۲ نویسه باشد.')
  .max(
    MACHINE_NAME_MAX,
    `نام سرور حداکثر ${new Intl.NumberFormat('fa-IR').format(MACHINE_NAME_MAX)} نویسه باشد.`,
  )
  .refine(
    (name) => !/[<>]/.test(name) && ![...name].some((ch) => ch.charCodeAt(0) < 32),
    'نام سرور نویسه‌های < و > یا نویسهٔ کنترلی نداشته باشد.',
  );

/** Optional whole number from a form: empty means "not set" (null). */
const optionalWhole = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? null : value),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).nullable(),
  );

/** panel.instances.store. The idempotency key comes from the rendered form (one key, one machine). */
export const makeRequest = z.object({
  hardware: z.string({ error: 'یک پلن انتخاب کنید.' }).trim().min(1, 'یک پلن انتخاب کنید.').max(120),
  location: z.string({ error: 'یک دیتاسنتر انتخاب کنید.' }).trim().min(1, 'یک دیتاسنتر انتخاب کنید.').max(40),
  image: z.coerce
    .number({ error: 'یک تصویر نرم‌افزاری انتخاب کنید.' })
    .int('یک تصویر نرم‌افزاری انتخاب کنید.')
    .positive('یک تصویر نرم‌افزاری انتخاب کنید.'),
  name: machineName,
  idempotency_key: z
    .string({ error: 'فرم منقضی شده است؛ صفحه را دوباره باز کنید.' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'فرم منقضی شده است؛ صفحه را دوباره باز کنید.'),
});

/** panel.instances.update: the owner's settings. */
export const settingsRequest = z.object({
  name: machineName,
  idle_stop_minutes: optionalWhole('زمان خاموشی خودکار باید عددی از ۱۰ تا ۱۴۴۰ دقیقه باشد.', 10, 1440),
  // Toman in the form; Rial in the database.
  stop_below_balance: optionalWhole('آستانهٔ موجودی باید عددی از ۰ تا ۱۰۰ میلیون تومان باشد.', 0, 100_000_000),
});

/** panel.instances.destroy: the machine's name, typed to confirm. */
export const destroyRequest = z.object({
  confirm_name: z.string({ error: 'برای تأیید، نام سرور را بنویسید.' }).max(200).default(''),
});

/** panel.instances.reinstall: the new image, and the machine's name typed to confirm. */
export const reinstallRequest = z.object({
  image: z.coerce
    .number({ error: 'یک تصویر نرم‌افزاری انتخاب کنید.' })
    .int('یک تصویر نرم‌افزاری انتخاب کنید.')
    .positive('یک تصویر نرم‌افزاری انتخاب کنید.'),
  confirm_name: z.string({ error: 'برای تأیید، نام سرور را بنویسید.' }).max(200).default(''),
});

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const latinDigits = (value: unknown) =>
  typeof value === 'string' ? value.trim().replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))) : value;

/** panel.instances.schedule: the whole week at once; a day left out has no schedule. */
export const scheduleRequest = z.object({
  days: z
    .array(
      z.object({
        weekday: z.coerce
          .number({ error: 'روز هفته معتبر نیست.' })
          .int()
          .min(0, 'روز هفته معتبر نیست.')
          .max(6, 'روز هفته معتبر نیست.'),
        start: z.preprocess(latinDigits, z.string().regex(TIME, 'ساعت روشن شدن را مثل ۰۹:۰۰ بنویسید.')),
        stop: z.preprocess(latinDigits, z.string().regex(TIME, 'ساعت خاموش شدن را مثل ۱۸:۳۰ بنویسید.')),
      }),
      { error: 'برنامهٔ هفتگی معتبر نیست.' },
    )
    .max(7, 'برنامهٔ هفتگی حداکثر هفت روز دارد.')
    .default([])
    .superRefine((days, ctx) => {
      const seen = new Set<number>();
      days.forEach((day, i) => {
        if (seen.has(day.weekday))
          ctx.addIssue({ code: 'custom', path: [i, 'weekday'], message: 'هر روز هفته فقط یک بار.' });
        seen.add(day.weekday);
        if (day.start === day.stop) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'stop'],
            message: 'ساعت خاموش شدن با ساعت روشن شدن یکی است.',
          });
        }
      });
    }),
});
