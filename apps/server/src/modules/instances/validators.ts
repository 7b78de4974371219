import { z } from 'zod';
import { optionalTomanField } from '../../http/money-field';
import { toLatinDigits } from '../../lib/digits';
import { POWER_ACTIONS } from './state-machine';
import { WEEKDAY_NAMES } from './tehran-time';

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

const faCount = (n: number) => new Intl.NumberFormat('fa-IR', { useGrouping: false }).format(n);

/**
 * A machine's name: refused, never cut, when it is too long, and the message says by how much (the
 * form's counter counts the same `length`, so the page and the server agree on every name).
 */
const machineName = z
  .string({ error: 'یک نام برای سرور بنویسید.' })
  .trim()
  .min(2, 'نام سرور دست‌کم ۲ نویسه باشد.')
  .max(MACHINE_NAME_MAX, {
    error: (issue) =>
      `نام سرور حداکثر ${faCount(MACHINE_NAME_MAX)} نویسه باشد؛ این نام ${faCount(
        typeof issue.input === 'string' ? issue.input.length : MACHINE_NAME_MAX + 1,
      )} نویسه است. کوتاهش کنید.`,
  })
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
  /**
   * Rial per hour the review showed. Sent by the page's «تأیید و شروع اجاره»: the order is refused
   * if the plan's price has changed since (scripts that never reviewed may leave it out).
   */
  quoted_price_per_hour: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: 'قیمت بازبینی‌شده معتبر نیست؛ سفارش را دوباره بازبینی کنید.' })
      .int('قیمت بازبینی‌شده معتبر نیست؛ سفارش را دوباره بازبینی کنید.')
      .min(0, 'قیمت بازبینی‌شده معتبر نیست؛ سفارش را دوباره بازبینی کنید.')
      .optional(),
  ),
});

/** panel.instances.update: the owner's settings. */
export const settingsRequest = z.object({
  name: machineName,
  idle_stop_minutes: optionalWhole('زمان خاموشی خودکار باید عددی از ۱۰ تا ۱۴۴۰ دقیقه باشد.', 10, 1440),
  // Toman in the form; Rial in the database.
  stop_below_balance: optionalTomanField({
    label: 'آستانهٔ موجودی',
    max: 100_000_000,
    message: 'آستانهٔ موجودی باید عددی از ۰ تا ۱۰۰ میلیون تومان باشد.',
  }),
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

const TIME_MESSAGE = 'ساعت را به شکل ۲۴ساعتهٔ «۰۹:۳۰» بنویسید (از ۰۰:۰۰ تا ۲۳:۵۹).';

/** `HH:MM` or `H:MM`, Persian or Latin digits; normalised to `HH:MM`. */
const clockTime = z.preprocess(
  (value) => (typeof value === 'string' ? toLatinDigits(value).trim() : value),
  z
    .string({ error: TIME_MESSAGE })
    .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, TIME_MESSAGE)
    .transform((value) => value.padStart(5, '0')),
);

const WEEKDAY_MESSAGE = 'روز هفته باید یکی از شنبه تا جمعه باشد.';

const scheduleDay = z
  .object({
    weekday: z.coerce
      .number({ error: WEEKDAY_MESSAGE })
      .int(WEEKDAY_MESSAGE)
      .min(0, WEEKDAY_MESSAGE)
      .max(6, WEEKDAY_MESSAGE),
    start: clockTime,
    stop: clockTime,
  })
  .refine((day) => day.start !== day.stop, {
    path: ['stop'],
    message: 'ساعت خاموش شدن با ساعت روشن شدن یکی است.',
  });

/** panel.instances.schedule: `{days: [{weekday, start, stop}]}`, the days the machine runs (none clears it). */
export const scheduleRequest = z.object({
  days: z
    .array(scheduleDay, { error: 'برنامهٔ هفتگی فرستاده نشد؛ صفحه را دوباره باز کنید.' })
    .max(7, 'برنامهٔ هفتگی بیش از هفت روز ندارد.')
    .default([])
    .superRefine(
      (days, ctx) => {
        if (!Array.isArray(days)) return;
        const seen = new Set<number>();
        (days as unknown[]).forEach((day, index) => {
          const weekday = Number((day as { weekday?: unknown } | null)?.weekday);
          if (!Number.isInteger(weekday) || weekday < 0 || weekday > 6) return;
          if (seen.has(weekday)) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'weekday'],
              message: `«${WEEKDAY_NAMES[weekday]}» دو بار آمده است؛ برای هر روز یک بازه بگذارید.`,
            });
          }
          seen.add(weekday);
        });
      },
      // Reported beside a bad time on another day, not after it is fixed.
      { when: () => true },
    ),
});
