import type { AdminChart2Props } from '@server/modules/admin/contracts';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
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
import { Card } from '../../components/ui/Card';
import { formatNumber } from '../../lib/digits';

type Key = 'running_avg' | 'running_peak' | 'machine_hours' | 'new_machines' | 'failed_provisioning';

/** What each series counts, written under the chart. */
const DEFINITIONS: Record<Key, string> = {
  running_avg: 'دقیقه‌های شارژشدهٔ سرورها تقسیم بر دقیقه‌های دوره: به‌طور میانگین چند سرور روشن بود.',
  running_peak: 'بیشترین شمار سرورهایی که در یک دقیقه از دوره با هم روشن بودند و شارژ شدند.',
  machine_hours: 'جمع دقیقه‌های شارژشدهٔ همهٔ سرورها، به ساعت.',
  new_machines: 'سرورهایی که در دوره سفارش داده شدند.',
  failed_provisioning: 'بارهایی که آماده‌سازی یک سرور ناموفق ماند (هر تلاش دوباره جدا شمرده می‌شود).',
};

const SERIES = chartSeries(DEFINITIONS, [
  ['running_avg', 'میانگین سرورهای روشن', '#4f46e5'],
  ['running_peak', 'بیشترین سرور روشن', '#0d9488'],
  ['machine_hours', 'ساعت‌کار سرورها', '#9333ea'],
  ['new_machines', 'سرور تازه', '#2563eb'],
  ['failed_provisioning', 'آماده‌سازی ناموفق', '#dc2626'],
]);

const DECIMAL = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 2 });
/** Persian digits with up to two decimals (an average of 0.25 machines is not «۰»). */
const axisNumber = (value: number) => DECIMAL.format(value);

/**
 * `admin.chart2` «نمودار مصرف»: machines running (average, peak), machine-hours, new machines and
 * failed provisioning per Jalali day, Saturday week or month (Tehran), machine-hours by plan and
 * the share of each location's capacity used; a table toggle and the CSV.
 */
export default function AdminChart2({
  series,
  by_plan,
  by_location,
  filters,
  filter_errors,
  options,
}: AdminChart2Props) {
  const maxPlan = Math.max(1, ...by_plan.map((p) => p.hours));

  return (
    <ChartPage
      title="نمودار مصرف"
      description="سرورهای روشن، ساعت‌کار و سرورهای تازه در روزها، هفته‌ها (از شنبه) یا ماه‌های شمسی، به وقت تهران."
      page="admin.chart2"
      chart="usage"
      filters={{
        values: filters,
        errors: filter_errors,
        intervals: options.intervals,
        className: 'sm:grid-cols-3',
      }}
    >
      <ChartCard
        id="usage-title"
        title="سرورهای روشن و سرورهای تازه"
        table={{ caption: 'مصرف در هر دوره', rows: series, format: axisNumber }}
        series={SERIES}
        className="mb-6"
      >
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartBox label="نمودار سرورهای روشن؛ برای عددها «نمایش جدول» را بزنید.">
            <LineChart data={series} margin={CHART_MARGIN}>
              <CartesianGrid {...CHART_GRID} />
              <XAxis {...TIME_AXIS} />
              <YAxis {...valueAxis(axisNumber, 40)} />
              <Tooltip {...chartTooltip(axisNumber)} />
              <Legend {...CHART_LEGEND} />
              {SERIES.slice(0, 2).map((s) => (
                <Line
                  key={s.key}
                  dataKey={s.key}
                  name={s.name}
                  stroke={s.color}
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ChartBox>
          <ChartBox label="نمودار سرورهای تازه و آماده‌سازی‌های ناموفق؛ برای عددها «نمایش جدول» را بزنید.">
            <BarChart data={series} margin={CHART_MARGIN}>
              <CartesianGrid {...CHART_GRID} />
              <XAxis {...TIME_AXIS} />
              <YAxis {...valueAxis(axisNumber, 40)} allowDecimals={false} />
              <Tooltip {...chartTooltip(axisNumber)} />
              <Legend {...CHART_LEGEND} />
              {SERIES.slice(3).map((s) => (
                <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} isAnimationActive={false} />
              ))}
            </BarChart>
          </ChartBox>
        </div>
      </ChartCard>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card as="section" aria-labelledby="plans-title" className="p-4 sm:p-6">
          <h2 id="plans-title" className="mb-3 font-bold text-gray-900">
            ساعت‌کار سرورها به تفکیک پلن
          </h2>
          {by_plan.length === 0 ? (
            <p className="text-sm text-gray-600">در این بازه سروری شارژ نشده است.</p>
          ) : (
            <ul className="grid gap-3">
              {by_plan.map((p) => (
                <li key={p.plan} className="grid gap-1 text-sm">
                  <span className="flex justify-between gap-2">
                    <span className="text-gray-900">{p.plan}</span>
                    <span className="text-gray-600">{axisNumber(p.hours)} ساعت</span>
                  </span>
                  <span aria-hidden="true" className="h-2 rounded-full bg-gray-100">
                    <span
                      className="block h-2 rounded-full bg-purple-600"
                      style={{ width: `${(p.hours / maxPlan) * 100}%` }}
                    />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card as="section" aria-labelledby="locations-title" className="p-4 sm:p-6">
          <h2 id="locations-title" className="mb-1 font-bold text-gray-900">
            استفاده از ظرفیت دیتاسنترها
          </h2>
          <p className="mb-3 text-xs text-gray-600">
            ساعت‌کار سرورهای هر دیتاسنتر تقسیم بر ظرفیت میزبان‌هایش (شمار سرور) ضرب در ساعت‌های دوره.
          </p>
          <ul className="grid gap-3">
            {by_location.map((l) => (
              <li key={l.location} className="grid gap-1 text-sm">
                <span className="flex justify-between gap-2">
                  <span className="text-gray-900">{l.location}</span>
                  <span className="text-gray-600">
                    {formatNumber(l.utilisation)}٪ · {formatNumber(l.hours)} ساعت از ظرفیت{' '}
                    {formatNumber(l.capacity)}
                  </span>
                </span>
                <span aria-hidden="true" className="h-2 rounded-full bg-gray-100">
                  <span
                    className="block h-2 rounded-full bg-teal-600"
                    style={{ width: `${Math.min(100, l.utilisation)}%` }}
                  />
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </ChartPage>
  );
}
