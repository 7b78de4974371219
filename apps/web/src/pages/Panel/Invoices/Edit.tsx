import { router, useForm } from '@renderfarm/react';
import type { InvoicePaymentView, PanelInvoicesEditProps } from '@server/modules/billing/invoices/contracts';
import { CreditCard, Wallet } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { usePage } from '../../../app/protocol';
import { BillToFields, BillToSummary } from '../../../components/invoices/BillToFields';
import { InvoiceFacts } from '../../../components/invoices/InvoiceFacts';
import { InvoiceFileButtons } from '../../../components/invoices/InvoiceFileButtons';
import { InvoiceLinesCard } from '../../../components/invoices/InvoiceLines';
import { InvoicePrint } from '../../../components/invoices/InvoicePrint';
import { TotalRow } from '../../../components/invoices/TotalRow';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { type Column, DataTable } from '../../../components/ui/DataTable';
import { FormAlert } from '../../../components/ui/FormAlert';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Ltr } from '../../../components/ui/Ltr';
import { MaybeLink } from '../../../components/ui/MaybeLink';
import { Price } from '../../../components/ui/Price';
import { SavedNote } from '../../../components/ui/SavedNote';
import { Screen } from '../../../components/ui/Screen';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { TableCard } from '../../../components/ui/TableCard';
import { WithAside } from '../../../components/ui/WithAside';
import { toPersianDigits } from '../../../lib/digits';
import { formatToman } from '../../../lib/money';
import { useRoute } from '../../../lib/route';

/**
 * `panel.invoices.edit` «جزئیات صورت‌حساب»: the invoice's lines and money, its payments, who it is
 * made out to (editable while it waits for payment), paying it (from the wallet for a debt, or
 * through the gateway), cancelling a pro-forma, the PDF and a printout of the same document.
 */
export default function InvoiceEdit({
  invoice,
  items,
  payments,
  bill_to,
  document,
  balance,
  can,
}: PanelInvoicesEditProps) {
  const route = useRoute();
  const errors = (usePage().props.errors ?? {}) as Record<string, string | undefined>;
  const [confirm, setConfirm] = useState<'wallet' | 'cancel' | null>(null);
  const [busy, setBusy] = useState(false);
  const params = { invoice: invoice.uuid };
  const options = { preserveScroll: true, onFinish: () => setBusy(false) };
  const pay = (method: 'wallet' | 'gateway') => {
    setConfirm(null);
    setBusy(true);
    router.post(route('panel.invoices.pay', params), { method }, options);
  };
  const cancel = () => {
    setConfirm(null);
    setBusy(true);
    router.delete(route('panel.invoices.destroy', params), options);
  };
  const pending = invoice.status === 'pending';

  return (
    <Screen
      title="جزئیات صورت‌حساب"
      description={`${document.title} · ${document.numberLabel}`}
      actions={<InvoiceFileButtons pdf={route('panel.invoices.pdf', params)} />}
    >
      <FormAlert className="mb-6">{errors.action}</FormAlert>
      {/* On a phone the money and the buttons come first, before the lines. */}
      <WithAside
        asideFirst
        aside={
          <Card className="grid gap-3 p-4 sm:p-6">
            <h2 className="font-bold text-gray-900">{pending ? 'پرداخت' : 'مبلغ'}</h2>
            <TotalRow label="مبلغ کل" rial={invoice.total} strong />
            {pending && can.pay_wallet && <TotalRow label="موجودی کیف پول" rial={balance} />}
            {can.pay_wallet && (
              <Button onClick={() => setConfirm('wallet')} disabled={busy || balance < invoice.total}>
                <Wallet aria-hidden="true" className="size-4" />
                پرداخت از کیف پول
              </Button>
            )}
            {can.pay_wallet && balance < invoice.total && (
              <p className="text-xs text-gray-600">موجودی کیف پول کافی نیست؛ از درگاه بپردازید.</p>
            )}
            {can.pay_gateway && (
              <Button
                variant={can.pay_wallet ? 'secondary' : 'primary'}
                onClick={() => pay('gateway')}
                disabled={busy}
              >
                <CreditCard aria-hidden="true" className="size-4" />
                پرداخت با درگاه بانکی
              </Button>
            )}
            {pending && invoice.kind === 'topup' && (
              <p className="text-xs leading-6 text-gray-600">
                برای واریز بانکی، مبلغ کل را به حساب ما واریز کنید و شمارهٔ پیگیری را به پشتیبانی بدهید؛ پس از
                بررسی، پرداخت ثبت و اعتبار به کیف پول افزوده می‌شود.
              </p>
            )}
            {!pending && (
              <p className="text-sm text-gray-600">
                {invoice.status === 'paid' || invoice.status === 'refunded'
                  ? 'این صورت‌حساب پرداخت شده است.'
                  : 'این صورت‌حساب لغو شده است و پرداخت نمی‌شود.'}
              </p>
            )}
            {can.cancel && (
              <Button
                variant="ghost"
                onClick={() => setConfirm('cancel')}
                disabled={busy}
                className="text-red-700"
              >
                لغو پیش‌فاکتور
              </Button>
            )}
          </Card>
        }
      >
        <Card className="p-4 sm:p-6">
          <InvoiceFacts invoice={invoice} kindLabel={document.kindLabel} />
        </Card>
        <InvoiceLinesCard items={items} invoice={invoice} />
        {payments.length > 0 && <Payments payments={payments} />}
        <Card as="section" aria-labelledby="buyer-title" className="p-4 sm:p-6">
          <h2 id="buyer-title" className="mb-1 font-bold text-gray-900">
            مشخصات خریدار
          </h2>
          {can.update ? (
            <BillToForm invoiceUuid={invoice.uuid} values={bill_to} />
          ) : (
            <div className="mt-3">
              <BillToSummary billTo={invoice.bill_to} />
            </div>
          )}
        </Card>
      </WithAside>
      <ConfirmDialog
        open={confirm === 'wallet'}
        title="پرداخت از کیف پول؟"
        confirmLabel="بله، پرداخت شود"
        busy={busy}
        onConfirm={() => pay('wallet')}
        onCancel={() => setConfirm(null)}
      >
        {`${formatToman(invoice.total)} از کیف پول کم می‌شود و صورت‌حساب پرداخت‌شده ثبت می‌شود.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'cancel'}
        danger
        title="لغو پیش‌فاکتور؟"
        confirmLabel="بله، لغو شود"
        cancelLabel="نه، بماند"
        busy={busy}
        onConfirm={cancel}
        onCancel={() => setConfirm(null)}
      >
        پیش‌فاکتور لغو می‌شود و دیگر پرداخت نمی‌شود. اگر مبلغ را واریز کرده‌اید، آن را لغو نکنید و به پشتیبانی خبر
        دهید.
      </ConfirmDialog>
      <InvoicePrint document={document} />
    </Screen>
  );
}

function BillToForm({
  invoiceUuid,
  values,
}: {
  invoiceUuid: string;
  values: PanelInvoicesEditProps['bill_to'];
}) {
  const route = useRoute();
  const form = useForm<Pick<typeof values, keyof typeof values>>({ ...values });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.put(route('panel.invoices.update', { invoice: invoiceUuid }), { preserveScroll: true });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-4">
      <p className="text-sm text-gray-600">تا پیش از پرداخت می‌توانید آن را تغییر دهید.</p>
      <BillToFields
        values={form.data}
        errors={form.errors as Record<string, string | undefined>}
        onChange={(key, value) => form.setData(key, value)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={form.processing}>
          ذخیرهٔ مشخصات خریدار
        </Button>
        <SavedNote show={form.recentlySuccessful} />
      </div>
    </form>
  );
}

function Payments({ payments }: { payments: InvoicePaymentView[] }) {
  const route = useRoute();
  const columns: Column<InvoicePaymentView>[] = [
    {
      key: 'at',
      label: 'زمان',
      render: (row) => (
        <MaybeLink
          href={route.has('panel.payments.show') ? route('panel.payments.show', { payment: row.uuid }) : null}
        >
          <JalaliTime value={row.paid_at ?? row.created_at} style="datetime" />
        </MaybeLink>
      ),
    },
    { key: 'gateway', label: 'درگاه', render: (row) => row.gateway_label },
    { key: 'status', label: 'وضعیت', render: (row) => <StatusBadge kind="payment" state={row.status} /> },
    {
      key: 'ref',
      label: 'شمارهٔ پیگیری',
      render: (row) => (row.ref_id ? <Ltr>{toPersianDigits(row.ref_id)}</Ltr> : '—'),
    },
    { key: 'amount', label: 'مبلغ', numeric: true, render: (row) => <Price rial={row.amount} /> },
  ];
  return (
    <TableCard id="payments-title" title="پرداخت‌ها">
      <DataTable
        caption="پرداخت‌های این صورت‌حساب"
        columns={columns}
        rows={payments}
        rowKey={(row) => row.uuid}
        empty={{ icon: CreditCard, title: 'پرداختی ثبت نشده است' }}
      />
    </TableCard>
  );
}
