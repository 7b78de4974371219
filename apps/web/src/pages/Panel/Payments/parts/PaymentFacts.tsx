import type { PaymentView } from '@server/modules/billing/contracts';
import { type Fact, FactList } from '../../../../components/ui/FactList';
import { JalaliTime } from '../../../../components/ui/JalaliTime';
import { Ltr } from '../../../../components/ui/Ltr';
import { MaybeLink } from '../../../../components/ui/MaybeLink';
import { Price } from '../../../../components/ui/Price';
import { StatusBadge } from '../../../../components/ui/StatusBadge';
import { formatNumber, toPersianDigits } from '../../../../lib/digits';
import { useRoute } from '../../../../lib/route';

const KIND: Record<PaymentView['invoice']['kind'], string> = {
  topup: 'افزایش اعتبار',
  usage: 'صورت‌حساب مصرف',
  manual: 'صورت‌حساب',
};

/** A payment's facts as a receipt lists them (Verify for its owner, Show). */
export function PaymentFacts({ payment }: { payment: PaymentView }) {
  const route = useRoute();
  const invoiceUrl = route.has('panel.invoices.edit')
    ? route('panel.invoices.edit', { invoice: payment.invoice.uuid })
    : null;
  const facts: Fact[] = [
    ['وضعیت', <StatusBadge key="s" kind="payment" state={payment.status} />],
    ['مبلغ پرداختی', <Price key="a" rial={payment.amount} />],
    ...(payment.invoice.kind === 'topup'
      ? ([['اعتبار کیف پول', <Price key="c" rial={payment.invoice.subtotal} />]] as [
          string,
          React.ReactNode,
        ][])
      : []),
    [`مالیات (${formatNumber(payment.invoice.tax_rate)}٪)`, <Price key="t" rial={payment.invoice.tax} />],
    ['درگاه', payment.gateway_label],
    ['شمارهٔ پیگیری', payment.ref_id ? <Ltr key="r">{toPersianDigits(payment.ref_id)}</Ltr> : '—'],
    ['کارت', payment.card_pan ? <Ltr key="p">{toPersianDigits(payment.card_pan)}</Ltr> : '—'],
    ['زمان', <JalaliTime key="z" value={payment.paid_at ?? payment.created_at} />],
    [
      'بابت',
      <MaybeLink key="i" href={invoiceUrl}>
        {KIND[payment.invoice.kind]}
        {payment.invoice.number !== null && ` — صورت‌حساب شمارهٔ ${toPersianDigits(payment.invoice.number)}`}
      </MaybeLink>,
    ],
  ];
  return <FactList facts={facts} />;
}
