import { router } from '@renderfarm/react';
import type { QueueRow, StaffTicketsListProps } from '@server/modules/support/contracts';
import { Inbox, Plus, UserPlus } from 'lucide-react';
import { Head, Link } from '../../app/protocol';
import { formatNumber } from '../../lib/digits';
import { listUrl } from '../../lib/list-url';
import { useLiveReload } from '../../lib/realtime/use-live-reload';
import { useRoute } from '../../lib/route';
import { PageHeader } from '../account/PageHeader';
import { Badge } from '../ui/Badge';
import { Button, ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { type Column, DataTable } from '../ui/DataTable';
import { JalaliTime } from '../ui/JalaliTime';
import { Pagination } from '../ui/Pagination';
import { SearchForm } from '../ui/SearchForm';
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
  const href = (over: Partial<Record<keyof typeof filters | 'page', string>>) =>
    listUrl(base, { ...filters, page: '', ...over });
  const take = (row: QueueRow) =>
    router.patch(
      route(`${area}.tickets.update`, { ticket: row.uuid }),
      { assignee_id: 'me' },
      { preserveScroll: true },
    );
  const select = (
    name: 'department' | 'status' | 'priority' | 'age',
    label: string,
    choices: [string, string][],
  ) => (
    <label className="grid min-w-0 gap-1 text-sm text-gray-700">
      {label}
      <select
        value={filters[name]}
        onChange={(event) => router.visit(href({ [name]: event.target.value }), { preserveScroll: true })}
        className="min-h-10 min-w-0 rounded-xl border border-gray-300 bg-white px-3 text-sm"
      >
        <option value="">همه</option>
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
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
    <>
      <Head title={title} />
      <PageHeader
        title={title}
        description={
          refreshing ? 'در حال به‌روزرسانی…' : 'تیکت‌های مشتریان و پیام‌های فرم تماس؛ تازه‌ها خودکار می‌آیند.'
        }
        actions={
          <ButtonLink href={route(`${area}.tickets.make`)}>
            <Plus aria-hidden="true" className="size-4" />
            ثبت تیکت برای مشتری
          </ButtonLink>
        }
      />
      <nav aria-label="زبانه‌های صف" className="mb-4 flex gap-1 overflow-x-auto border-b border-gray-200">
        {tabIds.map((tab) => {
          const active = tab === filters.tab;
          return (
            <Link
              key={tab}
              href={href({ tab })}
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
      <Card className="p-2 sm:p-4">
        <div className="mb-3 grid grid-cols-2 gap-3 px-2 lg:grid-cols-6">
          <SearchForm
            initial={filters.q}
            onSearch={(q) => router.visit(href({ q }))}
            placeholder="موضوع، مشتری یا شماره"
            className="col-span-2"
          />
          {select(
            'department',
            'بخش',
            departments.map((d) => [d, d]),
          )}
          {select(
            'status',
            'وضعیت',
            Object.entries(STATUS_LABELS.ticket).map(([value, s]) => [value, s.label]),
          )}
          {select('priority', 'اولویت', Object.entries(PRIORITY_LABELS))}
          {select('age', 'بی‌پاسخ بیش از', [
            ['day', 'یک روز'],
            ['week', 'یک هفته'],
          ])}
        </div>
        <DataTable
          caption={title}
          columns={columns}
          rows={tickets.data}
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
      </Card>
      <Pagination
        page={tickets.meta.current_page}
        hasMore={tickets.meta.has_more}
        hrefFor={(page) => href({ page: page > 1 ? String(page) : '' })}
      />
    </>
  );
}
