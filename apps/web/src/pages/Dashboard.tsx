import type { DashboardProps } from '@server/modules/users/contracts';
import { KeyRound, LayoutDashboard, MonitorSmartphone, UserRound } from 'lucide-react';
import { Head, Link, usePage } from '../app/protocol';
import { Checklist, type ChecklistItem } from '../components/account/Checklist';
import { Card } from '../components/ui/Card';
import { Screen } from '../components/ui/Screen';
import { formatNumber } from '../lib/digits';
import { useRoute } from '../lib/route';

/** `dashboard`: how secure the account is, and where to make it more so. */
export default function Dashboard({ checklist = {}, sessions_count, api_tokens_count }: DashboardProps) {
  const route = useRoute();
  const user = usePage().props.auth?.user;
  const href = (name: string) => (route.has(name) ? route(name) : null);
  if (!user) return <Head title="نمای کلی حساب" />;

  const items: ChecklistItem[] = [
    {
      key: 'mobile',
      label: 'شماره موبایل تأییدشده',
      done: checklist.mobile_verified ?? Boolean(user.mobile_masked),
      href: href('panel.account.show'),
    },
    {
      key: 'email',
      label: 'ایمیل تأییدشده',
      description: 'برای بازیابی رمز عبور و دریافت رسیدها.',
      done: checklist.email_verified ?? user.email_verified,
      href: href('profile.show'),
      action: 'تأیید ایمیل',
    },
    {
      key: '2fa',
      label: 'ورود دومرحله‌ای',
      description: 'حتی اگر رمزتان لو برود، بی کد برنامه احراز هویت کسی وارد نمی‌شود.',
      done: checklist.two_factor ?? user.two_factor,
      href: href('profile.show'),
      action: 'فعال‌سازی',
    },
    {
      key: 'kyc',
      label: 'احراز هویت',
      done: (checklist.kyc ?? user.kyc_status) === 'approved',
      href: href('panel.account.verify'),
      action: 'احراز هویت',
    },
  ];
  const done = items.filter((item) => item.done).length;

  const stats = [
    { label: 'نشست‌های فعال', value: sessions_count, icon: MonitorSmartphone, route: 'profile.show' },
    { label: 'توکن‌های API', value: api_tokens_count, icon: KeyRound, route: 'api-tokens.index' },
  ];
  const links = [
    { name: 'profile.show', label: 'پروفایل و امنیت', icon: UserRound },
    { name: 'api-tokens.index', label: 'توکن‌های API', icon: KeyRound },
    { name: 'panel.home', label: 'پنل کاربری', icon: LayoutDashboard },
  ].filter((link) => route.has(link.name));

  return (
    <Screen title="نمای کلی حساب" description="وضعیت امنیت حسابتان در یک نگاه.">
      <div className="grid gap-4 lg:grid-cols-3">
        <Card as="section" aria-labelledby="security-title" className="p-4 sm:p-6 lg:col-span-2">
          <div className="flex items-center justify-between gap-3">
            <h2 id="security-title" className="font-bold text-gray-900">
              چک‌لیست امنیت
            </h2>
            <span className="text-sm text-gray-600">
              {formatNumber(done)} از {formatNumber(items.length)}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label="پیشرفت چک‌لیست امنیت"
            aria-valuemin={0}
            aria-valuemax={items.length}
            aria-valuenow={done}
            className="mt-3 h-2 overflow-hidden rounded-full bg-gray-100"
          >
            <div
              className="h-full rounded-full bg-green-500"
              style={{ inlineSize: `${(done / items.length) * 100}%` }}
            />
          </div>
          <div className="mt-2">
            <Checklist items={items} label="چک‌لیست امنیت" />
          </div>
        </Card>
        <div className="space-y-4">
          {stats.map(({ label, value, icon: Icon, route: name }) => (
            <Card key={label} className="flex items-center gap-3 p-4">
              <Icon aria-hidden="true" className="size-5 text-brand-600" />
              <span className="flex-1 text-sm text-gray-700">{label}</span>
              {route.has(name) ? (
                <Link href={route(name)} className="font-bold text-gray-900 hover:text-brand-700">
                  {value === undefined ? '—' : formatNumber(value)}
                </Link>
              ) : (
                <span className="font-bold text-gray-900">
                  {value === undefined ? '—' : formatNumber(value)}
                </span>
              )}
            </Card>
          ))}
          <Card as="section" aria-labelledby="links-title" className="p-4">
            <h2 id="links-title" className="mb-2 text-sm font-bold text-gray-900">
              دسترسی سریع
            </h2>
            <ul className="space-y-1">
              {links.map(({ name, label, icon: Icon }) => (
                <li key={name}>
                  <Link
                    href={route(name)}
                    className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-gray-700 hover:bg-gray-100"
                  >
                    <Icon aria-hidden="true" className="size-4 text-gray-500" />
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>
    </Screen>
  );
}
