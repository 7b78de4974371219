import type { AdminInvoiceRow, AdminInvoicesListProps } from '@server/modules/billing/invoices/contracts';
import { FilePlus2, FileText } from 'lucide-react';
import { invoiceNumber, invoiceSubject } from '../../../components/invoices/invoice-labels';
import { linkColumn } from '../../../components/list/columns';
import { ListPage } from '../../../components/list/ListPage';
import { Totals } from '../../../components/list/Totals';
import { useListQuery } from '../../../components/list/use-list-query';
import type { Column } from '../../../components/ui/DataTable';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Price } from '../../../components/ui/Price';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

/**
 * `admin.invoices.list` «صورت‌حساب‌ها»: every customer's invoices, searched by customer (name,
 * e-mail, mobile) or number, filtered by kind, status and issue period (whole Tehran days), with the
 * filter's totals.
 */
export default function AdminInvoiceList({
  items,
  filters,
  totals,
  kinds,
  statuses,
}: AdminInvoicesListProps) {
  const route = useRoute();
  const kindLabel = new Map(kinds.map((k) => [k.value, k.label]));
  const query = useListQuery(route('admin.invoices.list'), filters);

  const columns: Column<AdminInvoiceRow>[] = [
    linkColumn(
      'invoice',
      'صورت‌حساب',
      (row) => route('admin.invoices.edit', { invoice: row.id }),
      (row) => invoiceSubject(row, kindLabel.get(row.kind) ?? row.kind),
      { note: (row) => invoiceNumber(row) },
    ),
    { key: 'user', label: 'مشتری', render: (row) => row.user.name },
    {
      key: 'date',
      label: 'تاریخ صدور',
      render: (row) => <JalaliTime value={row.created_at} style="short" />,
    },
    { key: 'status', label: 'وضعیت', render: (row) => <StatusBadge kind="invoice" state={row.status} /> },
    { key: 'total', label: 'مبلغ کل', numeric: true, render: (row) => <Price rial={row.total} /> },
  ];

  return (
    <ListPage
      title="صورت‌حساب‌ها"
      description="صورت‌حساب‌های همهٔ مشتریان: جست‌وجو با نام، ایمیل یا موبایل مشتری یا شمارهٔ صورت‌حساب."
      make={{ href: route('admin.invoices.make'), label: 'صدور صورت‌حساب', icon: FilePlus2 }}
      header={
        <Totals
          items={[
            { key: 'count', title: 'تعداد', value: formatNumber(totals.count) },
            { key: 'total', title: 'جمع مبلغ', value: <Price rial={totals.total} /> },
            { key: 'paid', title: 'پرداخت‌شده', value: <Price rial={totals.paid} /> },
            { key: 'pending', title: 'در انتظار پرداخت', value: <Price rial={totals.pending} /> },
          ]}
        />
      }
      query={query}
      filters={{
        fields: [
          { search: 'q', placeholder: 'نام، موبایل یا شماره', className: 'sm:col-span-2 lg:col-span-1' },
          { select: 'kind', label: 'نوع', options: kinds },
          { select: 'status', label: 'وضعیت', options: statuses },
          { period: true, fromLabel: 'صادرشده از' },
        ],
        className: 'sm:grid-cols-2 lg:grid-cols-5',
      }}
      columns={columns}
      page={items}
      empty={{
        icon: FileText,
        title: 'صورت‌حسابی با این فیلترها نیست',
        description: 'جست‌وجو یا فیلترها را تغییر دهید، یا برای مشتری صورت‌حساب تازه‌ای صادر کنید.',
      }}
    />
  );
}
