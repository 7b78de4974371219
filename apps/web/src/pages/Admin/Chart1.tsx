import { router } from '@renderfarm/react';
import type { AdminChart1Props, RevenuePointView, RevenueTotalsView } from '@server/modules/admin/contracts';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Head } from '../../app/protocol';
import { PageHeader } from '../../components/account/PageHeader';
import { ChartCard } from '../../components/admin/ChartCard';
import { Card } from '../../components/ui/Card';
import type { Column } from '../../components/ui/DataTable';
import { DownloadLink } from '../../components/ui/DownloadLink';
import { PeriodFields } from '../../components/ui/PeriodFields';
import { Price } from '../../components/ui/Price';
import { SelectField } from '../../components/ui/SelectField';
import { formatNumber } from '../../lib/digits';
import { listUrl } from '../../lib/list-url';
import { formatToman, rialToToman } from '../../lib/money';
import { useRoute } from '../../lib/route';

type Filters = AdminChart1Props['filters'];
type Key = 'topups' | 'usage' | 'refunds' | 'net';

const SERIES: { key: Key; name: string; color: string; definition: string }[] = [
  {
    key: 'topups',
    name: 'افزایش اعتبار',
    color: '#4f46e5',
    definition: 'جمع ردیف‌های «افزایش اعتبار» کیف پول در آن دوره: پولی که مشتریان پرداخت کردند.',
  },
  {
    key: 'usage',
    name: 'هزینهٔ مصرف',
    color: '#0d9488',
    definition:
      'جمع کسر از کیف پول برای دقیقه‌های روشن بودن سرورها و فضای ذخیره‌سازی؛ فیلتر دیتاسنتر و پلن فقط این سری را محدود می‌کند.',
  },
  {
    key: 'refunds',
    name: 'بازپرداخت',
    color: '#dc2626',
    definition: 'اندازهٔ همهٔ ردیف‌های بازپرداخت، به کیف پول یا به کارت.',
  },
  {
    key: 'net',
    name: 'خالص',
    color: '#111827',
    definition: 'افزایش اعتبار منهای بازپرداخت: پولی که در دوره ماند.',
  },
];

/**
 * The axis unit for the largest amount: ticks are plain Persian numbers and the unit is written
 * once beside the axis (a number and a Persian word in one SVG label would read out of order).
 */
function axisUnit(points: RevenuePointView[]): { divisor: number; label: string } {
  const largest = Math.max(0, ...points.flatMap((p) => [p.topups, p.usage, p.refunds, Math.abs(p.net)]));
  const toman = rialToToman(largest);
  if (toman >= 1_000_000) return { divisor: 1_000_000, label: 'میلیون تومان' };
  if (toman >= 1_000) return { divisor: 1_000, label: 'هزار تومان' };
  return { divisor: 1, label: 'تومان' };
}

/**
 * `admin.chart1` «نمودار درآمد»: top-ups, usage charges, refunds and net per Jalali day, Saturday
 * week or month (Tehran), with the totals against the period just before; each series' definition
 * under the chart, a table of the same numbers for screen readers, and the CSV.
 */
export default function AdminChart1({
  series,
  totals,
  previous,
  filters,
  filter_errors,
  options,
}: AdminChart1Props) {
  const route = useRoute();
  const url = (over: Partial<Filters> = {}) => listUrl(route('admin.chart1'), { ...filters, ...over });
  const visit = (over: Partial<Filters>) => router.visit(url(over), { preserveScroll: true });
  const exportHref = listUrl(route('admin.charts.export', { chart: 'revenue' }), { ...filters });
  const unit = axisUnit(series);
  const axisTick = (rial: number) => formatNumber(Math.round((rialToToman(rial) / unit.divisor) * 10) / 10);

  const columns: Column<RevenuePointView>[] = [
    { key: 'label', label: 'دوره', render: (row) => row.label },
    ...SERIES.map((s) => ({
      key: s.key,
      label: s.name,
      numeric: true,
      render: (row: RevenuePointView) => <Price rial={row[s.key]} />,
    })),
  ];

  return (
    <>
      <Head title="نمودار درآمد" />
      <PageHeader
        title="نمودار درآمد"
        description="پول ورودی و مصرف مشتریان در روزها، هفته‌ها (از شنبه) یا ماه‌های شمسی، به وقت تهران."
        actions={<DownloadLink href={exportHref} />}
      />
      <Card className="mb-6 p-4 sm:p-6">
        <div className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <PeriodFields
            from={filters.from ?? ''}
            to={filters.to ?? ''}
            errors={filter_errors}
            onChange={visit}
          />
          <SelectField
            label="بازه"
            value={filters.interval}
            options={options.intervals}
            onChange={(interval) => visit({ interval })}
            error={filter_errors.interval}
          />
          <SelectField
            label="دیتاسنتر"
            value={filters.location}
            placeholder="همه"
            options={options.locations}
            onChange={(location) => visit({ location })}
          />
          <SelectField
            label="پلن"
            value={filters.hardware}
            placeholder="همه"
            options={options.hardwares}
            onChange={(hardware) => visit({ hardware })}
          />
        </div>
      </Card>
      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {SERIES.map((s) => (
          <Total key={s.key} name={s.name} now={totals} before={previous} field={s.key} />
        ))}
      </div>
      <ChartCard
        id="chart-title"
        title={
          <>
            {options.intervals.find((i) => i.value === filters.interval)?.label ?? ''}
            <span className="ms-2 text-sm font-normal text-gray-500">(مبالغ به {unit.label})</span>
          </>
        }
        table={{ caption: 'درآمد در هر دوره', columns, rows: series }}
        series={SERIES}
      >
        <div
          role="img"
          aria-label={`نمودار درآمد از ${series[0]?.label ?? ''} تا ${series.at(-1)?.label ?? ''}؛ برای عددها «نمایش جدول» را بزنید.`}
          className="h-80 w-full"
          dir="ltr"
        >
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={series} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
              {/* Time runs right to left, as Persian is read; the amounts sit on the right. */}
              <XAxis dataKey="label" reversed tick={{ fontSize: 12 }} interval="preserveStartEnd" />
              <YAxis orientation="right" tickFormatter={axisTick} tick={{ fontSize: 12 }} width={56} />
              <Tooltip
                formatter={(value, name) => [formatToman(Number(value)), String(name)]}
                contentStyle={{ direction: 'rtl', fontFamily: 'inherit' }}
              />
              <Legend wrapperStyle={{ direction: 'rtl' }} />
              {SERIES.filter((s) => s.key !== 'net').map((s) => (
                <Bar
                  key={s.key}
                  dataKey={s.key}
                  name={s.name}
                  fill={s.color}
                  radius={[3, 3, 0, 0]}
                  isAnimationActive={false}
                />
              ))}
              <Line
                dataKey="net"
                name="خالص"
                stroke="#111827"
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      </ChartCard>
    </>
  );
}

function Total({
  name,
  now,
  before,
  field,
}: {
  name: string;
  now: RevenueTotalsView;
  before: RevenueTotalsView;
  field: Key;
}) {
  const change = before[field] === 0 ? null : ((now[field] - before[field]) / Math.abs(before[field])) * 100;
  return (
    <Card className="p-4">
      <p className="text-sm text-gray-600">{name}</p>
      <p className="mt-1 text-lg font-bold text-gray-900">
        <Price rial={now[field]} />
      </p>
      <p className="mt-1 text-xs text-gray-500">
        دورهٔ قبل: <Price rial={before[field]} />
        {change !== null && (
          <span className={change >= 0 ? 'ms-1 text-green-700' : 'ms-1 text-red-700'}>
            ({change >= 0 ? '+' : '−'}
            {formatNumber(Math.abs(Math.round(change)))}٪)
          </span>
        )}
      </p>
    </Card>
  );
}
