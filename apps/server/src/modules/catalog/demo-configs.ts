import type { ConfigType } from './tables';

export const DEMO_CONFIGS: {
  key: string;
  value: unknown;
  type: ConfigType;
  group: string;
  isPublic: boolean;
}[] = [
  { key: 'site_name', value: 'رندر فارم ابری', type: 'string', group: 'general', isPublic: true },
  { key: 'support_phone', value: '021-88731450', type: 'string', group: 'general', isPublic: true },
  {
    key: 'support_hours',
    value: 'هر روز از ۸ صبح تا ۱۲ شب',
    type: 'string',
    group: 'general',
    isPublic: true,
  },
  {
    key: 'contact_address',
    value: 'تهران، خیابان ولیعصر، بالاتر از میدان ونک، کوچه نگار، پلاک ۱۲، طبقه ۳',
    type: 'string',
    group: 'general',
    isPublic: true,
  },
  {
    key: 'contact_email',
    value: 'support@renderfarm.ir',
    type: 'string',
    group: 'general',
    isPublic: true,
  },
  // The seller on every official invoice (billing/seller.ts); the codes pass their check digits.
  {
    key: 'seller_legal_name',
    value: 'شرکت پردازش ابری نوین‌رایان پارس (سهامی خاص)',
    type: 'string',
    group: 'seller',
    isPublic: false,
  },
  { key: 'seller_national_id', value: '14008123457', type: 'string', group: 'seller', isPublic: false },
  { key: 'seller_economic_code', value: '14008123457', type: 'string', group: 'seller', isPublic: false },
  { key: 'seller_registration_no', value: '582416', type: 'string', group: 'seller', isPublic: false },
  {
    key: 'seller_address',
    value: 'استان تهران، شهر تهران، خیابان ولیعصر، بالاتر از میدان ونک، کوچهٔ نگار، پلاک ۱۲، طبقهٔ ۳',
    type: 'string',
    group: 'seller',
    isPublic: false,
  },
  { key: 'seller_postal_code', value: '1969764513', type: 'string', group: 'seller', isPublic: false },
  { key: 'seller_phone', value: '021-88745120', type: 'string', group: 'seller', isPublic: false },
  { key: 'vat_rate', value: 10, type: 'percent', group: 'billing', isPublic: true },
  { key: 'tax_inclusive', value: false, type: 'boolean', group: 'billing', isPublic: false },
  { key: 'drive_price_per_gb_month', value: 30_000, type: 'rial', group: 'billing', isPublic: true },
  // A render node's minute at each tier (billing/settings.ts); express jumps the standard queue.
  { key: 'render_price_per_minute_standard', value: 1_500, type: 'rial', group: 'billing', isPublic: true },
  { key: 'render_price_per_minute_express', value: 3_000, type: 'rial', group: 'billing', isPublic: true },
  { key: 'min_balance_hours', value: 1, type: 'number', group: 'billing', isPublic: false },
  { key: 'low_balance_warning_minutes', value: 60, type: 'number', group: 'billing', isPublic: false },
  { key: 'topup_min', value: 500_000, type: 'rial', group: 'payments', isPublic: true },
  { key: 'topup_max', value: 500_000_000, type: 'rial', group: 'payments', isPublic: true },
  { key: 'payment_verify_deadline_minutes', value: 30, type: 'number', group: 'payments', isPublic: false },
  { key: 'idle_auto_stop_minutes', value: 120, type: 'number', group: 'instances', isPublic: false },
  {
    key: 'ticket_departments',
    value: ['فنی', 'مالی', 'فروش'],
    type: 'json',
    group: 'support',
    isPublic: false,
  },
  { key: 'ticket_auto_close_days', value: 7, type: 'number', group: 'support', isPublic: false },
  { key: 'registration_open', value: true, type: 'boolean', group: 'auth', isPublic: false },
  { key: 'staff_require_2fa', value: false, type: 'boolean', group: 'auth', isPublic: false },
];
