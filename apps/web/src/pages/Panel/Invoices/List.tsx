import type { InvoiceRow, PanelInvoicesListProps } from '@server/modules/billing/invoices/contracts';
import { FilePlus2, FileText } from 'lucide-react';
import { invoiceNumber, invoiceSubject } from '../../../components/invoices/invoice-labels';
import { linkColumn } from '../../../components/list/columns';
import { ListPage } from '../../../components/list/ListPage';
import { useListQuery } from '../../../components/list/use-list-query';
import { ButtonLink } from '../../../components/ui/Button';
import type { Column } from '../../../components/ui/DataTable';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Price } from '../../../components/ui/Price';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

/**
 * `panel.invoices.list` «صورت‌حساب‌ها»: the customer's invoices newest first (top-ups, monthly usage
 * statements, invoices staff issued), filtered by kind and status in the URL.
 */
export default function InvoiceList({ items, filters, kinds, statuses }: PanelInvoicesListProps) {
  const route = useRoute();
  const kindLabel = new Map(kinds.map((k) => [k.value, k.label]));
  const query = useListQuery(route('panel.invoices.list'), filters);
  const filtered = filters.kind !== '' || filters.status !== '';

  const columns: Column<InvoiceRow>[] = [
    linkColumn(
      'number',
      'صورت‌حساب',
      (row) => route('panel.invoices.edit', { invoice: row.uuid }),
      (row) => invoiceSubject(row, kindLabel.get(row.kind) ?? row.kind),
      { note: (row) => invoiceNumber(row) },
    ),
    { key: 'date', label: 'تاریخ صدور', render: (row) => <JalaliTime value={row.created_at} /> },
    { key: 'status', label: 'وضعیت', render: (row) => <StatusBadge kind="invoice" state={row.status} /> },
    { key: 'total', label: 'مبلغ کل', numeric: true, render: (row) => <Price rial={row.total} /> },
  ];

  return (
    <ListPage
      title="صورت‌حساب‌ها"
      description="صورت‌حساب افزایش اعتبارها، صورت‌حساب ماهانهٔ کارکرد سرورها و پیش‌فاکتورهایتان."
      actions={
        <ButtonLink href={route('panel.invoices.make')} variant="secondary">
          <FilePlus2 aria-hidden="true" className="size-4" />
          درخواست صورت‌حساب
        </ButtonLink>
      }
      query={query}
      filters={{
        fields: [
          { select: 'kind', label: 'نوع', options: kinds },
          { select: 'status', label: 'وضعیت', options: statuses },
        ],
        className: 'sm:grid-cols-2 lg:grid-cols-4',
      }}
      above={<p className="mb-2 px-2 text-sm text-gray-600">{formatNumber(items.meta.total)} صورت‌حساب</p>}
      columns={columns}
      page={items}
      rowKey={(row) => row.uuid}
      empty={
        filtered
          ? {
              icon: FileText,
              title: 'صورت‌حسابی با این فیلترها نیست',
              description: 'فیلترها را بردارید تا همهٔ صورت‌حساب‌ها را ببینید.',
            }
          : {
              icon: FileText,
              title: 'هنوز صورت‌حسابی ندارید',
              description:
                'با هر افزایش اعتبار صورت‌حسابی صادر می‌شود و پایان هر ماه، صورت‌حساب کارکرد سرورها. برای واریز بانکی یا صورت‌حساب رسمی، پیش‌فاکتور بگیرید.',
              action: (
                <ButtonLink href={route('panel.invoices.make')}>
                  <FilePlus2 aria-hidden="true" className="size-4" />
                  درخواست صورت‌حساب
                </ButtonLink>
              ),
            }
      }
    />
  );
}
