import type { AdminChart1Props, RevenuePointView } from '@server/modules/admin/contracts';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard, chartSeries } from '../../components/admin/ChartCard';
import { ChartBox } from '../../components/list/ChartBox';
import { ChartPage } from '../../components/list/ChartPage';
import {
  CHART_GRID,
  CHART_LEGEND,
  CHART_MARGIN,
  chartTooltip,
  TIME_AXIS,
  valueAxis,
} from '../../components/list/chart-axes';
import { Totals } from '../../components/list/Totals';
import { Price } from '../../components/ui/Price';
import { formatNumber } from '../../lib/digits';
import { formatToman, rialToToman } from '../../lib/money';

type Key = 'topups' | 'usage' | 'refunds' | 'net';

/** What each series counts, written under the chart. */
const DEFINITIONS: Record<Key, string> = {
  topups: 'جمع ردیف‌های «افزایش اعتبار» کیف پول در آن دوره: پولی که مشتریان پرداخت کردند.',
  usage:
    'جمع کسر از کیف پول برای دقیقه‌های روشن بودن سرورها و فضای ذخیره‌سازی؛ فیلتر دیتاسنتر و پلن فقط این سری را محدود می‌کند.',
  refunds: 'اندازهٔ همهٔ ردیف‌های بازپرداخت، به کیف پول یا به کارت.',
  net: 'افزایش اعتبار منهای بازپرداخت: پولی که در دوره ماند.',
};

const SERIES = chartSeries(DEFINITIONS, [
  ['topups', 'افزایش اعتبار', '#4f46e5'],
  ['usage', 'هزینهٔ مصرف', '#0d9488'],
  ['refunds', 'بازپرداخت', '#dc2626'],
  ['net', 'خالص', '#111827'],
]);

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
  const unit = axisUnit(series);
  const axisTick = (rial: number) => formatNumber(Math.round((rialToToman(rial) / unit.divisor) * 10) / 10);

  return (
    <ChartPage
      title="نمودار درآمد"
      description="پول ورودی و مصرف مشتریان در روزها، هفته‌ها (از شنبه) یا ماه‌های شمسی، به وقت تهران."
      page="admin.chart1"
      chart="revenue"
      filters={{
        values: filters,
        errors: filter_errors,
        intervals: options.intervals,
        more: [
          { select: 'location', label: 'دیتاسنتر', options: options.locations },
          { select: 'hardware', label: 'پلن', options: options.hardwares },
        ],
        className: 'sm:grid-cols-2 lg:grid-cols-5',
      }}
    >
      <Totals
        items={SERIES.map((s) => ({
          key: s.key,
          title: s.name,
          value: <Price rial={totals[s.key]} />,
          note: <Change now={totals[s.key]} before={previous[s.key]} />,
        }))}
      />
      <ChartCard
        id="chart-title"
        title={
          <>
            {options.intervals.find((i) => i.value === filters.interval)?.label ?? ''}
            <span className="ms-2 text-sm font-normal text-gray-500">(مبالغ به {unit.label})</span>
          </>
        }
        table={{ caption: 'درآمد در هر دوره', rows: series, format: (rial) => <Price rial={rial} /> }}
        series={SERIES}
      >
        <ChartBox
          label={`نمودار درآمد از ${series[0]?.label ?? ''} تا ${series.at(-1)?.label ?? ''}؛ برای عددها «نمایش جدول» را بزنید.`}
          className="h-80"
        >
          <ComposedChart data={series} margin={CHART_MARGIN}>
            <CartesianGrid {...CHART_GRID} />
            <XAxis {...TIME_AXIS} />
            <YAxis {...valueAxis(axisTick, 56)} />
            <Tooltip {...chartTooltip(formatToman)} />
            <Legend {...CHART_LEGEND} />
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
        </ChartBox>
      </ChartCard>
    </ChartPage>
  );
}

/** «دورهٔ قبل: … (+۱۲٪)»: the same figure in the period just before, and the change. */
function Change({ now, before }: { now: number; before: number }) {
  const change = before === 0 ? null : ((now - before) / Math.abs(before)) * 100;
  return (
    <>
      دورهٔ قبل: <Price rial={before} />
      {change !== null && (
        <span className={change >= 0 ? 'ms-1 text-green-700' : 'ms-1 text-red-700'}>
          ({change >= 0 ? '+' : '−'}
          {formatNumber(Math.abs(Math.round(change)))}٪)
        </span>
      )}
    </>
  );
}
