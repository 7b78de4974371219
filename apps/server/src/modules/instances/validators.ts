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
