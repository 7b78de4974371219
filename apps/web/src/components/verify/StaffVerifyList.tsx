import { router } from '@renderfarm/react';
import type { KycQueueRow, StaffVerifyListProps } from '@server/modules/verification/contracts';
import { IdCard } from 'lucide-react';
import { Head, Link } from '../../app/protocol';
import { listUrl } from '../../lib/list-url';
import { useLiveReload } from '../../lib/realtime/use-live-reload';
import { useRoute } from '../../lib/route';
import { PageHeader } from '../account/PageHeader';
import { Card } from '../ui/Card';
import { type Column, DataTable } from '../ui/DataTable';
import { JalaliTime } from '../ui/JalaliTime';
import { Pagination } from '../ui/Pagination';
import { PeriodFields } from '../ui/PeriodFields';
import { SearchForm } from '../ui/SearchForm';
import { SelectField } from '../ui/SelectField';
import { StatusBadge } from '../ui/StatusBadge';
import { TYPE_LABELS } from './kyc-facts';

type Filters = StaffVerifyListProps['filters'];

const QUEUE_EVENTS = ['QueueChanged'];
const QUEUE_PROPS = ['items'];

/**
 * The queue of identity checks, shared by care (waiting ones, oldest first) and admin (every
 * status, newest first, with type, reviewer and period filters).
 */
export function StaffVerifyList({
  area,
  title,
  description,
  items,
  filters,
  statuses,
  reviewers,
}: StaffVerifyListProps & { area: 'care' | 'admin'; title: string; description: string }) {
  const route = useRoute();
  // A request sent, claimed or decided elsewhere moves the queue (`QueueChanged` on `care`).
  useLiveReload(QUEUE_EVENTS, QUEUE_PROPS, 'care');
  const url = (over: Partial<Filters & { page: string }> = {}) =>
    listUrl(route(`${area}.verify.list`), { ...filters, page: '', ...over });
  const visit = (over: Partial<Filters>) => router.visit(url(over), { preserveScroll: true });

  const columns: Column<KycQueueRow>[] = [
    {
      key: 'name',
      label: 'درخواست',
      render: (row) => (
        <Link
          href={route(`${area}.verify.edit`, { verification: row.id })}
          className="font-medium text-brand-700 hover:underline"
        >
          {row.type === 'legal' && row.company_name ? row.company_name : row.name}
          <span className="block text-xs font-normal text-gray-500">
            {TYPE_LABELS[row.type]}
            {row.owner && row.owner.name !== row.name ? ` · ${row.owner.name}` : ''}
          </span>
        </Link>
      ),
    },
    {
      key: 'submitted',
      label: 'ارسال',
      render: (row) => (row.submitted_at ? <JalaliTime value={row.submitted_at} relative /> : '—'),
    },
    { key: 'status', label: 'وضعیت', render: (row) => <StatusBadge kind="kyc" state={row.status} /> },
    {
      key: 'reviewer',
      label: 'کارشناس',
      render: (row) => (row.mine ? 'خودم' : (row.reviewer ?? '—')),
    },
  ];

  return (
    <>
      <Head title={title} />
      <PageHeader title={title} description={description} />
      <Card className="p-2 sm:p-4">
        <div className="mb-3 grid items-end gap-3 px-2 sm:grid-cols-2 lg:grid-cols-3">
          <SearchForm
            initial={filters.q}
            onSearch={(q) => visit({ q })}
            placeholder="نام، ایمیل یا موبایل مشتری"
            className="sm:col-span-2 lg:col-span-1"
          />
          <SelectField
            label="وضعیت"
            value={filters.status}
            placeholder={area === 'care' ? 'در انتظار' : 'همه'}
            options={statuses}
            onChange={(status) => visit({ status })}
          />
          <SelectField
            label="کارشناس"
            value={filters.reviewer}
            placeholder="همه"
            options={[{ value: 'me', label: 'خودم' }, ...reviewers]}
            onChange={(reviewer) => visit({ reviewer })}
          />
          {area === 'admin' && (
            <>
              <SelectField
                label="نوع"
                value={filters.type}
                placeholder="همه"
                options={Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }))}
                onChange={(type) => visit({ type })}
              />
              <PeriodFields
                from={filters.from ?? ''}
                to={filters.to ?? ''}
                fromLabel="ارسال‌شده از"
                onChange={visit}
              />
            </>
          )}
        </div>
        <DataTable
          caption={title}
          columns={columns}
          rows={items.data}
          rowKey={(row) => row.id}
          empty={{
            icon: IdCard,
            title: 'درخواستی با این فیلترها نیست',
            description: area === 'care' ? 'همهٔ درخواست‌ها بررسی شده‌اند.' : 'جست‌وجو یا فیلترها را تغییر دهید.',
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
