import type { WelcomeProps } from '@server/modules/content/contracts';
import { StaticPage } from '../components/content/StaticPage';
import { ButtonLink } from '../components/ui/Button';
import { formatNumber } from '../lib/digits';

const STEPS = [
  { title: 'ثبت‌نام', text: 'با شمارهٔ موبایل یا ایمیل حساب بسازید.' },
  { title: 'احراز هویت', text: 'کارت ملی و یک عکس بفرستید؛ بررسی معمولاً کمتر از یک روز کاری است.' },
  { title: 'شارژ کیف پول', text: 'با کارت بانکی کیف پول را شارژ کنید؛ هزینه دقیقه‌ای کسر می‌شود.' },
  { title: 'اجارهٔ سرور', text: 'پلن، محل و ایمیج نرم‌افزاری را انتخاب کنید.' },
  { title: 'اتصال', text: 'فایل ریموت دسکتاپ را بگیرید و کار را شروع کنید.' },
];

/** `welcome` (GET /welcome): getting started in five steps, with sign-up and sign-in. */
export default function Welcome({ page, can_login, can_register }: WelcomeProps) {
  return (
    <StaticPage page={page}>
      <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-2xl border border-gray-200 bg-white p-5">
            <span className="grid size-9 place-items-center rounded-full bg-brand-50 font-bold text-brand-700">
              {formatNumber(index + 1)}
            </span>
            <h2 className="mt-3 font-semibold text-gray-900">{step.title}</h2>
            <p className="mt-1 text-sm leading-7 text-gray-600">{step.text}</p>
          </li>
        ))}
      </ol>
      {(can_login || can_register) && (
        <div className="mt-8 flex flex-wrap gap-3">
          {can_register && <ButtonLink href="/register">ساخت حساب</ButtonLink>}
          {can_login && (
            <ButtonLink href="/auth/signin" variant="secondary">
              ورود
            </ButtonLink>
          )}
        </div>
      )}
    </StaticPage>
  );
}
