import { z } from 'zod';
import { optionalTomanField, tomanField } from '../../http/money-field';
import { toLatinDigits } from '../../lib/digits';
import { HARDWARE_STATUSES } from './tables';

const fa = (n: number) => new Intl.NumberFormat('fa-IR').format(n);

/**
 * A whole number from a form field (text or number, Persian digits too), within a range, with one
 * Persian message.
 */
const whole = (label: string, min: number, max: number) => {
  const message = `${label} باید عددی صحیح از ${fa(min)} تا ${fa(max)} باشد.`;
  return z.preprocess(
    (v) => (typeof v === 'string' ? toLatinDigits(v).trim() : v),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message),
  );
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
  price_per_hour: tomanField({
    label: 'قیمت ساعتی',
    max: 100_000_000,
    message: `قیمت ساعتی (تومان) باید عددی صحیح از ۰ تا ${fa(100_000_000)} باشد.`,
  }),
  setup_fee: optionalTomanField({
    label: 'هزینهٔ راه‌اندازی',
    max: 100_000_000,
    message: `هزینهٔ راه‌اندازی (تومان) باید عددی صحیح از ۰ تا ${fa(100_000_000)} باشد.`,
  }).transform((rial) => rial ?? 0),
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

const fa2 = (n: number) => new Intl.NumberFormat('fa-IR').format(n);

/** Settings of a simulated host: how slow and how unreliable it pretends to be. */
export const simulatedSettings = z.object({
  latency_ms: optionalWhole('تأخیر شبیه‌سازی (میلی‌ثانیه)', 0, 600_000),
  failure_rate: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : v),
    z.coerce
      .number({ error: 'نرخ خطا باید عددی از ۰ تا ۱ باشد (مثلاً ۰٫۱ یعنی ده درصد).' })
      .min(0, 'نرخ خطا باید عددی از ۰ تا ۱ باشد (مثلاً ۰٫۱ یعنی ده درصد).')
      .max(1, 'نرخ خطا باید عددی از ۰ تا ۱ باشد (مثلاً ۰٫۱ یعنی ده درصد).')
      .nullable(),
  ),
  seed: optionalWhole('بذر تصادفی', 0, 2_147_483_647),
});

/** Settings of a Proxmox VE host. The secret may be left empty on edit: the stored one is kept. */
export const proxmoxSettings = z.object({
  url: z
    .string({ error: 'نشانی API پراکسماکس را بنویسید.' })
    .trim()
    .regex(/^https?:\/\/[^\s/]+(:\d+)?\/?$/, 'نشانی API را مثل https://pve1.example.com:8006 بنویسید.'),
  token_id: z
    .string({ error: 'شناسهٔ توکن را بنویسید.' })
    .trim()
    .regex(/^[^@\s]+@[^!\s]+![\w.-]+$/, 'شناسهٔ توکن را مثل root@pam!renderfarm بنویسید.'),
  token_secret: z.string().trim().max(200, 'رمز توکن بیش از اندازه بلند است.').default(''),
  node: z
    .string({ error: 'نام نود را بنویسید.' })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9.-]{0,62}$/, 'نام نود را همان‌طور که در پراکسماکس است بنویسید؛ مثل pve1.'),
  template_storage: z.string().trim().max(64).default(''),
});

/** Admin/Resources Make and Edit; `settings` is checked against the chosen driver afterwards. */
export const resourceInput = z.object({
  location_id: whole('دیتاسنتر', 1, 2_147_483_647),
  hardware_id: whole('پلن', 1, 2_147_483_647),
  name: z
    .string({ error: 'نام میزبان را بنویسید.' })
    .trim()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9.-]{1,62}$/,
      'نام میزبان ۲ تا ۶۳ نویسهٔ لاتین، عدد، نقطه یا خط تیره باشد؛ مثل thr1-gpu-03.',
    ),
  address: z
    .string({ error: 'نشانی شبکهٔ داخلی میزبان را بنویسید.' })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9.:-]{1,252}$/, 'نشانی را به شکل IP یا نام دامنه بنویسید؛ مثل 10.10.1.13.'),
  driver: z.enum(['simulated', 'proxmox'], { error: 'درایور باید شبیه‌سازی‌شده یا پراکسماکس باشد.' }),
  capacity: whole('ظرفیت (تعداد سرور)', 0, 1000),
  notes: z.string().trim().max(2000, 'یادداشت حداکثر ۲٬۰۰۰ نویسه باشد.').default(''),
  settings: z.record(z.string(), z.unknown()).default({}),
});
export type ResourceInput = z.infer<typeof resourceInput>;

export const MAX_PORTS_PER_RANGE = 1000;

/** Admin/Ports bulk range. */
export const portRangeInput = z
  .object({
    resource_id: whole('میزبان', 1, 2_147_483_647),
    public_ip: z
      .string({ error: 'IP عمومی را بنویسید.' })
      .trim()
      .regex(/^(\d{1,3})(\.\d{1,3}){3}$/, 'IP عمومی را مثل 185.213.10.21 بنویسید.')
      .refine((ip) => ip.split('.').every((part) => Number(part) <= 255), 'IP عمومی معتبر نیست.'),
    from_port: whole('پورت آغاز', 1024, 65_535),
    to_port: whole('پورت پایان', 1024, 65_535),
    target_port: whole('پورت مقصد', 1, 65_535).default(3389),
    protocol: z.enum(['tcp', 'udp'], { error: 'پروتکل باید tcp یا udp باشد.' }).default('tcp'),
  })
  .superRefine((range, ctx) => {
    if (range.to_port < range.from_port) {
      ctx.addIssue({
        code: 'custom',
        path: ['to_port'],
        message: 'پورت پایان باید بزرگ‌تر یا برابر پورت آغاز باشد.',
      });
    } else if (range.to_port - range.from_port + 1 > MAX_PORTS_PER_RANGE) {
      ctx.addIssue({
        code: 'custom',
        path: ['to_port'],
        message: `در هر بار حداکثر ${fa2(MAX_PORTS_PER_RANGE)} پورت افزوده می‌شود؛ بازه را کوچک‌تر کنید.`,
      });
    }
  });

/** Admin/Ports inline edit. */
export const portUpdateInput = z.object({
  notes: z.string().trim().max(500, 'یادداشت حداکثر ۵۰۰ نویسه باشد.').default(''),
  status: z.enum(['free', 'disabled'], { error: 'وضعیت پورت باید آزاد یا غیرفعال باشد.' }),
});

const limitCount = whole('مقدار', 0, 1_000_000_000_000);
const limitCap = tomanField({ label: 'سقف شارژ', max: 100_000_000_000 });

/** Admin/Limitations Make and Edit. `subject` is a role, a plan id or a user (id, e-mail or mobile). */
export const limitationInput = z
  .object({
    scope: z.enum(['global', 'role', 'hardware', 'user'], {
      error: 'دامنه باید همه، نقش، پلن یا کاربر باشد.',
    }),
    subject: z.string().trim().max(120).default(''),
    key: z.enum(
      [
        'max_instances',
        'max_running',
        'max_hours_per_day',
        'max_drive_gb',
        'max_open_tickets',
        'max_topup_unverified',
      ],
      { error: 'کلید محدودیت را از فهرست انتخاب کنید.' },
    ),
    // A count, or for the top-up cap an amount typed in Toman: read once the key is known.
    value: z.unknown(),
    is_active: checkbox.default(true),
  })
  .superRefine((input, ctx) => {
    if (input.scope !== 'global' && input.subject === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['subject'],
        message: 'برای این دامنه، نقش، پلن یا کاربر را بگویید.',
      });
    }
    if (input.scope === 'role' && !['customer', 'care', 'admin'].includes(input.subject)) {
      ctx.addIssue({ code: 'custom', path: ['subject'], message: 'نقش باید customer، care یا admin باشد.' });
    }
  })
  .transform((input, ctx) => {
    const field = input.key === 'max_topup_unverified' ? limitCap : limitCount;
    const value = field.safeParse(input.value);
    if (!value.success) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: value.error.issues[0]!.message });
      return z.NEVER;
    }
    return { ...input, value: value.data };
  });
export type LimitationInput = z.infer<typeof limitationInput>;

/**
 * A software image (the images group of Admin/Configs). The software comes as a list or as one
 * line separated by commas (Latin or Persian «،») or new lines, as an admin types it.
 */
export const imageInput = z.object({
  name: text('نام تصویر', 80, 2),
  os: text('سیستم‌عامل', 80, 2),
  software: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(/[,،\n]/) : v),
    z
      .array(
        z
          .string({ error: 'نرم‌افزارها را با ویرگول جدا کنید.' })
          .trim()
          .max(80, 'نام هر نرم‌افزار حداکثر ۸۰ نویسه باشد.'),
        {
          error: 'نرم‌افزارها را با ویرگول جدا کنید.',
        },
      )
      .transform((list) => [...new Set(list.filter((s) => s !== ''))])
      .pipe(z.array(z.string()).max(40, 'حداکثر ۴۰ نرم‌افزار برای هر تصویر.')),
  ),
  driver_ref: z
    .string({ error: 'شناسهٔ قالب را بنویسید.' })
    .trim()
    .min(1, 'شناسهٔ قالب را بنویسید.')
    .max(100, 'شناسهٔ قالب حداکثر ۱۰۰ نویسه باشد.')
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
      'شناسهٔ قالب فقط حرف و عدد لاتین، نقطه، خط تیره و زیرخط داشته باشد؛ مثل win2022-blender-42 یا 9001.',
    ),
  is_active: checkbox.default(false),
  sort: whole('ترتیب نمایش', 0, 10_000).default(0),
});
export type ImageInput = z.infer<typeof imageInput>;
