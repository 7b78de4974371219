import { useForm } from '@renderfarm/react';
import type { InvoiceItemView, Option } from '@server/modules/billing/invoices/contracts';
import { Plus, Trash2 } from 'lucide-react';
import type { FormEvent } from 'react';
import { TotalRow } from '../../../../components/invoices/TotalRow';
import { withTax } from '../../../../components/invoices/with-tax';
import { Button } from '../../../../components/ui/Button';
import { formBinders } from '../../../../components/ui/bind-field';
import { Card } from '../../../../components/ui/Card';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { JalaliDatePicker } from '../../../../components/ui/JalaliDatePicker';
import { MoneyInput, parseToman } from '../../../../components/ui/MoneyInput';
import { Price } from '../../../../components/ui/Price';
import { SavedNote } from '../../../../components/ui/SavedNote';
import { SelectField } from '../../../../components/ui/SelectField';
import { TextField } from '../../../../components/ui/TextField';
import { formatNumber, normalizeDigits } from '../../../../lib/digits';
import { rialToToman } from '../../../../lib/money';
import { useRoute } from '../../../../lib/route';

interface Line {
  description: string;
  quantity: string;
  /** Toman, as typed. */
  unit_price: string;
}

type FormValues = {
  user: string;
  kind: string;
  items: Line[];
  tax_rate: string;
  due_date: string;
};

const EMPTY_LINE: Line = { description: '', quantity: '1', unit_price: '' };

/** What a line comes to, in Rial, while it is typed (null until it reads as numbers). */
function lineAmount(line: Line): number | null {
  const quantity = Number(normalizeDigits(line.quantity));
  const price = parseToman(line.unit_price);
  return Number.isInteger(quantity) && quantity > 0 && price !== null ? quantity * price : null;
}

/**
 * The lines, tax rate and due date of a manual invoice (Admin/Invoices Make and Edit): prices in
 * Toman, VAT on top at the rate given (the configured one to start with; frozen once issued), and
 * two ways to save: issued (the customer sees it and may pay) or as a draft.
 */
export function InvoiceForm({
  invoice,
  user,
  kinds,
  taxRate,
  canEditTax = true,
  canIssue = true,
}: {
  /** Edit: the invoice's id, kind, lines and due day; Make: null. */
  invoice: { id: number; kind: string; items: InvoiceItemView[]; due_date: string; status: string } | null;
  /** Make: the customer the URL named (`?user=`), as the field starts. */
  user?: string;
  kinds: Option[];
  taxRate: number;
  canEditTax?: boolean;
  canIssue?: boolean;
}) {
  const route = useRoute();
  const form = useForm<FormValues>({
    user: user ?? '',
    kind: invoice?.kind ?? 'manual',
    items: invoice?.items.length
      ? invoice.items.map((item) => ({
          description: item.description,
          quantity: String(item.quantity),
          unit_price: String(rialToToman(item.unit_price)),
        }))
      : [{ ...EMPTY_LINE }],
    tax_rate: String(taxRate),
    due_date: invoice?.due_date ?? '',
  });
  const { field } = formBinders(form);
  const errors = form.errors as Record<string, string | undefined>;
  const setLine = (index: number, patch: Partial<Line>) =>
    form.setData(
      'items',
      form.data.items.map((line, i) => (i === index ? { ...line, ...patch } : line)),
    );
  const amounts = form.data.items.map(lineAmount);
  const subtotal = amounts.every((a) => a !== null)
    ? amounts.reduce<number>((sum, a) => sum + (a ?? 0), 0)
    : null;
  const rate = Number(normalizeDigits(form.data.tax_rate));
  const money =
    subtotal !== null && Number.isInteger(rate) && rate >= 0 ? withTax(subtotal, rate, false) : null;
  const draft = invoice === null || invoice.status === 'draft';
  const showKind = draft && invoice?.kind !== 'topup';

  const save = (issue: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    form.transform((data) => ({ ...data, issue }));
    if (invoice)
      void form.put(route('admin.invoices.update', { invoice: invoice.id }), { preserveScroll: true });
    else void form.post(route('admin.invoices.store'));
  };

  return (
    <form onSubmit={save(!invoice)} noValidate className="grid gap-6">
      {(!invoice || showKind) && (
        <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
          {!invoice && (
            <TextField
              label="مشتری"
              hint="ایمیل، شمارهٔ موبایل یا شناسهٔ کاربری مشتری"
              autoComplete="off"
              ltr
              className="sm:col-span-2"
              {...field('user')}
            />
          )}
          {showKind && <SelectField label="نوع صورت‌حساب" {...field('kind')} options={kinds} />}
        </Card>
      )}

      <Card as="section" aria-labelledby="lines-title" className="grid gap-4 p-4 sm:p-6">
        <h2 id="lines-title" className="font-bold text-gray-900">
          ردیف‌ها
        </h2>
        <ol className="grid gap-4">
          {form.data.items.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional; errors are keyed by position too
            <li key={index} className="grid gap-3 rounded-xl border border-gray-200 p-3 sm:grid-cols-12">
              <TextField
                label={`شرح ردیف ${formatNumber(index + 1)}`}
                maxLength={200}
                className="sm:col-span-6"
                value={line.description}
                onChange={(description) => setLine(index, { description })}
                error={errors[`items.${index}.description`]}
              />
              <TextField
                label="تعداد"
                inputMode="numeric"
                digits
                className="sm:col-span-2"
                value={line.quantity}
                onChange={(quantity) => setLine(index, { quantity })}
                error={errors[`items.${index}.quantity`]}
              />
              <MoneyInput
                label="مبلغ واحد"
                className="sm:col-span-3"
                value={line.unit_price}
                onChange={(unit_price) => setLine(index, { unit_price })}
                error={errors[`items.${index}.unit_price`]}
              />
              <div className="flex items-end sm:col-span-1">
                <Button
                  variant="ghost"
                  size="md"
                  aria-label={`حذف ردیف ${formatNumber(index + 1)}`}
                  disabled={form.data.items.length === 1}
                  onClick={() =>
                    form.setData(
                      'items',
                      form.data.items.filter((_, i) => i !== index),
                    )
                  }
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
              {amounts[index] !== null && (
                <p className="text-sm text-gray-600 sm:col-span-12">
                  مبلغ ردیف: <Price rial={amounts[index]!} />
                </p>
              )}
            </li>
          ))}
        </ol>
        <FormAlert>{errors.items}</FormAlert>
        <div>
          <Button
            variant="secondary"
            onClick={() => form.setData('items', [...form.data.items, { ...EMPTY_LINE }])}
            disabled={form.data.items.length >= 50}
          >
            <Plus aria-hidden="true" className="size-4" />
            افزودن ردیف
          </Button>
        </div>
      </Card>

      <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
        <div className="grid content-start gap-4">
          <TextField
            label="نرخ مالیات بر ارزش افزوده (درصد)"
            inputMode="numeric"
            digits
            disabled={!canEditTax}
            hint={
              canEditTax
                ? 'از تنظیمات سایت؛ برای این صورت‌حساب می‌توانید تغییرش دهید.'
                : 'نرخ صورت‌حساب صادرشده ثابت است.'
            }
            {...field('tax_rate')}
          />
          <JalaliDatePicker
            label="مهلت پرداخت (اختیاری)"
            value={form.data.due_date || null}
            onChange={(day) => form.setData('due_date', day ?? '')}
            error={errors.due_date}
          />
        </div>
        <div className="grid content-start gap-2" aria-live="polite">
          <TotalRow label="جمع" rial={money?.subtotal ?? null} />
          <TotalRow label="مالیات" rial={money?.tax ?? null} />
          <TotalRow label="مبلغ کل" rial={money?.total ?? null} strong />
        </div>
      </Card>

      <FormAlert>{errors.action}</FormAlert>
      <div className="flex flex-wrap items-center gap-3">
        {invoice && !(draft && canIssue) && (
          <Button type="submit" disabled={form.processing}>
            ذخیرهٔ صورت‌حساب
          </Button>
        )}
        {draft && canIssue && (
          <Button
            type={invoice ? 'button' : 'submit'}
            onClick={invoice ? () => save(true)() : undefined}
            disabled={form.processing}
          >
            صدور صورت‌حساب
          </Button>
        )}
        {draft && (
          <Button variant="secondary" onClick={() => save(false)()} disabled={form.processing}>
            ذخیرهٔ پیش‌نویس
          </Button>
        )}
        <SavedNote show={form.recentlySuccessful} />
      </div>
    </form>
  );
}
