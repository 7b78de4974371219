import type { LandingProps } from '@server/modules/users/contracts';
import { PartyPopper } from 'lucide-react';
import { Head, usePage } from '../../app/protocol';
import { Checklist, type ChecklistItem } from '../../components/account/Checklist';
import { PageHeader } from '../../components/account/PageHeader';
import { ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { useRoute } from '../../lib/route';

/** `users.landing`: first sign-in: what to do to be ready to render, in order. */
export default function Landing({ checklist = {} }: LandingProps) {
  const route = useRoute();
  const user = usePage().props.auth?.user;
  const href = (name: string) => (route.has(name) ? route(name) : null);

  const items: ChecklistItem[] = [
    {
      key: 'profile',
      label: 'نام و مشخصات حساب',
      description: 'نامتان روی صورت‌حساب‌ها می‌آید.',
      done: checklist.profile ?? Boolean(user?.name),
      href: href('profile.show'),
      action: 'تکمیل',
    },
    {
      key: 'email',
      label: 'ایمیل (اختیاری)',
      description: 'برای رسید پرداخت‌ها و بازیابی رمز عبور.',
      done: checklist.email ?? Boolean(user?.email_verified),
      href: href('profile.show'),
      action: 'افزودن',
    },
    {
      key: 'password',
      label: 'رمز عبور (اختیاری)',
      description: 'تا بتوانید بدون کد پیامکی هم وارد شوید.',
      done: checklist.password ?? false,
      href: href('profile.show'),
      action: 'تعیین رمز',
    },
    {
      key: 'kyc',
      label: 'احراز هویت',
      description: 'برای اجاره سرور و ساخت توکن API لازم است.',
      done: checklist.kyc ?? user?.kyc_status === 'approved',
      href: href('panel.account.verify'),
      action: 'شروع',
    },
    {
      key: 'top_up',
      label: 'نخستین افزایش اعتبار',
      description: 'هزینه سرورها ساعتی از کیف پول کم می‌شود.',
      done: checklist.top_up ?? (user?.balance ?? 0) > 0,
      href: href('panel.payments.make'),
      action: 'افزایش اعتبار',
    },
    {
      key: 'machine',
      label: 'نخستین سرور رندر',
      description: 'پلن را انتخاب کنید و با ریموت دسکتاپ وصل شوید.',
      done: checklist.machine ?? false,
      href: href('panel.instances.make'),
      action: 'اجاره سرور',
    },
  ];
  const left = items.filter((item) => !item.done).length;

  return (
    <>
      <Head title="خوش آمدید" />
      <PageHeader
        title={user ? `${user.name}، خوش آمدید` : 'خوش آمدید'}
        description="حسابتان ساخته شد. این چند قدم شما را برای نخستین رندر آماده می‌کند."
      />
      <Card className="max-w-2xl p-4 sm:p-6">
        {left === 0 ? (
          <div className="flex flex-col items-center py-6 text-center">
            <PartyPopper aria-hidden="true" className="size-8 text-brand-600" />
            <p className="mt-3 font-semibold text-gray-900">همه چیز آماده است!</p>
          </div>
        ) : (
          <p className="mb-2 text-sm text-gray-600" aria-live="polite">
            {`${new Intl.NumberFormat('fa-IR').format(left)} قدم مانده است.`}
          </p>
        )}
        <Checklist items={items} label="قدم‌های شروع کار" />
        {route.has('users.home') && (
          <div className="mt-4 border-t border-gray-100 pt-4">
            <ButtonLink href={route('users.home')} variant="secondary">
              بعداً؛ برو به حساب من
            </ButtonLink>
          </div>
        )}
      </Card>
    </>
  );
}
