import { router } from '@renderfarm/react';
import type { AdminInvoiceRow, AdminInvoicesListProps } from '@server/modules/billing/invoices/contracts';
import { FilePlus2, FileText } from 'lucide-react';
import { Head, Link } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { invoiceNumber, invoiceSubject } from '../../../components/invoices/invoice-labels';
import { ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { type Column, DataTable } from '../../../components/ui/DataTable';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Pagination } from '../../../components/ui/Pagination';
import { PeriodFields } from '../../../components/ui/PeriodFields';
import { Price } from '../../../components/ui/Price';
import { SearchForm } from '../../../components/ui/SearchForm';
import { SelectField } from '../../../components/ui/SelectField';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatNumber } from '../../../lib/digits';
import { listUrl } from '../../../lib/list-url';
import { useRoute } from '../../../lib/route';

type Filters = AdminInvoicesListProps['filters'];

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
  const url = (over: Partial<Filters & { page: string }> = {}) =>
    listUrl(route('admin.invoices.list'), { ...filters, page: '', ...over });
  const visit = (over: Partial<Filters>) => router.visit(url(over), { preserveScroll: true });

  const columns: Column<AdminInvoiceRow>[] = [
    {
      key: 'invoice',
      label: 'صورت‌حساب',
      render: (row) => (
        <Link
          href={route('admin.invoices.edit', { invoice: row.id })}
          className="font-medium text-brand-700 hover:underline"
        >
          {invoiceSubject(row, kindLabel.get(row.kind) ?? row.kind)}
          <span className="block text-xs font-normal text-gray-500">{invoiceNumber(row)}</span>
        </Link>
      ),
    },
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
    <>
      <Head title="صورت‌حساب‌ها" />
      <PageHeader
        title="صورت‌حساب‌ها"
        description="صورت‌حساب‌های همهٔ مشتریان: جست‌وجو با نام، ایمیل یا موبایل مشتری یا شمارهٔ صورت‌حساب."
        actions={
          <ButtonLink href={route('admin.invoices.make')}>
            <FilePlus2 aria-hidden="true" className="size-4" />
            صدور صورت‌حساب
          </ButtonLink>
        }
      />
      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Total title="تعداد" value={formatNumber(totals.count)} />
        <Total title="جمع مبلغ" value={<Price rial={totals.total} />} />
        <Total title="پرداخت‌شده" value={<Price rial={totals.paid} />} />
        <Total title="در انتظار پرداخت" value={<Price rial={totals.pending} />} />
      </div>
      <Card className="p-2 sm:p-4">
        <div className="mb-3 grid items-end gap-3 px-2 sm:grid-cols-2 lg:grid-cols-5">
          <SearchForm
            initial={filters.q}
            onSearch={(q) => visit({ q })}
            placeholder="نام، موبایل یا شماره"
            className="sm:col-span-2 lg:col-span-1"
          />
          <SelectField
            label="نوع"
            value={filters.kind}
            placeholder="همه"
            options={kinds}
            onChange={(kind) => visit({ kind })}
          />
          <SelectField
            label="وضعیت"
            value={filters.status}
            placeholder="همه"
            options={statuses}
            onChange={(status) => visit({ status })}
          />
          <PeriodFields
            from={filters.from ?? ''}
            to={filters.to ?? ''}
            fromLabel="صادرشده از"
            onChange={visit}
          />
        </div>
        <DataTable
          caption="صورت‌حساب‌ها"
          columns={columns}
          rows={items.data}
          rowKey={(row) => row.id}
          empty={{
            icon: FileText,
            title: 'صورت‌حسابی با این فیلترها نیست',
            description: 'جست‌وجو یا فیلترها را تغییر دهید، یا برای مشتری صورت‌حساب تازه‌ای صادر کنید.',
          }}
        />
      </Card>
      <Pagination
        page={items.meta.current_page}
        lastPage={items.meta.last_page}
        hrefFor={(page) => url({ page: page > 1 ? String(page) : '' })}
      />
    </>
  );
}

function Total({ title, value }: { title: string; value: React.ReactNode }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-gray-600">{title}</p>
      <p className="mt-1 text-lg font-bold text-gray-900">{value}</p>
    </Card>
  );
}
