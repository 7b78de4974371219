import { router } from '@renderfarm/react';
import type { StaffMachineListProps, StaffMachineRow } from '@server/modules/instances/contracts';
import { Server } from 'lucide-react';
import { useState } from 'react';
import { Head, Link } from '../../app/protocol';
import { listUrl } from '../../lib/list-url';
import { useRoute } from '../../lib/route';
import { PageHeader } from '../account/PageHeader';
import { Card } from '../ui/Card';
import { type Column, DataTable } from '../ui/DataTable';
import { DownloadLink } from '../ui/DownloadLink';
import { Ltr } from '../ui/Ltr';
import { Pagination } from '../ui/Pagination';
import { Price } from '../ui/Price';
import { SearchForm } from '../ui/SearchForm';
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
  const href = (over: Partial<Record<keyof typeof filters | 'page', string>>, to = base) =>
    listUrl(to, { ...filters, page: '', ...over });
  const select = (
    name: 'status' | 'power' | 'location' | 'plan',
    label: string,
    choices: [string, string][],
  ) => (
    <label className="grid gap-1 text-sm text-gray-700">
      {label}
      <select
        value={filters[name]}
        onChange={(event) => router.visit(href({ [name]: event.target.value }))}
        className="min-h-10 rounded-xl border border-gray-300 bg-white px-3 text-sm"
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
    {
      key: 'name',
      label: 'سرور',
      render: (row) => (
        <Link
          href={route(`${area}.instances.view`, { instance: row.id })}
          className="font-medium text-brand-700 hover:underline"
        >
          {row.name}
        </Link>
      ),
    },
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
    <>
      <Head title={title} />
      <PageHeader
        title={title}
        description="جست‌وجو با نام یا موبایل مشتری، یا بخشی از شناسهٔ سرور."
        actions={area === 'admin' && <DownloadLink href={href({}, route('admin.instances.export'))} />}
      />
      <Card className="p-2 sm:p-4">
        <div className="mb-3 flex flex-wrap items-end gap-3 px-2">
          <SearchForm
            initial={filters.q}
            onSearch={(q) => router.visit(href({ q }))}
            placeholder="نام، موبایل یا شناسه"
            className="flex-1 basis-64"
          />
          {select(
            'status',
            'وضعیت',
            Object.entries(STATUS_LABELS.instance).map(([key, value]) => [key, value.label]),
          )}
          {select(
            'power',
            'روشن/خاموش',
            Object.entries(STATUS_LABELS.power).map(([key, value]) => [key, value.label]),
          )}
          {select(
            'location',
            'دیتاسنتر',
            options.locations.map((l) => [String(l.id), l.name]),
          )}
          {select(
            'plan',
            'پلن',
            options.plans.map((p) => [String(p.id), p.title]),
          )}
        </div>
        {area === 'admin' && <BulkStopBar ids={picked} onDone={() => setPicked([])} />}
        <DataTable
          caption={title}
          columns={columns}
          rows={machines.data}
          rowKey={(row) => row.id}
          empty={{
            icon: Server,
            title: 'سروری با این جست‌وجو پیدا نشد',
            description: 'فیلترها را بردارید یا عبارت دیگری بنویسید.',
          }}
        />
      </Card>
      <Pagination
        page={machines.meta.current_page}
        hasMore={machines.meta.has_more}
        hrefFor={(page) => href({ page: page > 1 ? String(page) : '' })}
      />
    </>
  );
}
