import { router } from '@renderfarm/react';
import type { PanelTicketsListProps } from '@server/modules/support/contracts';
import { LifeBuoy, Plus } from 'lucide-react';
import { Head, Link } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { type Column, DataTable } from '../../../components/ui/DataTable';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Pagination } from '../../../components/ui/Pagination';
import { SelectField } from '../../../components/ui/SelectField';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { STATUS_LABELS } from '../../../components/ui/status-labels';
import { listUrl } from '../../../lib/list-url';
import { useRoute } from '../../../lib/route';

type Row = PanelTicketsListProps['tickets']['data'][number];

/** `panel.tickets.list` «تیکت‌ها»: the customer's tickets, latest activity first. */
export default function TicketsList({ tickets, filters }: PanelTicketsListProps) {
  const route = useRoute();
  const url = (over: { status?: string; page?: string } = {}) =>
    listUrl(route('panel.tickets.list'), { ...filters, ...over });
  const columns: Column<Row>[] = [
    {
      key: 'subject',
      label: 'موضوع',
      render: (row) => (
        <Link
          href={route('panel.tickets.edit', { ticket: row.uuid })}
          className="font-medium text-brand-700 hover:underline"
        >
          {row.subject}
        </Link>
      ),
    },
    { key: 'department', label: 'بخش', render: (row) => row.department },
    { key: 'status', label: 'وضعیت', render: (row) => <StatusBadge kind="ticket" state={row.status} /> },
    {
      key: 'last',
      label: 'آخرین پیام',
      render: (row) => <JalaliTime value={row.last_message_at} relative />,
    },
  ];
  return (
    <>
      <Head title="تیکت‌ها" />
      <PageHeader
        title="تیکت‌ها"
        description="پرسش‌ها و درخواست‌هایتان از پشتیبانی؛ پاسخ‌ها همین‌جا و در اعلان‌ها می‌آید."
        actions={
          <ButtonLink href={route('panel.tickets.make')}>
            <Plus aria-hidden="true" className="size-4" />
            تیکت جدید
          </ButtonLink>
        }
      />
      <Card className="p-2 sm:p-4">
        <div className="mb-3 max-w-xs px-2">
          <SelectField
            label="وضعیت"
            value={filters.status}
            placeholder="همه"
            options={Object.entries(STATUS_LABELS.ticket).map(([value, s]) => ({ value, label: s.label }))}
            onChange={(status) => router.visit(url({ status }), { preserveScroll: true })}
          />
        </div>
        <DataTable
          caption="تیکت‌ها"
          columns={columns}
          rows={tickets.data}
          rowKey={(row) => row.uuid}
          empty={{
            icon: LifeBuoy,
            title: filters.status ? 'تیکتی با این وضعیت ندارید' : 'هنوز تیکتی نفرستاده‌اید',
            description: 'هر سؤالی دربارهٔ سرورها، پرداخت یا نرم‌افزارها دارید، با «تیکت جدید» بپرسید.',
          }}
        />
      </Card>
      <Pagination
        page={tickets.meta.current_page}
        hasMore={tickets.meta.has_more}
        hrefFor={(page) => url({ page: page > 1 ? String(page) : '' })}
      />
    </>
  );
}
