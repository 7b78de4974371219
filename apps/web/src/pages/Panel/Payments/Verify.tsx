import { router } from '@renderfarm/react';
import type { PanelPaymentsVerifyProps, PaymentView } from '@server/modules/billing/contracts';
import { CircleAlert, CircleCheck, CircleX, Clock, LoaderCircle, SearchX } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Head } from '../../../app/protocol';
import { ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Price } from '../../../components/ui/Price';
import { useLiveReload } from '../../../lib/realtime/use-live-reload';
import { useRoute } from '../../../lib/route';
import { PaymentFacts } from './parts/PaymentFacts';

/** While the gateway has not answered: ask again every 3 s, for a minute (docs/screens.md). */
const POLL_MS = 3_000;
const POLL_FOR_MS = 60_000;
const OPEN = new Set(['created', 'redirected', 'verifying']);

/**
 * `panel.payments.verify` «بررسی پرداخت»: where the gateway sends the buyer back. The server has
 * already verified (or found the answer); this page says what happened in words, keeps asking
 * while the gateway is slow, and leads to the receipt. Strangers holding the link see the state only.
 */
export default function PaymentVerify({ found, owner, payment }: PanelPaymentsVerifyProps) {
  const route = useRoute();
  const open = payment !== null && OPEN.has(payment.status);
  const [gaveUp, setGaveUp] = useState(false);
  useLiveReload(owner ? ['PaymentUpdated'] : [], ['payment']);

  useEffect(() => {
    if (!open) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started > POLL_FOR_MS) {
        window.clearInterval(timer);
        setGaveUp(true);
        return;
      }
      void router.reload({ only: ['payment'], showProgress: false }).catch(() => undefined);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [open]);

  if (!found || !payment) {
    return (
      <>
        <Head title="پرداخت یافت نشد" />
        <EmptyState
          icon={SearchX}
          title="پرداخت یافت نشد"
          description="این نشانی به پرداختی نمی‌رسد. اگر از درگاه بانک به این‌جا آمده‌اید و مبلغی از حسابتان کم شده، با پشتیبانی تماس بگیرید؛ پرداخت‌های تأییدنشده خودکار بررسی می‌شوند."
          action={<ButtonLink href="/panel">بازگشت به پیشخوان</ButtonLink>}
        />
      </>
    );
  }

  const outcome = describe(payment, gaveUp);
  const full = owner && 'amount' in payment ? (payment as PaymentView) : null;
  return (
    <>
      <Head title={outcome.title} />
      <Card className="mx-auto grid max-w-xl gap-5 p-6">
        <div className="flex flex-col items-center gap-2 text-center" role="status" aria-live="polite">
          {outcome.icon}
          <h1 className="text-xl font-bold text-gray-900">{outcome.title}</h1>
          <p className="text-gray-700">
            {full && payment.status === 'paid' && full.invoice.kind === 'topup' ? (
              <>
                <Price rial={full.invoice.subtotal} /> به کیف پول شما افزوده شد.
              </>
            ) : (
              outcome.text
            )}
          </p>
        </div>
        {full && <PaymentFacts payment={full} />}
        {!owner && (
          <p className="text-center text-sm text-gray-600">
            برای دیدن جزئیات پرداخت، با حسابی که آن را پرداخت کرد وارد شوید.
          </p>
        )}
        {owner && (
          <div className="flex flex-wrap justify-center gap-2">
            {payment.status === 'paid' && (
              <ButtonLink href={route('panel.payments.show', { payment: payment.uuid })}>
                رسید پرداخت
              </ButtonLink>
            )}
            {(payment.status === 'canceled' ||
              payment.status === 'failed' ||
              payment.status === 'expired') && (
              <ButtonLink href={route('panel.payments.make')}>تلاش دوباره</ButtonLink>
            )}
            <ButtonLink href={route('panel.items')} variant="secondary">
              گردش حساب
            </ButtonLink>
          </div>
        )}
      </Card>
    </>
  );
}

function describe(
  payment: { status: string },
  gaveUp: boolean,
): { icon: ReactNode; title: string; text: string } {
  const big = 'size-14';
  switch (payment.status) {
    case 'paid':
      return {
        icon: <CircleCheck aria-hidden="true" className={`${big} text-green-600`} />,
        title: 'پرداخت موفق بود',
        text: 'پرداخت شما تأیید شد.',
      };
    case 'canceled':
      return {
        icon: <CircleX aria-hidden="true" className={`${big} text-gray-500`} />,
        title: 'پرداخت لغو شد',
        text: 'پرداخت را در درگاه لغو کردید و مبلغی از حساب شما کم نشد.',
      };
    case 'failed':
      return {
        icon: <CircleX aria-hidden="true" className={`${big} text-red-600`} />,
        title: 'پرداخت ناموفق بود',
        text: 'بانک این پرداخت را تأیید نکرد. اگر مبلغی از حسابتان کم شده، بانک آن را تا ۷۲ ساعت بازمی‌گرداند.',
      };
    case 'review':
      return {
        icon: <CircleAlert aria-hidden="true" className={`${big} text-amber-600`} />,
        title: 'پرداخت نیاز به بررسی دارد',
        text: 'پاسخ درگاه با این پرداخت نمی‌خواند؛ پشتیبانی آن را بررسی می‌کند و نتیجه را به شما خبر می‌دهد. اعتباری تا پایان بررسی افزوده نمی‌شود.',
      };
    case 'expired':
      return {
        icon: <Clock aria-hidden="true" className={`${big} text-gray-500`} />,
        title: 'مهلت پرداخت گذشت',
        text: 'این پرداخت تأیید نشد و مهلتش گذشت. اگر مبلغی از حسابتان کم شده، بانک آن را بازمی‌گرداند.',
      };
    default:
      return gaveUp
        ? {
            icon: <Clock aria-hidden="true" className={`${big} text-amber-600`} />,
            title: 'تأیید پرداخت طول کشید',
            text: 'درگاه هنوز پاسخ نداده است. پرداخت خودکار دوباره بررسی می‌شود؛ چند دقیقهٔ دیگر گردش حساب را ببینید.',
          }
        : {
            icon: <LoaderCircle aria-hidden="true" className={`${big} animate-spin text-brand-600`} />,
            title: 'در حال تأیید پرداخت…',
            text: 'پاسخ بانک را می‌پرسیم؛ این صفحه را نبندید.',
          };
  }
}
