import type { PanelTicketsListProps } from '@server/modules/support/contracts';
import { LifeBuoy, Plus } from 'lucide-react';
import { linkColumn } from '../../../components/list/columns';
import { ListPage } from '../../../components/list/ListPage';
import { useListQuery } from '../../../components/list/use-list-query';
import type { Column } from '../../../components/ui/DataTable';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { labelOptions } from '../../../components/ui/SelectField';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { STATUS_LABELS } from '../../../components/ui/status-labels';
import { useRoute } from '../../../lib/route';

type Row = PanelTicketsListProps['tickets']['data'][number];

/** `panel.tickets.list` «تیکت‌ها»: the customer's tickets, latest activity first. */
export default function TicketsList({ tickets, filters }: PanelTicketsListProps) {
  const route = useRoute();
  const query = useListQuery(route('panel.tickets.list'), filters);
  const columns: Column<Row>[] = [
    linkColumn(
      'subject',
      'موضوع',
      (row) => route('panel.tickets.edit', { ticket: row.uuid }),
      (row) => row.subject,
    ),
    { key: 'department', label: 'بخش', render: (row) => row.department },
    { key: 'status', label: 'وضعیت', render: (row) => <StatusBadge kind="ticket" state={row.status} /> },
    {
      key: 'last',
      label: 'آخرین پیام',
      render: (row) => <JalaliTime value={row.last_message_at} relative />,
    },
  ];
  return (
    <ListPage
      title="تیکت‌ها"
      description="پرسش‌ها و درخواست‌هایتان از پشتیبانی؛ پاسخ‌ها همین‌جا و در اعلان‌ها می‌آید."
      make={{ href: route('panel.tickets.make'), label: 'تیکت جدید', icon: Plus }}
      query={query}
      filters={{
        fields: [{ select: 'status', label: 'وضعیت', options: labelOptions(STATUS_LABELS.ticket) }],
        className: 'max-w-xs',
      }}
      columns={columns}
      page={tickets}
      rowKey={(row) => row.uuid}
      empty={{
        icon: LifeBuoy,
        title: filters.status ? 'تیکتی با این وضعیت ندارید' : 'هنوز تیکتی نفرستاده‌اید',
        description: 'هر سؤالی دربارهٔ سرورها، پرداخت یا نرم‌افزارها دارید، با «تیکت جدید» بپرسید.',
      }}
    />
  );
}
