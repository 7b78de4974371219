import { BadgeCheck, MonitorSmartphone, Server, UserPlus, Wallet } from 'lucide-react';
import { formatNumber } from '../../../../lib/digits';

const STEPS = [
  { icon: UserPlus, title: 'ثبت‌نام', text: 'با شماره موبایل در کمتر از یک دقیقه حساب بسازید.' },
  {
    icon: BadgeCheck,
    title: 'احراز هویت',
    text: 'کد پیامکی را وارد کنید و مدارک هویتی را برای بررسی بفرستید.',
  },
  {
    icon: Wallet,
    title: 'افزایش اعتبار',
    text: 'کیف پول را با درگاه بانکی شارژ کنید؛ هزینه‌ها از همین اعتبار کم می‌شود.',
  },
  { icon: Server, title: 'اجاره سرور', text: 'پلن و دیتاسنتر را انتخاب کنید؛ سرور چند دقیقه بعد آماده است.' },
  {
    icon: MonitorSmartphone,
    title: 'اتصال با ریموت دسکتاپ',
    text: 'فایل اتصال را بگیرید، وارد سرور شوید و رندر را شروع کنید.',
  },
];

/** From sign-up to the first render, in the order the customer meets each step. */
export function HowItWorks() {
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {STEPS.map(({ icon: Icon, title, text }, index) => (
        <li
          key={title}
          className="flex gap-4 rounded-2xl border border-gray-200 bg-white p-4 sm:p-5 lg:flex-col lg:gap-0"
        >
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="lg:mt-4">
            <p className="text-xs font-bold text-gray-500">مرحله {formatNumber(index + 1)}</p>
            <h3 className="font-semibold text-gray-900">{title}</h3>
            <p className="mt-1 text-sm leading-7 text-gray-600">{text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
