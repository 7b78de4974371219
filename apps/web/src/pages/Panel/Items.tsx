import type { PanelItemsProps } from '@server/modules/billing/contracts';
import { ReceiptText } from 'lucide-react';
import { ChargedMinutes } from '../../components/billing/ChargedMinutes';
import { ListPage } from '../../components/list/ListPage';
import { Totals } from '../../components/list/Totals';
import { useListQuery } from '../../components/list/use-list-query';
import type { Column } from '../../components/ui/DataTable';
import { JalaliTime } from '../../components/ui/JalaliTime';
import { Price } from '../../components/ui/Price';
import { TruncatedText } from '../../components/ui/TruncatedText';
import { formatNumber } from '../../lib/digits';
import { useRoute } from '../../lib/route';

type Line = PanelItemsProps['items']['data'][number];

/**
 * `panel.items` «گردش حساب»: every movement of the wallet, newest first, with the filter's totals;
 * the filters live in the URL (a period is whole days in Tehran) and the CSV takes the same ones.
 */
export default function Items({ items, totals, filters, types, machines, balance }: PanelItemsProps) {
  const route = useRoute();
  const label = new Map(types.map((t) => [t.value, t.label]));
  const machineName = new Map(machines.map((m) => [m.uuid, m.name]));
  const query = useListQuery(route('panel.items'), filters);

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
              <ChargedMinutes minutes={row.lines} from={row.first_at} to={row.to_at} />
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
    <ListPage
      title="گردش حساب"
      description="هر ریالی که به کیف پول آمد یا از آن رفت، با مانده پس از آن."
      exportHref={query.url({}, route('panel.items.export'))}
      header={
        <Totals
          className="sm:grid-cols-3"
          items={[
            { key: 'balance', title: 'موجودی کنونی', value: <Price rial={balance} /> },
            {
              key: 'credits',
              title: 'واریز در این بازه',
              value: <Price rial={totals.credits} />,
              tone: 'text-green-700',
            },
            {
              key: 'debits',
              title: 'برداشت در این بازه',
              value: <Price rial={totals.debits} />,
              tone: 'text-red-700',
            },
          ]}
        />
      }
      query={query}
      filters={{
        fields: [
          { select: 'type', label: 'نوع', options: types },
          {
            select: 'machine',
            label: 'سرور',
            options: machines.map((m) => ({ value: m.uuid, label: m.name })),
          },
          { period: true, fromLabel: 'از روز', toLabel: 'تا روز' },
        ],
        className: 'sm:grid-cols-2 lg:grid-cols-4',
      }}
      above={
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2 px-2 text-sm text-gray-600">
          <p>{formatNumber(totals.count)} تراکنش</p>
          {/* The ledger keeps a line per machine-minute; by default a machine's hour reads as one row. */}
          <button
            type="button"
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
            onClick={() => query.visit({ view: filters.view === 'minutes' ? '' : 'minutes' })}
          >
            {filters.view === 'minutes' ? 'نمایش ساعتی کارکرد سرورها' : 'نمایش دقیقه‌به‌دقیقه'}
          </button>
        </div>
      }
      columns={columns}
      page={items}
      empty={{
        icon: ReceiptText,
        title: 'تراکنشی با این فیلترها نیست',
        description: 'فیلترها را بردارید یا بازهٔ دیگری انتخاب کنید.',
      }}
    />
  );
}
