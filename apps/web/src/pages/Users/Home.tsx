import type { UsersHomeProps } from '@server/modules/users/contracts';
import { Headset, KeyRound, LayoutDashboard, ShieldCheck, UserRound, Wallet } from 'lucide-react';
import { Head, Link, usePage } from '../../app/protocol';
import { PageHeader } from '../../components/account/PageHeader';
import { ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ForwardArrow } from '../../components/ui/DirectionalIcon';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { formatToman } from '../../lib/money';
import { useRoute } from '../../lib/route';

/** `users.home`: the hub after any sign-in: balance, verification, and the desks the role opens. */
export default function UsersHome({
  intended,
  shortcuts,
  suspended = false,
  suspension_reason: reason = null,
}: UsersHomeProps) {
  const route = useRoute();
  const user = usePage().props.auth?.user;
  if (!user) return <Head title="حساب من" />;

  const known = [
    { name: 'panel.home', label: 'پنل کاربری', text: 'سرورها، کیف پول و تیکت‌ها', icon: LayoutDashboard },
    {
      name: 'profile.show',
      label: 'پروفایل و امنیت',
      text: 'رمز عبور، ورود دومرحله‌ای و نشست‌ها',
      icon: UserRound,
    },
    { name: 'api-tokens.index', label: 'توکن‌های API', text: 'دسترسی برنامه‌ها به حساب', icon: KeyRound },
    { name: 'care.home', label: 'میز پشتیبانی', text: 'تیکت‌ها و احراز هویت کاربران', icon: Headset },
    { name: 'admin.dash', label: 'مدیریت', text: 'پلن‌ها، کاربران و تنظیمات', icon: ShieldCheck },
  ];
  // Our desks plus any the server offers that we do not know yet (its label, a generic icon);
  // a link shows only when its route is in the list this user was sent.
  const extra = (shortcuts ?? [])
    .filter((s) => !known.some((k) => k.name === s.route))
    .map((s) => ({ name: s.route, label: s.label, text: '', icon: LayoutDashboard }));
  const desks = [...known, ...extra].filter((desk) => route.has(desk.name));

  return (
    <>
      <Head title="حساب من" />
      <PageHeader
        title={`سلام، ${user.name}`}
        description="از اینجا به هر بخش حسابتان بروید."
        actions={
          intended ? (
            <ButtonLink href={intended}>
              ادامه از جایی که بودید
              <ForwardArrow className="size-4" />
            </ButtonLink>
          ) : null
        }
      />
      {suspended && (
        <p
          role="alert"
          className="mb-4 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          حساب شما معلق شده است؛ فقط به پیشخوان و تیکت‌ها دسترسی دارید. برای پیگیری با پشتیبانی تماس بگیرید.
          {reason && <span className="mt-1 block font-medium">دلیل: {reason}</span>}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="flex items-center gap-4 p-5">
          <span className="grid size-11 place-items-center rounded-full bg-brand-50 text-brand-700">
            <Wallet aria-hidden="true" className="size-5" />
          </span>
          <div className="flex-1">
            <p className="text-sm text-gray-600">موجودی کیف پول</p>
            <p className="text-lg font-bold text-gray-900">{formatToman(user.balance)}</p>
          </div>
          {route.has('panel.payments.make') && (
            <Link
              href={route('panel.payments.make')}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              افزایش اعتبار
            </Link>
          )}
        </Card>
        <Card className="flex items-center gap-4 p-5">
          <span className="grid size-11 place-items-center rounded-full bg-gray-100 text-gray-700">
            <ShieldCheck aria-hidden="true" className="size-5" />
          </span>
          <div className="flex-1">
            <p className="text-sm text-gray-600">احراز هویت</p>
            <div className="mt-1">
              <StatusBadge kind="kyc" state={user.kyc_status} />
            </div>
          </div>
          {user.kyc_status !== 'approved' && route.has('panel.account.verify') && (
            <Link
              href={route('panel.account.verify')}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              احراز هویت
            </Link>
          )}
        </Card>
      </div>
      <h2 className="mt-8 mb-3 text-base font-bold text-gray-900">بخش‌های حساب</h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {desks.map(({ name, label, text, icon: Icon }) => (
          <li key={name}>
            <Link
              href={route(name)}
              className="flex h-full items-center gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-xs hover:border-brand-300 hover:bg-brand-50/40"
            >
              <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
              <span className="flex-1">
                <span className="block font-medium text-gray-900">{label}</span>
                <span className="block text-xs text-gray-500">{text}</span>
              </span>
              <ForwardArrow className="size-4 text-gray-400" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
