import { router } from '@renderfarm/react';
import type { PanelItemsProps } from '@server/modules/billing/contracts';
import { ReceiptText } from 'lucide-react';
import { Card } from '../../components/ui/Card';
import { type Column, DataTable } from '../../components/ui/DataTable';
import { DownloadLink } from '../../components/ui/DownloadLink';
import { JalaliTime } from '../../components/ui/JalaliTime';
import { Pagination } from '../../components/ui/Pagination';
import { PeriodFields } from '../../components/ui/PeriodFields';
import { Price } from '../../components/ui/Price';
import { Screen } from '../../components/ui/Screen';
import { SelectField } from '../../components/ui/SelectField';
import { TruncatedText } from '../../components/ui/TruncatedText';
import { formatNumber } from '../../lib/digits';
import { listUrl } from '../../lib/list-url';
import { useRoute } from '../../lib/route';

type Line = PanelItemsProps['items']['data'][number];
type Filters = PanelItemsProps['filters'];

/**
 * `panel.items` «گردش حساب»: every movement of the wallet, newest first, with the filter's totals;
 * the filters live in the URL (a period is whole days in Tehran) and the CSV takes the same ones.
 */
export default function Items({ items, totals, filters, types, machines, balance }: PanelItemsProps) {
  const route = useRoute();
  const label = new Map(types.map((t) => [t.value, t.label]));
  const machineName = new Map(machines.map((m) => [m.uuid, m.name]));
  const url = (base: string, over: Partial<Filters & { page: string }> = {}) =>
    listUrl(base, { ...filters, ...over });
  const visit = (over: Partial<Filters>) =>
    router.visit(url(route('panel.items'), over), { preserveScroll: true });

  const columns: Column<Line>[] = [
    { key: 'at', label: 'زمان', render: (row) => <JalaliTime value={row.created_at} /> },
    {
      key: 'type',
      label: 'نوع',
      render: (row) => label.get(row.type) ?? row.type,
    },
    {
      key: 'description',
      label: 'شرح',
      render: (row) => (
        // A description may carry a machine's name with nowhere to break: wrapped anywhere, never
        // wider than the cell; the machine line is one line, cut, whole on hover and focus.
        <span className="block min-w-0 [overflow-wrap:anywhere]">
          {row.description}
          {row.reference && machineName.has(row.reference) && (
            // w-0 min-w-full: as wide as the cell, never widening it (a table sizes columns by content).
            <span className="flex w-0 min-w-full text-xs text-gray-500">
              <span className="shrink-0">سرور «</span>
              <TruncatedText text={machineName.get(row.reference) ?? ''} />
              <span className="shrink-0">»</span>
            </span>
          )}
          {row.lines > 1 && (
            <span className="block text-xs text-gray-500">
              {formatNumber(row.lines)} دقیقه، از <JalaliTime value={row.first_at} style="time" /> تا{' '}
              <JalaliTime value={row.created_at} style="time" />
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'amount',
      label: 'مبلغ',
      numeric: true,
      render: (row) => (
        <span className={row.amount > 0 ? 'text-green-700' : 'text-red-700'}>
          <bdi>{row.amount > 0 ? '+' : '−'}</bdi>
          <Price rial={Math.abs(row.amount)} />
        </span>
      ),
    },
    { key: 'balance', label: 'مانده', numeric: true, render: (row) => <Price rial={row.balance_after} /> },
  ];

  return (
    <Screen
      title="گردش حساب"
      description="هر ریالی که به کیف پول آمد یا از آن رفت، با مانده پس از آن."
      actions={<DownloadLink href={url(route('panel.items.export'))} />}
    >
      <div className="mb-6 grid gap-3 sm:grid-cols-3">
        <Total title="موجودی کنونی" rial={balance} />
        <Total title="واریز در این بازه" rial={totals.credits} tone="text-green-700" />
        <Total title="برداشت در این بازه" rial={totals.debits} tone="text-red-700" />
      </div>
      <Card className="p-2 sm:p-4">
        <div className="mb-3 grid gap-3 px-2 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField
            label="نوع"
            value={filters.type}
            placeholder="همه"
            options={types}
            onChange={(type) => visit({ type })}
          />
          <SelectField
            label="سرور"
            value={filters.machine}
            placeholder="همه"
            options={machines.map((m) => ({ value: m.uuid, label: m.name }))}
            onChange={(machine) => visit({ machine })}
          />
          <PeriodFields
            from={filters.from ?? ''}
            to={filters.to ?? ''}
            fromLabel="از روز"
            toLabel="تا روز"
            onChange={visit}
          />
        </div>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2 px-2 text-sm text-gray-600">
          <p>{formatNumber(totals.count)} تراکنش</p>
          {/* The ledger keeps a line per machine-minute; by default a machine's hour reads as one row. */}
          <button
            type="button"
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
            onClick={() => visit({ view: filters.view === 'minutes' ? '' : 'minutes' })}
          >
            {filters.view === 'minutes' ? 'نمایش ساعتی کارکرد سرورها' : 'نمایش دقیقه‌به‌دقیقه'}
          </button>
        </div>
        <DataTable
          caption="گردش حساب"
          columns={columns}
          rows={items.data}
          rowKey={(row) => row.id}
          empty={{
            icon: ReceiptText,
            title: 'تراکنشی با این فیلترها نیست',
            description: 'فیلترها را بردارید یا بازهٔ دیگری انتخاب کنید.',
          }}
        />
      </Card>
      <Pagination
        page={items.meta.current_page}
        hasMore={items.meta.has_more}
        hrefFor={(page) => url(route('panel.items'), { page: page > 1 ? String(page) : '' })}
      />
    </Screen>
  );
}

function Total({ title, rial, tone = 'text-gray-900' }: { title: string; rial: number; tone?: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-gray-600">{title}</p>
      <p className={`mt-1 text-lg font-bold ${tone}`}>
        <Price rial={rial} />
      </p>
    </Card>
  );
}
