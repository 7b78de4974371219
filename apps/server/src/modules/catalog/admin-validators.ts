import { z } from 'zod';
import { HARDWARE_STATUSES } from './tables';

const fa = (n: number) => new Intl.NumberFormat('fa-IR').format(n);

/** A whole number from a form field (text or number), within a range, with one Persian message. */
const whole = (label: string, min: number, max: number) => {
  const message = `${label} باید عددی صحیح از ${fa(min)} تا ${fa(max)} باشد.`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** The same, or empty for "no limit". */
const optionalWhole = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : v),
    whole(label, min, max).nullable(),
  );

const text = (label: string, max: number, min = 1) =>
  z
    .string({ error: `${label} را بنویسید.` })
    .trim()
    .min(min, min === 1 ? `${label} را بنویسید.` : `${label} دست‌کم ${fa(min)} نویسه باشد.`)
    .max(max, `${label} حداکثر ${fa(max)} نویسه باشد.`);

const checkbox = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** Admin/Hardwares Make and Edit. Amounts come in Toman and are stored in Rial. */
export const hardwareInput = z.object({
  title: text('عنوان پلن', 120, 2),
  slug: z
    .string({ error: 'نامک را بنویسید.' })
    .trim()
    .toLowerCase()
    .min(2, 'نامک دست‌کم ۲ نویسه باشد.')
    .max(80, 'نامک حداکثر ۸۰ نویسه باشد.')
    .regex(
      /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u,
      'نامک فقط حرف، عدد و خط تیره (بین کلمه‌ها) داشته باشد؛ مثل rtx-4090.',
    ),
  gpu_model: text('مدل کارت گرافیک', 120),
  gpu_count: whole('تعداد کارت گرافیک', 1, 16),
  vram_gb: whole('حافظهٔ گرافیک', 1, 1024),
  cpu_model: text('مدل پردازنده', 120),
  cpu_cores: whole('تعداد هستهٔ پردازنده', 1, 512),
  ram_gb: whole('حافظهٔ رم', 1, 8192),
  disk_gb: whole('فضای دیسک', 16, 100_000),
  price_per_hour: whole('قیمت ساعتی (تومان)', 0, 100_000_000),
  setup_fee: whole('هزینهٔ راه‌اندازی (تومان)', 0, 100_000_000).default(0),
  stock: optionalWhole('موجودی', 0, 100_000),
  per_user_limit: optionalWhole('سقف هر کاربر', 1, 1000),
  status: z.enum(HARDWARE_STATUSES, { error: 'وضعیت پلن باید پیش‌نویس، فعال، پنهان یا بایگانی باشد.' }),
  description: z.string().trim().max(5000, 'توضیح حداکثر ۵٬۰۰۰ نویسه باشد.').default(''),
  sort: whole('ترتیب نمایش', 0, 10_000).default(0),
  image_ids: z
    .array(z.coerce.number().int().positive(), { error: 'تصاویر نرم‌افزاری را از فهرست انتخاب کنید.' })
    .max(100)
    .default([]),
});
export type HardwareInput = z.infer<typeof hardwareInput>;

/** Admin/Locations Make and Edit. */
export const locationInput = z.object({
  code: z
    .string({ error: 'کد دیتاسنتر را بنویسید.' })
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z][a-z0-9-]{1,19}$/,
      'کد دیتاسنتر ۲ تا ۲۰ نویسهٔ لاتین کوچک، عدد یا خط تیره باشد و با حرف شروع شود؛ مثل thr1.',
    ),
  name: text('نام دیتاسنتر', 120, 2),
  city: text('شهر', 80, 2),
  country: text('کشور', 80, 2).default('ایران'),
  is_active: checkbox.default(false),
  sort: whole('ترتیب نمایش', 0, 10_000).default(0),
});
export type LocationInput = z.infer<typeof locationInput>;
