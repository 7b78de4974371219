import { router } from '@renderfarm/react';
import type { QueueRow, StaffTicketsListProps } from '@server/modules/support/contracts';
import { Inbox, Plus, UserPlus } from 'lucide-react';
import { Link } from '../../app/protocol';
import { formatNumber } from '../../lib/digits';
import { useLiveReload } from '../../lib/realtime/use-live-reload';
import { useRoute } from '../../lib/route';
import { ListPage } from '../list/ListPage';
import { useListQuery } from '../list/use-list-query';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import type { Column } from '../ui/DataTable';
import { JalaliTime } from '../ui/JalaliTime';
import { labelOptions } from '../ui/SelectField';
import { StatusBadge } from '../ui/StatusBadge';
import { STATUS_LABELS } from '../ui/status-labels';
import { PRIORITY_LABELS, TAB_LABELS } from './labels';

/**
 * The ticket queue of a staff area (Care/Tickets/List, Admin/Tickets/List): tabs with counts,
 * filters in the URL, a search by subject, customer or number, and «برداشتن» (self-assign) on
 * unassigned tickets. New tickets and replies arrive live (`QueueChanged` on `care`).
 */
export function StaffTicketList({
  area,
  title,
  tickets,
  counts,
  filters,
  departments,
}: StaffTicketsListProps & { title: string }) {
  const route = useRoute();
  const refreshing = useLiveReload(['QueueChanged'], ['tickets', 'counts'], 'care');
  const base = route(`${area}.tickets.list`);
  const query = useListQuery(base, filters);
  const take = (row: QueueRow) =>
    router.patch(
      route(`${area}.tickets.update`, { ticket: row.uuid }),
      { assignee_id: 'me' },
      { preserveScroll: true },
    );
  const columns: Column<QueueRow>[] = [
    {
      key: 'subject',
      label: 'موضوع',
      render: (row) => (
        <div className="min-w-0">
          <Link
            href={route(`${area}.tickets.edit`, { ticket: row.uuid })}
            className="font-medium text-brand-700 hover:underline"
          >
            {row.subject}
          </Link>
          <p className="text-xs text-gray-500">
            #{formatNumber(row.number)} · {row.department}
            {row.spam && ' · هرزنامه'}
          </p>
        </div>
      ),
    },
    {
      key: 'customer',
      label: 'مشتری',
      render: (row) => (
        <span className="flex flex-wrap items-center gap-1">
          {row.customer.name}
          {row.customer.guest && <Badge tone="gray">مهمان</Badge>}
        </span>
      ),
    },
    {
      key: 'priority',
      label: 'اولویت',
      render: (row) => (
        <Badge tone={row.priority === 'high' ? 'red' : row.priority === 'medium' ? 'yellow' : 'gray'}>
          {PRIORITY_LABELS[row.priority]}
        </Badge>
      ),
    },
    { key: 'status', label: 'وضعیت', render: (row) => <StatusBadge kind="ticket" state={row.status} /> },
    {
      key: 'assignee',
      label: 'مسئول',
      render: (row) =>
        row.assignee ? (
          row.assignee.name
        ) : row.status !== 'closed' && !row.deleted ? (
          <Button size="sm" variant="secondary" onClick={() => take(row)}>
            <UserPlus aria-hidden="true" className="size-4" />
            برداشتن
          </Button>
        ) : (
          '—'
        ),
    },
    {
      key: 'last',
      label: 'آخرین پیام',
      render: (row) => <JalaliTime value={row.last_message_at} relative />,
    },
  ];

  const tabIds = Object.keys(counts);
  return (
    <ListPage
      title={title}
      description={
        refreshing ? 'در حال به‌روزرسانی…' : 'تیکت‌های مشتریان و پیام‌های فرم تماس؛ تازه‌ها خودکار می‌آیند.'
      }
      make={{ href: route(`${area}.tickets.make`), label: 'ثبت تیکت برای مشتری', icon: Plus }}
      header={
        <nav aria-label="زبانه‌های صف" className="mb-4 flex gap-1 overflow-x-auto border-b border-gray-200">
          {tabIds.map((tab) => {
            const active = tab === filters.tab;
            return (
              <Link
                key={tab}
                href={query.url({ tab })}
                aria-current={active ? 'page' : undefined}
                className={`-mb-px flex shrink-0 items-center gap-1.5 border-b-2 px-3 py-2 text-sm ${
                  active
                    ? 'border-brand-600 font-semibold text-brand-700'
                    : 'border-transparent text-gray-600 hover:text-gray-900'
                }`}
              >
                {TAB_LABELS[tab] ?? tab}
                <span className="rounded-full bg-gray-100 px-1.5 text-xs tabular-nums text-gray-700">
                  {formatNumber(counts[tab as keyof typeof counts] ?? 0)}
                </span>
              </Link>
            );
          })}
        </nav>
      }
      query={query}
      filters={{
        fields: [
          { search: 'q', placeholder: 'موضوع، مشتری یا شماره', className: 'col-span-2' },
          { select: 'department', label: 'بخش', options: departments.map((d) => ({ value: d, label: d })) },
          { select: 'status', label: 'وضعیت', options: labelOptions(STATUS_LABELS.ticket) },
          { select: 'priority', label: 'اولویت', options: labelOptions(PRIORITY_LABELS) },
          {
            select: 'age',
            label: 'بی‌پاسخ بیش از',
            options: [
              { value: 'day', label: 'یک روز' },
              { value: 'week', label: 'یک هفته' },
            ],
          },
        ],
        className: 'grid-cols-2 lg:grid-cols-6',
      }}
      columns={columns}
      page={tickets}
      rowKey={(row) => row.uuid}
      empty={{
        icon: Inbox,
        title: filters.tab === 'waiting' ? 'تیکتی در انتظار پاسخ نیست' : 'تیکتی با این فیلترها نیست',
        description:
          filters.tab === 'waiting'
            ? 'صف خالی است؛ تیکت‌های تازه خودکار همین‌جا می‌آیند.'
            : 'فیلترها را تغییر دهید یا زبانهٔ دیگری را ببینید.',
      }}
    />
  );
}
