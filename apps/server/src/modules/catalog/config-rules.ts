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

export const KNOWN_CONFIGS: Record<string, ConfigRule> = {
  site_name: {
    type: 'string',
    label: 'نام سایت',
    check: (v) => (String(v).length >= 2 ? null : 'نام سایت دست‌کم ۲ نویسه باشد.'),
  },
  support_phone: { type: 'string', label: 'تلفن پشتیبانی' },
  vat_rate: { type: 'percent', min: 0, max: 100, label: 'نرخ مالیات بر ارزش افزوده (٪)' },
  tax_inclusive: { type: 'boolean', label: 'قیمت‌ها با مالیات' },
  drive_price_per_gb_month: { type: 'rial', min: 0, max: 100_000_000, label: 'قیمت هر گیگابایت فضا در ماه' },
  drive_grace_days: { type: 'number', min: 1, max: 365, label: 'مهلت فضای معلق پیش از زمان‌بندی حذف (روز)' },
  drive_retention_days: {
    type: 'number',
    min: 1,
    max: 365,
    label: 'نگهداری فضای زمان‌بندی‌شده پیش از حذف (روز)',
  },
  low_balance_warning_minutes: {
    type: 'number',
    min: 0,
    max: 1440,
    label: 'هشدار موجودی کم (دقیقه کار مانده)',
  },
  topup_min: { type: 'rial', min: 10_000, max: 1_000_000_000, label: 'کمترین مبلغ افزایش اعتبار' },
  topup_max: {
    type: 'rial',
    min: 10_000,
    max: 1_000_000_000,
    label: 'بیشترین مبلغ افزایش اعتبار در هر پرداخت',
  },
  payment_verify_deadline_minutes: {
    type: 'number',
    min: 5,
    max: 1440,
    label: 'مهلت تأیید پرداخت پیش از بازگشت خودکار پول (دقیقه)',
  },
  idle_auto_stop_minutes: { type: 'number', min: 10, max: 1440, label: 'پیشنهاد خاموشی خودکار (دقیقه)' },
  ticket_auto_close_days: { type: 'number', min: 1, max: 90, label: 'بستن خودکار تیکت پس از (روز)' },
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
  payments: 'درگاه پرداخت',
  kyc: 'احراز هویت',
  instances: 'سرورها',
  support: 'پشتیبانی',
  auth: 'ورود و ثبت‌نام',
  sms: 'پیامک',
};
