import { useForm } from '@renderfarm/react';
import type { PanelPaymentsMakeProps } from '@server/modules/billing/contracts';
import { CreditCard, ShieldAlert } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link } from '../../../app/protocol';
import { TotalRow } from '../../../components/invoices/TotalRow';
import { Button } from '../../../components/ui/Button';
import { formBinders } from '../../../components/ui/bind-field';
import { Card } from '../../../components/ui/Card';
import { FormAlert } from '../../../components/ui/FormAlert';
import { MoneyInput, parseToman } from '../../../components/ui/MoneyInput';
import { Price } from '../../../components/ui/Price';
import { Screen } from '../../../components/ui/Screen';
import { formatNumber, toPersianDigits } from '../../../lib/digits';
import { formatTomanAmount, rialToToman } from '../../../lib/money';
import { useLiveReload } from '../../../lib/realtime/use-live-reload';
import { useRoute } from '../../../lib/route';

/** VAT as the server computes it (billing/tax.ts), for the preview only: the server's figure is charged. */
function withTax(amount: number, rate: number, inclusive: boolean) {
  if (inclusive) {
    const subtotal = Math.ceil((amount * 100) / (100 + rate));
    return { subtotal, tax: amount - subtotal, total: amount };
  }
  const tax = Math.floor((amount * rate) / 100);
  return { subtotal: amount, tax, total: amount + tax };
}

/**
 * `panel.payments.make` «افزایش اعتبار»: an amount (a preset or typed in Toman), what it costs
 * with VAT, and the gateway it goes through; or, with `?invoice=`, that pending invoice's total.
 * The store answers with the gateway's pay page, which the browser opens in full.
 */
export default function PaymentMake(props: PanelPaymentsMakeProps) {
  const { gateway, invoice, balance } = props;
  return (
    <Screen
      title="افزایش اعتبار"
      description="کیف پول هزینهٔ دقیقه‌به‌دقیقهٔ سرورهای روشن را می‌پردازد. موجودی کنونی:"
      actions={
        <span className="text-lg font-bold text-gray-900">
          <Price rial={balance} />
        </span>
      }
    >
      {gateway.test && (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <strong>درگاه آزمایشی:</strong> پرداخت‌ها از درگاه آزمایشی می‌گذرند و پولی جابه‌جا نمی‌شود؛ با تنظیم
          شناسهٔ پذیرندهٔ زرین‌پال، درگاه واقعی جای آن را می‌گیرد.
        </p>
      )}
      <div className="mt-6">
        {invoice ? <PayInvoice {...props} invoice={invoice} /> : <TopUpForm {...props} />}
      </div>
    </Screen>
  );
}

/** A decision on the customer's identity check changes the cap: the notice follows it live. */
const KYC_EVENTS = ['KycDecided'];
const KYC_PROPS = ['kyc_room', 'kyc_status', 'auth', 'flash'];

function TopUpForm({
  presets,
  amount,
  min,
  max,
  vat_rate,
  tax_inclusive,
  gateway,
  kyc_room,
  kyc_status,
}: PanelPaymentsMakeProps) {
  const route = useRoute();
  useLiveReload(KYC_EVENTS, KYC_PROPS);
  const pending = kyc_status === 'submitted' || kyc_status === 'under_review';
  const form = useForm({ amount: amount === null ? '' : toPersianDigits(String(rialToToman(amount))) });
  const { field } = formBinders(form);
  const rial = parseToman(form.data.amount);
  const money = rial && rial > 0 ? withTax(rial, vat_rate, tax_inclusive) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.post(route('panel.payments.store'));
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-3">
      <Card className="grid gap-5 p-5 lg:col-span-2">
        <fieldset>
          <legend className="mb-3 text-sm font-medium text-gray-900">مبلغ پیشنهادی</legend>
          <div className="flex flex-wrap gap-2">
            {presets.map((preset) => {
              const text = toPersianDigits(String(rialToToman(preset)));
              const chosen = rial === preset;
              return (
                <button
                  key={preset}
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => form.setData('amount', text)}
                  className={`rounded-lg px-4 py-2 text-sm font-medium ring-1 ring-inset ${
                    chosen
                      ? 'bg-brand-600 text-white ring-brand-600'
                      : 'bg-white text-gray-800 ring-gray-300 hover:bg-gray-50'
                  }`}
                >
                  {formatTomanAmount(preset)} تومان
                </button>
              );
            })}
          </div>
        </fieldset>
        <MoneyInput
          label="مبلغ دلخواه"
          hint={
            <>
              از <Price rial={min} /> تا <Price rial={max} /> در هر پرداخت.
            </>
          }
          {...field('amount')}
        />
        {kyc_room !== null && (
          <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {pending ? (
              <span>
                درخواست احراز هویت شما در حال بررسی است؛ تا تأیید آن، تا <Price rial={kyc_room} /> دیگر
                می‌توانید اعتبار بخرید.{' '}
                <Link href="/panel/account/verify" className="font-medium underline">
                  دیدن وضعیت درخواست
                </Link>
              </span>
            ) : (
              <span>
                حساب شما هنوز احراز هویت نشده است؛ تا <Price rial={kyc_room} /> دیگر می‌توانید اعتبار بخرید.{' '}
                <Link href="/panel/account/verify" className="font-medium underline">
                  احراز هویت
                </Link>
              </span>
            )}
          </p>
        )}
      </Card>
      <Card className="grid content-start gap-3 p-5" aria-live="polite">
        <h2 className="font-semibold text-gray-900">خلاصهٔ پرداخت</h2>
        <TotalRow label="اعتبار کیف پول" rial={money?.subtotal ?? null} />
        <TotalRow label={`مالیات بر ارزش افزوده (${formatNumber(vat_rate)}٪)`} rial={money?.tax ?? null} />
        <div className="border-t border-gray-200 pt-3">
          <TotalRow label="مبلغ قابل پرداخت" rial={money?.total ?? null} strong />
        </div>
        <Button type="submit" disabled={form.processing} className="mt-2 w-full">
          <CreditCard aria-hidden="true" className="size-4" />
          پرداخت با {gateway.label}
        </Button>
        <p className="text-xs text-gray-500">
          پس از پرداخت به همین سایت برمی‌گردید و اعتبار بی‌درنگ به کیف پول افزوده می‌شود.
        </p>
      </Card>
    </form>
  );
}

function PayInvoice({
  invoice,
  gateway,
}: PanelPaymentsMakeProps & { invoice: NonNullable<PanelPaymentsMakeProps['invoice']> }) {
  const route = useRoute();
  const form = useForm({ invoice: invoice.uuid });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.post(route('panel.payments.store'));
  };
  return (
    <Card className="mx-auto grid max-w-md gap-3 p-5">
      <h2 className="font-semibold text-gray-900">پرداخت صورت‌حساب</h2>
      <TotalRow label="مبلغ" rial={invoice.subtotal} />
      <TotalRow label={`مالیات بر ارزش افزوده (${formatNumber(invoice.tax_rate)}٪)`} rial={invoice.tax} />
      <div className="border-t border-gray-200 pt-3">
        <TotalRow label="مبلغ قابل پرداخت" rial={invoice.total} strong />
      </div>
      <FormAlert>{form.errors.invoice}</FormAlert>
      <form onSubmit={submit}>
        <Button type="submit" disabled={form.processing} className="w-full">
          <CreditCard aria-hidden="true" className="size-4" />
          پرداخت با {gateway.label}
        </Button>
      </form>
    </Card>
  );
}
