import { router, useForm } from '@renderfarm/react';
import type { AdminPortRow, AdminPortsProps } from '@server/modules/catalog/contracts';
import { ArrowLeftRight } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { usePage } from '../../app/protocol';
import { ListPage } from '../../components/list/ListPage';
import { useListQuery } from '../../components/list/use-list-query';
import { Button } from '../../components/ui/Button';
import { formBinders } from '../../components/ui/bind-field';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import type { Column } from '../../components/ui/DataTable';
import { FormAlert } from '../../components/ui/FormAlert';
import { Ltr } from '../../components/ui/Ltr';
import { SelectField } from '../../components/ui/SelectField';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { TextField } from '../../components/ui/TextField';
import { formatNumber } from '../../lib/digits';
import { useRoute } from '../../lib/route';

const STATUS_FILTERS = [
  { value: 'free', label: 'آزاد' },
  { value: 'reserved', label: 'رزرو شده' },
  { value: 'bound', label: 'متصل' },
  { value: 'disabled', label: 'غیرفعال' },
];

/**
 * `admin.ports` «پورت‌ها»: the public ports that forward to machines' remote desktops, by host and
 * state; a form adds a whole range at once, and each port can be noted, disabled, released or deleted.
 */
export default function Ports({ ports, filters, hosts }: AdminPortsProps) {
  const route = useRoute();
  const { props } = usePage();
  const errors = (props.errors ?? {}) as Record<string, string>;
  const [confirm, setConfirm] = useState<{ port: AdminPortRow; action: 'release' | 'delete' } | null>(null);
  const [busy, setBusy] = useState(false);
  const query = useListQuery(route('admin.ports'), {
    resource: filters.resource,
    status: filters.status,
  });
  const options = { preserveScroll: true, onFinish: () => setBusy(false) };
  const toggle = (port: AdminPortRow) => {
    setBusy(true);
    router.patch(
      route('admin.ports.update', { port: port.id }),
      { notes: port.notes, status: port.status === 'disabled' ? 'free' : 'disabled' },
      options,
    );
  };
  const run = () => {
    if (!confirm) return;
    setBusy(true);
    const { port, action } = confirm;
    setConfirm(null);
    if (action === 'delete') router.delete(route('admin.ports.destroy', { port: port.id }), options);
    else router.patch(route('admin.ports.release', { port: port.id }), {}, options);
  };

  const columns: Column<AdminPortRow>[] = [
    {
      key: 'public',
      label: 'نشانی عمومی',
      render: (row) => (
        <Ltr className="font-medium">
          {row.public_ip}:{row.public_port}
        </Ltr>
      ),
    },
    {
      key: 'target',
      label: 'مقصد',
      render: (row) => (
        <Ltr>
          {row.host} → {row.address}:{row.target_port}/{row.protocol}
        </Ltr>
      ),
    },
    { key: 'status', label: 'وضعیت', render: (row) => <StatusBadge kind="port" state={row.status} /> },
    {
      key: 'instance',
      label: 'سرور',
      render: (row) => (row.instance_id ? `#${formatNumber(row.instance_id)}` : '—'),
    },
    { key: 'notes', label: 'یادداشت', render: (row) => row.notes || '—' },
    {
      key: 'actions',
      label: 'کارها',
      render: (row) => (
        <span className="flex flex-wrap gap-1">
          {row.instance_id === null && (
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => toggle(row)}>
              {row.status === 'disabled' ? 'فعال کردن' : 'غیرفعال کردن'}
            </Button>
          )}
          {row.instance_id !== null && (
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => setConfirm({ port: row, action: 'release' })}
            >
              آزاد کردن
            </Button>
          )}
          {row.instance_id === null && (
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => setConfirm({ port: row, action: 'delete' })}
            >
              حذف
            </Button>
          )}
        </span>
      ),
    },
  ];
  const lastPage = Math.max(1, Math.ceil(ports.meta.total / ports.meta.per_page));

  return (
    <ListPage
      title="پورت‌ها"
      description="پورت‌های عمومی که به ریموت دسکتاپ سرورها می‌رسند."
      header={
        <div className="mb-6">
          <RangeForm hosts={hosts} resource={filters.resource} />
        </div>
      }
      query={query}
      filters={{
        fields: [
          {
            select: 'resource',
            label: 'میزبان',
            options: hosts.map((h) => ({ value: h.id, label: h.name })),
          },
          { select: 'status', label: 'وضعیت', options: STATUS_FILTERS },
          {
            custom: 'count',
            node: <span className="text-sm text-gray-600">{formatNumber(ports.meta.total)} پورت</span>,
          },
        ],
        layout: 'wrap',
      }}
      above={<FormAlert className="mb-3">{errors.release ?? errors.delete ?? errors.status}</FormAlert>}
      columns={columns}
      page={{ data: ports.data, meta: { current_page: ports.meta.current_page, last_page: lastPage } }}
      empty={{
        icon: ArrowLeftRight,
        title: 'پورتی نیست',
        description: 'با فرم بالا بازه‌ای از پورت‌ها را به یک میزبان بدهید.',
      }}
    >
      {confirm && (
        <ConfirmDialog
          open
          danger
          title={
            confirm.action === 'release'
              ? `آزاد کردن پورت ${confirm.port.public_port}؟`
              : `حذف پورت ${confirm.port.public_port}؟`
          }
          confirmLabel={confirm.action === 'release' ? 'بله، آزاد شود' : 'بله، حذف شود'}
          onConfirm={run}
          onCancel={() => setConfirm(null)}
        >
          {confirm.action === 'release'
            ? 'فقط پورت سروری آزاد می‌شود که حذف شده یا گیر کرده است؛ پورت سرور زنده آزاد نمی‌شود.'
            : 'پورت از مخزن برداشته می‌شود.'}
        </ConfirmDialog>
      )}
    </ListPage>
  );
}

/** The bulk form: a host, a public IP and a range of ports (at most 1,000 at once). */
function RangeForm({ hosts, resource }: { hosts: AdminPortsProps['hosts']; resource: number | null }) {
  const route = useRoute();
  const form = useForm({
    resource_id: String(resource ?? hosts[0]?.id ?? ''),
    public_ip: '',
    from_port: '',
    to_port: '',
    target_port: '3389',
    protocol: 'tcp',
  });
  const { field } = formBinders(form);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.post(route('admin.ports.store'), { preserveScroll: true });
  };
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-3 font-bold text-gray-900">افزودن بازهٔ پورت</h2>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="میزبان"
          {...field('resource_id')}
          options={hosts.map((host) => ({ value: host.id, label: host.name }))}
        />
        <TextField label="IP عمومی" ltr {...field('public_ip')} />
        <TextField label="پورت مقصد" ltr inputMode="numeric" digits {...field('target_port')} />
        <TextField label="از پورت" ltr inputMode="numeric" digits {...field('from_port')} />
        <TextField label="تا پورت" ltr inputMode="numeric" digits {...field('to_port')} />
        <div className="flex items-end">
          <Button type="submit" disabled={form.processing}>
            افزودن پورت‌ها
          </Button>
        </div>
      </form>
    </Card>
  );
}
