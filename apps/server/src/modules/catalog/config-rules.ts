import { COMPANY_NATIONAL_ID_MESSAGES, checkCompanyNationalId } from '../../lib/company-national-id';
import { toLatinDigits } from '../../lib/digits';
import { checkEconomicCode, ECONOMIC_CODE_MESSAGES } from '../../lib/economic-code';
import type { ConfigType } from './tables';

/**
 * Settings the code reads, with the type and range each must keep (Admin/Configs/Edit "known-key
 * rules"): an admin can change the value, not turn `vat_rate` into text or 400 %.
 */
export interface ConfigRule {
  type: ConfigType;
  min?: number;
  max?: number;
  /** A check beyond the type, with its Persian message. */
  check?: (value: unknown) => string | null;
  label: string;
}

/** A count of minutes or days: the code that reads it wants a whole number. */
const whole = (label: string) => (v: unknown) =>
  Number.isInteger(v) ? null : `«${label}» باید عدد صحیح باشد.`;

/** A number rule that must also be whole (`label` is repeated in the message). */
const count = (min: number, max: number, label: string): ConfigRule => ({
  type: 'number',
  min,
  max,
  label,
  check: whole(label),
});

/** Typed digits (Persian ones too), without spaces and dashes. */
const digitsOf = (v: unknown) => toLatinDigits(String(v)).replace(/[\s\-‌]/g, '');

/**
 * The seller's details on every official invoice (billing/seller.ts reads them): the names and
 * codes the tax administration knows the business by. A code is checked as the invoice form is.
 */
const SELLER_CONFIGS: Record<string, ConfigRule> = {
  seller_legal_name: {
    type: 'string',
    label: 'نام قانونی فروشنده (روی صورت‌حساب رسمی)',
    check: (v) => (String(v).trim().length >= 3 ? null : 'نام قانونی شرکت را کامل بنویسید.'),
  },
  seller_economic_code: {
    type: 'string',
    label: 'کد اقتصادی فروشنده',
    check: (v) => {
      const result = checkEconomicCode(String(v));
      return result.ok ? null : ECONOMIC_CODE_MESSAGES[result.problem];
    },
  },
  seller_national_id: {
    type: 'string',
    label: 'شناسهٔ ملی فروشنده',
    check: (v) => {
      const result = checkCompanyNationalId(String(v));
      return result.ok ? null : COMPANY_NATIONAL_ID_MESSAGES[result.problem];
    },
  },
  seller_registration_no: {
    type: 'string',
    label: 'شمارهٔ ثبت فروشنده',
    check: (v) => (/^\d{1,10}$/.test(digitsOf(v)) ? null : 'شمارهٔ ثبت فقط رقم است (حداکثر ۱۰ رقم).'),
  },
  seller_address: {
    type: 'string',
    label: 'نشانی فروشنده (استان، شهر، خیابان، پلاک)',
    check: (v) => (String(v).trim().length >= 10 ? null : 'نشانی را کامل بنویسید: شهر، خیابان و پلاک.'),
  },
  seller_postal_code: {
    type: 'string',
    label: 'کد پستی فروشنده',
    check: (v) => (/^\d{10}$/.test(digitsOf(v)) ? null : 'کد پستی ۱۰ رقم است، بدون خط تیره.'),
  },
  seller_phone: {
    type: 'string',
    label: 'تلفن فروشنده',
    check: (v) =>
      /^0\d{10}$/.test(digitsOf(v)) ? null : 'تلفن را با پیش‌شماره بنویسید؛ مثل ۰۲۱-۸۸۷۴۵۱۲۰ (۱۱ رقم).',
  },
};

export const KNOWN_CONFIGS: Record<string, ConfigRule> = {
  ...SELLER_CONFIGS,
  site_name: {
    type: 'string',
    label: 'نام سایت',
    check: (v) => (String(v).length >= 2 ? null : 'نام سایت دست‌کم ۲ نویسه باشد.'),
  },
  support_phone: { type: 'string', label: 'تلفن پشتیبانی' },
  vat_rate: { type: 'percent', min: 0, max: 100, label: 'نرخ مالیات بر ارزش افزوده (٪)' },
  tax_inclusive: { type: 'boolean', label: 'قیمت‌ها با مالیات' },
  drive_price_per_gb_month: { type: 'rial', min: 0, max: 100_000_000, label: 'قیمت هر گیگابایت فضا در ماه' },
  render_price_per_minute_standard: {
    type: 'rial',
    min: 1,
    max: 100_000_000,
    label: 'قیمت هر دقیقهٔ نود رندر، صف عادی',
  },
  render_price_per_minute_express: {
    type: 'rial',
    min: 1,
    max: 100_000_000,
    label: 'قیمت هر دقیقهٔ نود رندر، صف فوری',
  },
  drive_grace_days: count(1, 365, 'مهلت فضای معلق پیش از زمان‌بندی حذف (روز)'),
  drive_retention_days: count(1, 365, 'نگهداری فضای زمان‌بندی‌شده پیش از حذف (روز)'),
  low_balance_warning_minutes: count(0, 1440, 'هشدار موجودی کم (دقیقه کار مانده)'),
  min_balance_hours: {
    type: 'number',
    min: 0,
    max: 168,
    label: 'کمترین موجودی برای اجاره و روشن کردن سرور (ساعت کار پلن)',
  },
  topup_min: { type: 'rial', min: 10_000, max: 1_000_000_000, label: 'کمترین مبلغ افزایش اعتبار' },
  topup_max: {
    type: 'rial',
    min: 10_000,
    max: 1_000_000_000,
    label: 'بیشترین مبلغ افزایش اعتبار در هر پرداخت',
  },
  payment_verify_deadline_minutes: count(5, 1440, 'مهلت تأیید پرداخت پیش از بازگشت خودکار پول (دقیقه)'),
  idle_auto_stop_minutes: count(10, 1440, 'پیشنهاد خاموشی خودکار (دقیقه)'),
  ticket_auto_close_days: count(1, 90, 'بستن خودکار تیکت پس از (روز)'),
  registration_open: { type: 'boolean', label: 'ثبت‌نام باز است' },
  staff_require_2fa: { type: 'boolean', label: 'ورود دومرحله‌ای برای کارکنان الزامی است' },
  ticket_departments: {
    type: 'json',
    label: 'بخش‌های تیکت',
    check: (v) =>
      Array.isArray(v) && v.length > 0 && v.every((d) => typeof d === 'string' && d.trim() !== '')
        ? null
        : 'بخش‌های تیکت باید فهرستی از نام‌ها باشد؛ مثل ["فنی", "مالی"].',
  },
};

export const CONFIG_GROUPS: Record<string, string> = {
  general: 'سایت',
  billing: 'مالی و مالیات',
  seller: 'فروشنده روی صورت‌حساب رسمی',
  payments: 'درگاه پرداخت',
  kyc: 'احراز هویت',
  instances: 'سرورها',
  support: 'پشتیبانی',
  auth: 'ورود و ثبت‌نام',
  sms: 'پیامک',
};
