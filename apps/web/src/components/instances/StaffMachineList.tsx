import type { StaffMachineListProps, StaffMachineRow } from '@server/modules/instances/contracts';
import { Server } from 'lucide-react';
import { useState } from 'react';
import { useRoute } from '../../lib/route';
import { linkColumn } from '../list/columns';
import { ListPage } from '../list/ListPage';
import { useListQuery } from '../list/use-list-query';
import type { Column } from '../ui/DataTable';
import { Ltr } from '../ui/Ltr';
import { Price } from '../ui/Price';
import { labelOptions } from '../ui/SelectField';
import { MachineStatusBadge } from '../ui/StatusBadge';
import { STATUS_LABELS } from '../ui/status-labels';
import { BulkStopBar } from './BulkStopBar';

/**
 * Customers' machines for staff (Care/Instances/List, Admin/Instances/List): search by owner name,
 * mobile or uuid, filters in the URL, one row per machine; admins also see the host.
 */
export function StaffMachineList({
  area,
  title,
  machines,
  filters,
  options,
}: StaffMachineListProps & { area: 'care' | 'admin'; title: string }) {
  const route = useRoute();
  // Admins tick machines on this page to stop them together.
  const [picked, setPicked] = useState<number[]>([]);
  const toggle = (id: number, on: boolean) =>
    setPicked((now) => (on ? [...now, id] : now.filter((other) => other !== id)));
  const base = route(`${area}.instances.list`);
  const query = useListQuery(base, filters);
  const columns: Column<StaffMachineRow>[] = [
    ...(area === 'admin'
      ? [
          {
            key: 'pick',
            label: 'انتخاب',
            render: (row: StaffMachineRow) => (
              <input
                type="checkbox"
                aria-label={`انتخاب ${row.name}`}
                checked={picked.includes(row.id)}
                onChange={(event) => toggle(row.id, event.target.checked)}
                className="size-4 accent-brand-600"
              />
            ),
          },
        ]
      : []),
    linkColumn(
      'name',
      'سرور',
      (row) => route(`${area}.instances.view`, { instance: row.id }),
      (row) => row.name,
    ),
    { key: 'owner', label: 'مشتری', render: (row) => row.owner.name },
    { key: 'plan', label: 'پلن' },
    { key: 'location', label: 'دیتاسنتر' },
    ...(area === 'admin'
      ? [{ key: 'host', label: 'میزبان', render: (row: StaffMachineRow) => <Ltr>{row.host ?? '—'}</Ltr> }]
      : []),
    {
      key: 'state',
      label: 'وضعیت',
      render: (row) => <MachineStatusBadge status={row.status} power={row.power} />,
    },
    {
      key: 'price',
      label: 'قیمت ساعتی',
      numeric: true,
      render: (row) => <Price rial={row.price_per_hour} />,
    },
  ];
  return (
    <ListPage
      title={title}
      description="جست‌وجو با نام یا موبایل مشتری، یا بخشی از شناسهٔ سرور."
      exportHref={area === 'admin' ? query.url({}, route('admin.instances.export')) : null}
      query={query}
      filters={{
        fields: [
          { search: 'q', placeholder: 'نام، موبایل یا شناسه', className: 'flex-1 basis-64' },
          { select: 'status', label: 'وضعیت', options: labelOptions(STATUS_LABELS.instance) },
          { select: 'power', label: 'روشن/خاموش', options: labelOptions(STATUS_LABELS.power) },
          {
            select: 'location',
            label: 'دیتاسنتر',
            options: options.locations.map((l) => ({ value: String(l.id), label: l.name })),
          },
          {
            select: 'plan',
            label: 'پلن',
            options: options.plans.map((p) => ({ value: String(p.id), label: p.title })),
          },
        ],
        layout: 'wrap',
      }}
      above={area === 'admin' && <BulkStopBar ids={picked} onDone={() => setPicked([])} />}
      columns={columns}
      page={machines}
      empty={{
        icon: Server,
        title: 'سروری با این جست‌وجو پیدا نشد',
        description: 'فیلترها را بردارید یا عبارت دیگری بنویسید.',
      }}
    />
  );
}
