import type { KycQueueRow, StaffVerifyListProps } from '@server/modules/verification/contracts';
import { IdCard } from 'lucide-react';
import { useLiveReload } from '../../lib/realtime/use-live-reload';
import { useRoute } from '../../lib/route';
import { linkColumn } from '../list/columns';
import { ListPage } from '../list/ListPage';
import { useListQuery } from '../list/use-list-query';
import type { Column } from '../ui/DataTable';
import { JalaliTime } from '../ui/JalaliTime';
import { labelOptions } from '../ui/SelectField';
import { StatusBadge } from '../ui/StatusBadge';
import { TYPE_LABELS } from './kyc-facts';

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
  const query = useListQuery(route(`${area}.verify.list`), filters);
  const columns: Column<KycQueueRow>[] = [
    linkColumn(
      'name',
      'درخواست',
      (row) => route(`${area}.verify.edit`, { verification: row.id }),
      (row) => (row.type === 'legal' && row.company_name ? row.company_name : row.name),
      {
        note: (row) => (
          <>
            {TYPE_LABELS[row.type]}
            {row.owner && row.owner.name !== row.name ? ` · ${row.owner.name}` : ''}
          </>
        ),
      },
    ),
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
    <ListPage
      title={title}
      description={description}
      query={query}
      filters={{
        fields: [
          {
            search: 'q',
            placeholder: 'نام، ایمیل یا موبایل مشتری',
            className: 'sm:col-span-2 lg:col-span-1',
          },
          { select: 'status', label: 'وضعیت', options: statuses, all: area === 'care' ? 'در انتظار' : 'همه' },
          { select: 'reviewer', label: 'کارشناس', options: [{ value: 'me', label: 'خودم' }, ...reviewers] },
          area === 'admin' && { select: 'type', label: 'نوع', options: labelOptions(TYPE_LABELS) },
          area === 'admin' && { period: true, fromLabel: 'ارسال‌شده از' },
        ],
        className: 'sm:grid-cols-2 lg:grid-cols-3',
      }}
      columns={columns}
      page={items}
      empty={{
        icon: IdCard,
        title: 'درخواستی با این فیلترها نیست',
        description: area === 'care' ? 'همهٔ درخواست‌ها بررسی شده‌اند.' : 'جست‌وجو یا فیلترها را تغییر دهید.',
      }}
    />
  );
}
