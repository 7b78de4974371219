import { useForm } from '@renderfarm/react';
import type { BillToValues, PanelInvoicesMakeProps } from '@server/modules/billing/invoices/contracts';
import { FileText, ShieldAlert } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link } from '../../../app/protocol';
import { BillToFields } from '../../../components/invoices/BillToFields';
import { TotalRow } from '../../../components/invoices/TotalRow';
import { withTax } from '../../../components/invoices/with-tax';
import { Button } from '../../../components/ui/Button';
import { formBinders } from '../../../components/ui/bind-field';
import { Card } from '../../../components/ui/Card';
import { FormAlert } from '../../../components/ui/FormAlert';
import { MoneyInput, parseToman } from '../../../components/ui/MoneyInput';
import { Price } from '../../../components/ui/Price';
import { Screen } from '../../../components/ui/Screen';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

/**
 * `panel.invoices.make` «درخواست صورت‌حساب»: a top-up to be paid by bank transfer, or one that
 * needs an official invoice: the amount of credit in Toman, who the invoice is made out to, and
 * what it comes to with VAT. The store answers with the new pro-forma's page.
 */
export default function InvoiceMake({
  bill_to,
  min,
  max,
  vat_rate,
  tax_inclusive,
  kyc_room,
}: PanelInvoicesMakeProps) {
  const route = useRoute();
  const form = useForm<Pick<BillToValues, keyof BillToValues> & { amount: string }>({
    amount: '',
    ...bill_to,
  });
  const { field } = formBinders(form);
  const errors = form.errors as Partial<Record<string, string>>;
  const rial = parseToman(form.data.amount);
  const money = rial && rial > 0 ? withTax(rial, vat_rate, tax_inclusive) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.post(route('panel.invoices.store'));
  };

  return (
    <Screen
      title="درخواست صورت‌حساب"
      description="پیش‌فاکتور افزایش اعتبار، برای واریز بانکی یا وقتی صورت‌حساب رسمی به نام خود یا شرکتتان می‌خواهید."
    >
      <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <Card className="grid gap-4 p-4 sm:p-6">
            <h2 className="font-bold text-gray-900">مبلغ اعتبار</h2>
            <MoneyInput
              label="مبلغ"
              hint={
                <>
                  از <Price rial={min} /> تا <Price rial={max} />
                  {tax_inclusive
                    ? '؛ مالیات بر ارزش افزوده در همین مبلغ است.'
                    : '؛ مالیات بر ارزش افزوده به آن افزوده می‌شود.'}
                </>
              }
              {...field('amount')}
            />
            {kyc_room !== null && (
              <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>
                  حساب شما هنوز احراز هویت نشده است؛ تا <Price rial={kyc_room} /> دیگر می‌توانید اعتبار بخرید.{' '}
                  <Link href={route('panel.account.verify')} className="font-medium underline">
                    احراز هویت
                  </Link>
                </span>
              </p>
            )}
          </Card>
          <Card className="grid gap-4 p-4 sm:p-6">
            <div>
              <h2 className="font-bold text-gray-900">مشخصات خریدار</h2>
              <p className="mt-1 text-sm text-gray-600">همان‌طور که باید روی صورت‌حساب رسمی چاپ شود.</p>
            </div>
            <BillToFields
              values={form.data}
              errors={errors}
              onChange={(key, value) => form.setData(key, value)}
            />
          </Card>
        </div>
        <Card className="grid content-start gap-3 p-4 sm:p-6" aria-live="polite">
          <h2 className="font-bold text-gray-900">خلاصه</h2>
          <TotalRow label="اعتبار کیف پول" rial={money?.subtotal ?? null} />
          <TotalRow label={`مالیات بر ارزش افزوده (${formatNumber(vat_rate)}٪)`} rial={money?.tax ?? null} />
          <div className="border-t border-gray-200 pt-3">
            <TotalRow label="مبلغ کل پیش‌فاکتور" rial={money?.total ?? null} strong />
          </div>
          <FormAlert>{errors.action}</FormAlert>
          <Button type="submit" disabled={form.processing} className="mt-2 w-full">
            <FileText aria-hidden="true" className="size-4" />
            صدور پیش‌فاکتور
          </Button>
          <p className="text-xs leading-6 text-gray-500">
            پیش‌فاکتور را می‌توانید از درگاه بپردازید، یا مبلغ کل را به حساب ما واریز کنید و شمارهٔ پیگیری را به
            پشتیبانی بدهید. پس از پرداخت، صورت‌حساب شماره می‌گیرد و اعتبار به کیف پول می‌رود.
          </p>
        </Card>
      </form>
    </Screen>
  );
}
