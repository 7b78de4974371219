/*
 * The settings every admin chart shares, spread on recharts' own parts (which must stay direct
 * children of the chart): a light grid, time running right to left as Persian is read with the
 * values on the right, Persian tooltips and legend.
 */
export const CHART_MARGIN = { top: 8, right: 8, bottom: 8, left: 8 };

export const CHART_GRID = { strokeDasharray: '3 3', stroke: '#e5e7eb' };

export const TIME_AXIS = {
  dataKey: 'label',
  reversed: true,
  tick: { fontSize: 12 },
  interval: 'preserveStartEnd',
} as const;

export const valueAxis = (format: (value: number) => string, width: number) =>
  ({ orientation: 'right', tickFormatter: format, tick: { fontSize: 12 }, width }) as const;

export const chartTooltip = (format: (value: number) => string) => ({
  formatter: (value: unknown, name: unknown): [string, string] => [format(Number(value)), String(name)],
  contentStyle: { direction: 'rtl', fontFamily: 'inherit' } as const,
});

export const CHART_LEGEND = { wrapperStyle: { direction: 'rtl' } as const };
