import type { KycState } from '@server/modules/dashboard/contracts';
import { ShieldAlert } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/Button';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { useRoute } from '../../../lib/route';

interface Message {
  text: string;
  /** The wizard's button, when there is something for the customer to do there. */
  action?: string;
}

// What the customer can do now depends on where the request is (docs/domain.md, Verification).
const MESSAGES: Record<string, Message> = {
  none: {
    text: 'برای اجاره و روشن کردن سرور، نخست هویتتان را تأیید کنید. چند دقیقه بیشتر طول نمی‌کشد.',
    action: 'شروع احراز هویت',
  },
  draft: {
    text: 'درخواست احراز هویتتان نیمه‌کاره مانده است؛ آن را کامل کنید و بفرستید.',
    action: 'ادامه احراز هویت',
  },
  submitted: { text: 'مدارکتان رسید و به‌زودی بررسی می‌شود؛ نتیجه را پیامک می‌کنیم.' },
  under_review: { text: 'کارشناسان ما در حال بررسی مدارکتان هستند؛ نتیجه را پیامک می‌کنیم.' },
  rejected: {
    text: 'درخواست احراز هویتتان پذیرفته نشد. دلیل را ببینید و مدارک را دوباره بفرستید.',
    action: 'دیدن دلیل و ارسال دوباره',
  },
  revoked: {
    text: 'تأیید هویت حسابتان لغو شده است. برای اجاره سرور دوباره احراز هویت کنید یا با پشتیبانی تماس بگیرید.',
    action: 'احراز هویت دوباره',
  },
};

/** Shown above the home while the account's identity is not approved: where it stands, what next. */
export function KycBanner({ status }: { status: KycState }) {
  const route = useRoute();
  const message = MESSAGES[status] ?? MESSAGES.none!;
  const wizard = route.has('panel.account.verify') ? route('panel.account.verify') : null;
  return (
    <section
      aria-labelledby="kyc-title"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4"
    >
      <ShieldAlert aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
      <div className="min-w-0 flex-1">
        <h2 id="kyc-title" className="flex flex-wrap items-center gap-2 font-bold text-amber-950">
          احراز هویت
          <StatusBadge kind="kyc" state={status} />
        </h2>
        <p className="mt-1 text-sm leading-7 text-amber-900">{message.text}</p>
      </div>
      {wizard && message.action && (
        <ButtonLink href={wizard} size="sm">
          {message.action}
        </ButtonLink>
      )}
    </section>
  );
}
