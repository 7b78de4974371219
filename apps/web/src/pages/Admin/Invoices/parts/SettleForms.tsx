import { useForm } from '@renderfarm/react';
import type { AdminInvoicesEditProps } from '@server/modules/billing/invoices/contracts';
import type { FormEvent } from 'react';
import { PasswordConfirmedForm } from '../../../../components/confirm/PasswordConfirmedForm';
import { Button } from '../../../../components/ui/Button';
import { formBinders } from '../../../../components/ui/bind-field';
import { Card } from '../../../../components/ui/Card';
import { JalaliDatePicker } from '../../../../components/ui/JalaliDatePicker';
import { MoneyInput, parseToman } from '../../../../components/ui/MoneyInput';
import { Price } from '../../../../components/ui/Price';
import { TextAreaField } from '../../../../components/ui/TextAreaField';
import { TextField } from '../../../../components/ui/TextField';
import { formatToman } from '../../../../lib/money';
import { useRoute } from '../../../../lib/route';

type Invoice = AdminInvoicesEditProps['invoice'];

/** Today in Tehran, ISO: the bank transfer's day to start with. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(new Date());

/**
 * `admin.invoices.pay`: a payment made outside the app (a bank transfer) recorded by hand. A
 * top-up's credit goes to the wallet once; the invoice takes its number.
 */
export function OfflinePayForm({ invoice }: { invoice: Invoice }) {
  const route = useRoute();
  const form = useForm({ reference: '', paid_at: today() });
  const { field } = formBinders(form);
  const errors = form.errors as Record<string, string | undefined>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.post(route('admin.invoices.pay', { invoice: invoice.id }), { preserveScroll: true });
  };
  return (
    <Card as="section" aria-labelledby="offline-title" className="p-4 sm:p-6">
      <h2 id="offline-title" className="font-bold text-gray-900">
        ثبت پرداخت بانکی
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        {invoice.kind === 'topup'
          ? 'وقتی مشتری مبلغ را واریز کرد: صورت‌حساب پرداخت‌شده می‌شود و اعتبارش به کیف پول می‌رود.'
          : 'وقتی مشتری مبلغ را بیرون از سایت پرداخت کرد.'}
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
        <TextField label="شمارهٔ پیگیری واریز" maxLength={100} autoComplete="off" {...field('reference')} />
        <JalaliDatePicker
          label="تاریخ واریز"
          value={form.data.paid_at || null}
          max={today()}
          onChange={(day) => form.setData('paid_at', day ?? '')}
          error={errors.paid_at}
        />
        <div>
          <Button type="submit" disabled={form.processing}>
            ثبت پرداخت
          </Button>
        </div>
      </form>
    </Card>
  );
}

/**
 * `admin.invoices.refund` (password confirmed): part or all of what was paid, never more than is
 * left, to the wallet (credited at once) or to the card (done at the bank, recorded here; a
 * top-up's credit is taken back from the wallet).
 */
export function RefundForm({ invoice }: { invoice: Invoice }) {
  const route = useRoute();
  const form = useForm({ amount: '', to: 'wallet' as 'wallet' | 'card', reason: '' });
  const { field, radio } = formBinders(form);
  const errors = form.errors as Record<string, string | undefined>;
  const rial = parseToman(form.data.amount);
  const send = () =>
    void form.post(route('admin.invoices.refund', { invoice: invoice.id }), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    });
  return (
    <PasswordConfirmedForm
      id="refund-title"
      title="بازپرداخت"
      intro={
        <>
          تا <Price rial={invoice.refundable} /> دیگر از این صورت‌حساب بازپرداخت می‌شود.
        </>
      }
      passwordNote="بازپرداخت پول جابه‌جا می‌کند؛ برای ادامه، رمز عبورتان را وارد کنید."
      submit={{ label: 'بازپرداخت', variant: 'danger' }}
      busy={form.processing}
      ask={{
        title: 'بازپرداخت انجام شود؟',
        confirmLabel: 'بله، بازپرداخت شود',
        danger: true,
        text: rial
          ? `${formatToman(rial)} ${form.data.to === 'wallet' ? 'به کیف پول مشتری برمی‌گردد' : 'به‌عنوان بازپرداخت به کارت ثبت می‌شود'}. این کار برگشت‌پذیر نیست.`
          : 'مبلغ را بنویسید؛ اگر درست نباشد، سرور زیر همان خانه می‌گوید چرا.',
      }}
      onConfirmed={send}
    >
      <MoneyInput label="مبلغ" {...field('amount')} />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-gray-900">به کجا؟</legend>
        <div className="grid gap-2">
          {(
            [
              ['wallet', 'کیف پول مشتری', 'همین حالا به موجودی افزوده می‌شود'],
              [
                'card',
                'کارت بانکی مشتری',
                invoice.kind === 'topup'
                  ? 'واریز را در بانک انجام دهید؛ اعتبار همین مبلغ از کیف پول برداشته می‌شود'
                  : 'واریز را در بانک انجام دهید؛ این‌جا ثبت می‌شود',
              ],
            ] as const
          ).map(([value, label, hint]) => (
            <label
              key={value}
              className="flex min-h-11 items-start gap-2 rounded-xl border border-gray-200 px-3 py-2 text-sm"
            >
              <input type="radio" {...radio('to', value)} className="mt-1 size-4 accent-brand-600" />
              <span>
                <span className="block font-medium text-gray-900">{label}</span>
                <span className="block text-xs text-gray-600">{hint}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.to && <p className="mt-1.5 text-sm text-red-700">{errors.to}</p>}
      </fieldset>
      <TextAreaField label="دلیل" rows={2} maxLength={500} {...field('reason')} />
    </PasswordConfirmedForm>
  );
}
