import { router } from '@renderfarm/react';
import type {
  AdminInvoicePaymentView,
  AdminInvoicesEditProps,
  InvoiceRefundView,
} from '@server/modules/billing/invoices/contracts';
import { CreditCard, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link, usePage } from '../../../app/protocol';
import { BillToSummary } from '../../../components/invoices/BillToFields';
import { InvoiceFacts } from '../../../components/invoices/InvoiceFacts';
import { InvoiceFileButtons } from '../../../components/invoices/InvoiceFileButtons';
import { InvoiceLinesCard } from '../../../components/invoices/InvoiceLines';
import { InvoicePrint } from '../../../components/invoices/InvoicePrint';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { type Column, DataTable } from '../../../components/ui/DataTable';
import { FormAlert } from '../../../components/ui/FormAlert';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Ltr } from '../../../components/ui/Ltr';
import { Price } from '../../../components/ui/Price';
import { Screen } from '../../../components/ui/Screen';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { TableCard } from '../../../components/ui/TableCard';
import { WithAside } from '../../../components/ui/WithAside';
import { formatNumber, toPersianDigits } from '../../../lib/digits';
import { formatJalali } from '../../../lib/jalali-date';
import { useRoute } from '../../../lib/route';
import { InvoiceForm } from './parts/InvoiceForm';
import { OfflinePayForm, RefundForm } from './parts/SettleForms';

/**
 * `admin.invoices.edit` «ویرایش صورت‌حساب»: one customer's invoice: its lines (editable while draft
 * or pending), the customer and bill-to, gateway payments with their details, a payment recorded by
 * hand, refunds, cancelling, the PDF and a printout of the same document.
 */
export default function AdminInvoiceEdit(props: AdminInvoicesEditProps) {
  const { invoice, user, items, payments, refunds, offline, document, kinds, can } = props;
  const route = useRoute();
  const errors = (usePage().props.errors ?? {}) as Record<string, string | undefined>;
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState(false);
  const params = { invoice: invoice.id };
  const draft = invoice.status === 'draft';
  const cancel = () => {
    setCancelling(false);
    setBusy(true);
    router.delete(route('admin.invoices.destroy', params), {
      preserveScroll: true,
      onFinish: () => setBusy(false),
    });
  };

  return (
    <Screen
      title="ویرایش صورت‌حساب"
      description={`${document.title} · ${document.numberLabel} · ${user.name}`}
      actions={
        <>
          <InvoiceFileButtons pdf={route('admin.invoices.pdf', params)} />
          {can.cancel && (
            <Button
              variant="ghost"
              className="text-red-700"
              onClick={() => setCancelling(true)}
              disabled={busy}
            >
              {draft ? 'حذف پیش‌نویس' : 'لغو صورت‌حساب'}
            </Button>
          )}
        </>
      }
    >
      <FormAlert className="mb-6">{errors.action}</FormAlert>
      <WithAside
        wide
        aside={
          <>
            <Card as="section" aria-labelledby="customer-title" className="grid gap-3 p-4 sm:p-6">
              <h2 id="customer-title" className="font-bold text-gray-900">
                مشتری
              </h2>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                <dt className="text-gray-500">نام</dt>
                <dd className="text-gray-900">{user.name}</dd>
                {user.email && (
                  <>
                    <dt className="text-gray-500">ایمیل</dt>
                    <dd>
                      <Ltr>{user.email}</Ltr>
                    </dd>
                  </>
                )}
                {user.mobile && (
                  <>
                    <dt className="text-gray-500">موبایل</dt>
                    <dd>
                      <Ltr>{toPersianDigits(user.mobile)}</Ltr>
                    </dd>
                  </>
                )}
                <dt className="text-gray-500">موجودی</dt>
                <dd>
                  <Price rial={user.balance} />
                </dd>
              </dl>
              <Link
                href={`${route('admin.invoices.list')}?q=${encodeURIComponent(user.email ?? user.mobile ?? user.name)}`}
                className="text-sm font-medium text-brand-700 hover:underline"
              >
                صورت‌حساب‌های دیگر این مشتری
              </Link>
              <h3 className="mt-2 font-bold text-gray-900">صورت‌حساب به نام</h3>
              <BillToSummary billTo={invoice.bill_to} />
              {draft && (
                <p className="text-xs text-gray-600">هنگام صدور، از آخرین مشخصات رسمی مشتری برداشته می‌شود.</p>
              )}
            </Card>
            {can.pay && <OfflinePayForm invoice={invoice} />}
            {can.refund && <RefundForm invoice={invoice} />}
          </>
        }
      >
        <Card className="p-4 sm:p-6">
          <InvoiceFacts
            invoice={invoice}
            kindLabel={document.kindLabel}
            extra={
              offline
                ? [
                    [
                      'واریز بانکی',
                      `${toPersianDigits(offline.reference)} — ${formatJalali(`${offline.paid_at}T12:00:00Z`)}${
                        offline.by ? `، ثبت: ${offline.by}` : ''
                      }`,
                    ],
                  ]
                : []
            }
          />
        </Card>
        {can.edit_items ? (
          <InvoiceForm
            invoice={{
              id: invoice.id,
              kind: invoice.kind,
              items,
              due_date: invoice.due_date,
              status: invoice.status,
            }}
            kinds={kinds}
            taxRate={invoice.tax_rate}
            canEditTax={can.edit_tax}
            canIssue={can.issue}
          />
        ) : (
          <InvoiceLinesCard items={items} invoice={invoice} />
        )}
        {(payments.length > 0 || invoice.status === 'pending') && <GatewayPayments payments={payments} />}
        {refunds.length > 0 && <Refunds refunds={refunds} />}
      </WithAside>
      <ConfirmDialog
        open={cancelling}
        danger
        title={draft ? 'حذف پیش‌نویس؟' : 'لغو صورت‌حساب؟'}
        confirmLabel={draft ? 'بله، حذف شود' : 'بله، لغو شود'}
        cancelLabel="نه، بماند"
        onConfirm={cancel}
        onCancel={() => setCancelling(false)}
      >
        {draft
          ? 'پیش‌نویس پاک می‌شود؛ مشتری آن را ندیده است.'
          : 'صورت‌حساب از فهرست پرداخت‌های مشتری بیرون می‌رود و دیگر پرداخت نمی‌شود.'}
      </ConfirmDialog>
      <InvoicePrint document={document} />
    </Screen>
  );
}

function GatewayPayments({ payments }: { payments: AdminInvoicePaymentView[] }) {
  const columns: Column<AdminInvoicePaymentView>[] = [
    { key: 'at', label: 'زمان', render: (row) => <JalaliTime value={row.created_at} style="datetime" /> },
    { key: 'gateway', label: 'درگاه', render: (row) => row.gateway_label },
    { key: 'status', label: 'وضعیت', render: (row) => <StatusBadge kind="payment" state={row.status} /> },
    {
      key: 'details',
      label: 'جزئیات درگاه',
      render: (row) => (
        <span className="grid gap-0.5 text-xs">
          {row.authority && (
            <span>
              شناسه: <Ltr>{row.authority}</Ltr>
            </span>
          )}
          {row.ref_id && (
            <span>
              پیگیری: <Ltr>{row.ref_id}</Ltr>
            </span>
          )}
          {row.card_pan && (
            <span>
              کارت: <Ltr>{row.card_pan}</Ltr>
            </span>
          )}
          {row.gateway_detail && (
            <span>
              پاسخ: <Ltr>{row.gateway_detail}</Ltr>
            </span>
          )}
          {row.checks > 0 && <span>{formatNumber(row.checks)} بار پرسش دوباره</span>}
        </span>
      ),
    },
    { key: 'amount', label: 'مبلغ', numeric: true, render: (row) => <Price rial={row.amount} /> },
  ];
  return (
    <TableCard id="payments-title" title="پرداخت‌های درگاه">
      <DataTable
        caption="پرداخت‌های درگاه"
        columns={columns}
        rows={payments}
        empty={{
          icon: CreditCard,
          title: 'پرداختی از درگاه نیامده است',
          description:
            'مشتری هنوز از درگاه پرداخت نکرده است؛ واریز بانکی را از فرم «ثبت پرداخت بانکی» ثبت کنید.',
        }}
      />
    </TableCard>
  );
}

function Refunds({ refunds }: { refunds: InvoiceRefundView[] }) {
  const columns: Column<InvoiceRefundView>[] = [
    { key: 'at', label: 'زمان', render: (row) => <JalaliTime value={row.at} style="datetime" /> },
    { key: 'to', label: 'به', render: (row) => (row.to === 'wallet' ? 'کیف پول' : 'کارت بانکی') },
    { key: 'reason', label: 'دلیل', render: (row) => row.reason },
    { key: 'by', label: 'ثبت', render: (row) => row.by ?? '—' },
    { key: 'amount', label: 'مبلغ', numeric: true, render: (row) => <Price rial={row.amount} /> },
  ];
  return (
    <TableCard
      id="refunds-title"
      title={
        <>
          <Undo2 aria-hidden="true" className="size-4" />
          بازپرداخت‌ها
        </>
      }
    >
      <DataTable
        caption="بازپرداخت‌ها"
        columns={columns}
        rowKey={(row) => `${row.at}-${row.amount}`}
        rows={refunds}
        empty={{ icon: Undo2, title: 'بازپرداختی نشده است' }}
      />
    </TableCard>
  );
}
