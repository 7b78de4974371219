/**
 * What an admin did while signed in as a customer, in words (Admin/Audit): the guard logs each
 * change by its route's name (http/named-route.ts, `admin:impersonation.action`), and this table
 * says each of those routes as a Persian phrase. Every route an impersonator can reach (a change,
 * open to a signed-in customer, not kept from impersonators) has its phrase; the test walks the
 * registry so a route added later fails until it is named here.
 */
export const IMPERSONATION_ACTION_LABELS: Record<string, string> = {
  'verification.send': 'فرستادن دوبارهٔ پیوند تأیید ایمیل',
  'verification.address.update': 'تغییر ایمیل پیش از تأیید آن',
  'panel.account.verify.store': 'فرستادن مدارک احراز هویت',
  'panel.account.verify.renew': 'شروع دوبارهٔ احراز هویت',
  'panel.account.verify.destroy': 'کنار گذاشتن درخواست احراز هویت',
  'panel.account.mobile.send': 'فرستادن کد تأیید به موبایل',
  'panel.account.mobile.update': 'تأیید شمارهٔ موبایل با کد',
  'panel.account.update': 'ویرایش اطلاعات حساب',
  'panel.instances.power': 'روشن، خاموش یا راه‌اندازی دوبارهٔ سرور',
  'panel.instances.review': 'بازبینی سفارش سرور',
  'panel.instances.store': 'ثبت سفارش سرور تازه',
  'panel.instances.update': 'تغییر تنظیمات سرور',
  'panel.instances.password': 'ساختن گذرواژهٔ تازهٔ سرور',
  'panel.instances.schedule': 'تغییر برنامهٔ هفتگی روشن و خاموش شدن سرور',
  'panel.instances.reinstall': 'نصب دوبارهٔ سرور',
  'panel.instances.destroy': 'حذف سرور',
  'articles.feedback': 'پاسخ به «این مطلب مفید بود؟»',
  'career.store': 'فرستادن درخواست همکاری',
  'payments.test-gateway': 'پاسخ درگاه آزمایشی پرداخت',
  'panel.invoices.store': 'ساختن پیش‌فاکتور',
  'panel.invoices.update': 'ویرایش پیش‌فاکتور',
  'panel.invoices.destroy': 'حذف پیش‌فاکتور',
  'contact.store': 'فرستادن پیام از فرم تماس',
  'panel.tickets.store': 'ثبت تیکت تازه',
  'panel.tickets.reply': 'پاسخ در تیکت',
  'panel.tickets.close': 'بستن تیکت',
  'panel.tickets.rate': 'امتیاز دادن به پاسخ تیکت',
  'panel.drives.store': 'ساختن فضای ذخیره‌سازی',
  'panel.drives.update': 'تغییر فضای ذخیره‌سازی',
  'panel.jobs.check': 'بررسی صحنهٔ رندر',
  'panel.jobs.store': 'ثبت رندر تازه',
  'panel.jobs.action': 'توقف، ادامه، لغو یا تکرار رندر',
  'panel.drives.destroy': 'حذف فضای ذخیره‌سازی',
  'panel.drives.attach': 'وصل کردن فضای ذخیره‌سازی به سرور',
  'panel.drives.detach': 'جدا کردن فضای ذخیره‌سازی از سرور',
  'panel.drives.folders.store': 'ساختن پوشه در فضای ذخیره‌سازی',
  'panel.drives.files.destroy': 'حذف پرونده از فضای ذخیره‌سازی',
  'panel.drives.files.store': 'بارگذاری پرونده در فضای ذخیره‌سازی',
  'panel.drives.files.upload': 'بارگذاری پرونده در فضای ذخیره‌سازی (تکه‌ای)',
  'panel.notifications.read': 'خواندن اعلان',
  'panel.notifications.destroy': 'حذف اعلان',
  'panel.notifications.read-all': 'خواندن همهٔ اعلان‌ها',
  'panel.notifications.settings.update': 'تغییر تنظیمات اعلان‌ها',
};

/** «ثبت تیکت تازه»; a route the table does not know (an older name) is said generically. */
export function impersonationActionSentence(route: unknown): string {
  const label = typeof route === 'string' ? IMPERSONATION_ACTION_LABELS[route] : undefined;
  return label ?? 'کاری در پنل کاربر (نام آن ثبت نشده است)';
}
