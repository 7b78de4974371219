import type { SparkPoint } from '@server/modules/dashboard/contracts';
import { Area, AreaChart, ResponsiveContainer, Tooltip, XAxis } from 'recharts';
import { formatToman } from '../../../lib/money';

const SERIES = [
  { key: 'topups', name: 'افزایش اعتبار', color: '#4f46e5' },
  { key: 'usage', name: 'هزینهٔ مصرف', color: '#0d9488' },
] as const;

/**
 * The Dash's small charts: top-ups and usage charges per Tehran day for the last 30 days, time
 * running right to left; the totals are written beside them for anyone who does not see the chart.
 */
export function Sparklines({ points }: { points: SparkPoint[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {SERIES.map((s) => {
        const total = points.reduce((sum, p) => sum + p[s.key], 0);
        return (
          <figure key={s.key} className="min-w-0">
            <figcaption className="mb-1 flex justify-between gap-2 text-sm">
              <span className="text-gray-600">{s.name}</span>
              <span className="font-medium text-gray-900">{formatToman(total)}</span>
            </figcaption>
            <div className="h-20" dir="ltr" aria-hidden="true">
              <ResponsiveContainer width="100%" height="100%">
                <AreaChart
                  data={points}
                  margin={{ top: 4, right: 0, bottom: 0, left: 0 }}
                  accessibilityLayer={false}
                >
                  <XAxis dataKey="label" reversed hide />
                  <Tooltip
                    formatter={(value) => [formatToman(Number(value)), s.name]}
                    contentStyle={{ direction: 'rtl', fontFamily: 'inherit' }}
                  />
                  <Area
                    dataKey={s.key}
                    stroke={s.color}
                    fill={s.color}
                    fillOpacity={0.15}
                    isAnimationActive={false}
                  />
                </AreaChart>
              </ResponsiveContainer>
            </div>
          </figure>
        );
      })}
    </div>
  );
}
