/** The groups of activity events a customer can filter by (the part before the colon). */
export const ACTIVITY_GROUPS: Record<string, string> = {
  auth: 'ورود و امنیت',
  account: 'حساب کاربری',
  token: 'توکن‌های API',
  instance: 'سرورها',
  billing: 'مالی',
  ticket: 'تیکت‌ها',
};

/** Events as a person reads them; one not listed reads as its group («سرورها: instance:…»). */
const LABELS: Record<string, string> = {
  'auth:login': 'ورود به حساب',
  'auth:logout': 'خروج از حساب',
  'auth:failed': 'تلاش ناموفق برای ورود',
  'auth:registered': 'ثبت‌نام',
  'auth:email.verified': 'تأیید ایمیل',
  'auth:password.changed': 'تغییر رمز عبور',
  'auth:password.reset': 'بازنشانی رمز عبور',
  'auth:password.reset_requested': 'درخواست بازنشانی رمز عبور',
  'auth:sessions.ended': 'پایان دادن به نشست‌های دیگر',
  'auth:2fa.enabled': 'فعال کردن ورود دومرحله‌ای',
  'auth:2fa.disabled': 'غیرفعال کردن ورود دومرحله‌ای',
  'account:profile.updated': 'ویرایش مشخصات',
  'account:mobile.changed': 'تغییر شمارهٔ موبایل',
  'account:photo.removed': 'حذف عکس پروفایل',
  'token:created': 'ساخت توکن API',
  'token:updated': 'ویرایش توکن API',
  'token:deleted': 'حذف توکن API',
  'instance:created': 'سفارش سرور',
  'instance:provision.started': 'شروع آماده‌سازی سرور',
  'instance:provisioned': 'آماده شدن سرور',
  'instance:provision.failed': 'ناموفق بودن آماده‌سازی سرور',
  'instance:provision.retried': 'آماده‌سازی دوبارهٔ سرور',
  'instance:power.start': 'درخواست روشن کردن سرور',
  'instance:power.stop': 'درخواست خاموش کردن سرور',
  'instance:power.restart': 'درخواست راه‌اندازی دوبارهٔ سرور',
  'instance:power.started': 'روشن شدن سرور',
  'instance:power.stopped': 'خاموش شدن سرور',
  'instance:power.restarted': 'راه‌اندازی دوبارهٔ سرور',
  'instance:power.failed': 'ناموفق بودن روشن یا خاموش کردن سرور',
  'instance:idle.stopped': 'خاموشی خودکار سرور بیکار',
  'instance:schedule.updated': 'ویرایش برنامهٔ هفتگی سرور',
  'instance:schedule.skipped': 'اجرا نشدن برنامهٔ هفتگی سرور',
  'instance:settings.updated': 'ویرایش تنظیمات سرور',
  'instance:reinstall.requested': 'درخواست نصب دوبارهٔ سرور',
  'instance:delete.requested': 'درخواست حذف سرور',
  'instance:deleted': 'حذف سرور',
  'instance:moved': 'انتقال سرور به میزبان دیگر',
  'billing:payment.created': 'شروع پرداخت',
  'billing:payment.paid': 'پرداخت موفق',
  'billing:payment.failed': 'پرداخت ناموفق',
  'billing:payment.canceled': 'لغو پرداخت',
  'billing:payment.review': 'پرداخت در انتظار بررسی',
  'billing:payment.expired': 'منقضی شدن پرداخت',
  'billing:invoice.requested': 'درخواست پیش‌فاکتور',
  'billing:invoice.paid': 'پرداخت صورت‌حساب',
  'billing:invoice.cancelled': 'لغو صورت‌حساب',
  'billing:invoice.bill_to_changed': 'ویرایش مشخصات صورت‌حساب',
  'ticket:opened': 'ثبت تیکت',
};

export function activityLabel(event: string): string {
  const known = LABELS[event];
  if (known) return known;
  const group = ACTIVITY_GROUPS[event.split(':')[0] ?? ''];
  return group ? `${group}: ${event}` : event;
}
