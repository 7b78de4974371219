import type { BlankProps } from '@server/http/contracts';
import type { LucideIcon } from 'lucide-react';
import { Ban, Clock, FileQuestion, RefreshCw, ServerCrash, Wrench } from 'lucide-react';
import { Head } from '../../app/protocol';
import { ButtonLink } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import { BackArrow } from '../../components/ui/DirectionalIcon';
import { toPersianDigits } from '../../lib/digits';

interface ErrorText {
  icon: LucideIcon;
  title: string;
  message: string;
}

// What each status means to a visitor; the server may send a more specific `message`.
const ERRORS: Record<number, ErrorText> = {
  403: { icon: Ban, title: 'دسترسی ندارید', message: 'اجازه دیدن این صفحه را ندارید.' },
  404: {
    icon: FileQuestion,
    title: 'صفحه پیدا نشد',
    message: 'صفحه‌ای که دنبالش بودید وجود ندارد یا جابه‌جا شده است.',
  },
  419: {
    icon: RefreshCw,
    title: 'نشست منقضی شد',
    message: 'صفحه مدت زیادی باز مانده بود. آن را دوباره باز کنید و دوباره تلاش کنید.',
  },
  429: {
    icon: Clock,
    title: 'درخواست‌ها زیاد شد',
    message: 'در مدت کوتاهی درخواست‌های زیادی فرستادید. چند دقیقه بعد دوباره تلاش کنید.',
  },
  500: {
    icon: ServerCrash,
    title: 'خطایی پیش آمد',
    message: 'مشکلی در سرور پیش آمد. دوباره تلاش کنید؛ اگر تکرار شد به پشتیبانی خبر دهید.',
  },
  503: {
    icon: Wrench,
    title: 'در حال به‌روزرسانی',
    message: 'سایت برای به‌روزرسانی موقتاً در دسترس نیست. کمی بعد سر بزنید.',
  },
};

/** The error and maintenance page (no route of its own: the server's error handler renders it). */
export default function Blank({ status, message }: BlankProps) {
  const text = ERRORS[status] ?? ERRORS[500]!;
  const Icon = text.icon;
  return (
    <Container className="flex flex-col items-center py-20 text-center sm:py-28">
      <Head title={text.title} />
      <span className="grid size-16 place-items-center rounded-2xl bg-gray-100 text-gray-500">
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-bold text-brand-600">خطای {toPersianDigits(status)}</p>
      <h1 className="mt-2 text-2xl font-extrabold text-gray-900 sm:text-3xl">{text.title}</h1>
      <p className="mt-3 max-w-md leading-8 text-gray-600">{message || text.message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink href="/">رفتن به صفحه اصلی</ButtonLink>
        <ButtonLink
          href="/"
          variant="secondary"
          onClick={(event) => {
            // Back when there is somewhere to go back to; a direct visit falls through to home.
            if (window.history.length > 1) {
              event.preventDefault();
              window.history.back();
            }
          }}
        >
          <BackArrow className="size-4" />
          بازگشت به صفحه قبل
        </ButtonLink>
      </div>
    </Container>
  );
}
