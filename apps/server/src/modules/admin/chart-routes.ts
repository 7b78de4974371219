import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { toCsv } from '../../lib/csv';
import { toLatinDigits } from '../../lib/digits';
import { tehranIsoDay } from '../../lib/jalali-month';
import { tehranDayStart } from '../../lib/tehran-day';
import { eventsByDay } from '../activity';
import { dailyMoney, dailyUsage, usageMinutesByMachine } from '../billing';
import { findPlan, listActivePlans, listLocations, locationCapacity, placementDetails } from '../catalog';
import { machinePlacements, machineUuidsWhere, newMachinesByDay } from '../instances';
import { ChartNotFoundError } from './errors';
import {
  addDays,
  daysBetween,
  INTERVALS,
  type Interval,
  MAX_DAYS,
  previousPeriod,
  revenueSeries,
  totalsOf,
  usageSeries,
} from './revenue-chart';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const INTERVAL_LABELS: Record<Interval, string> = { day: 'روزانه', week: 'هفتگی (از شنبه)', month: 'ماهانه' };

function text(value: unknown): string {
  return typeof value === 'string' ? toLatinDigits(value).trim().slice(0, 40) : '';
}

/**
 * The chart's filters as asked: a period of Tehran days (the last 30 by default), an interval and
 * optional location and plan. What cannot be used is said in Persian beside its field and the
 * default takes its place: `from` after `to`, an unknown interval, more than two years.
 */
export function chartFilter(query: Record<string, unknown>, today: string) {
  const errors: Record<string, string> = {};
  const raw = { from: text(query.from), to: text(query.to), interval: text(query.interval) };
  const validDay = (v: string) => ISO_DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
  let to = raw.to && validDay(raw.to) ? raw.to : today;
  let from = raw.from && validDay(raw.from) ? raw.from : addDays(to, -29);
  if (raw.from && !validDay(raw.from)) errors.from = 'تاریخ شروع معتبر نیست.';
  if (raw.to && !validDay(raw.to)) errors.to = 'تاریخ پایان معتبر نیست.';
  let interval: Interval = 'day';
  if (raw.interval) {
    if ((INTERVALS as readonly string[]).includes(raw.interval)) interval = raw.interval as Interval;
    else errors.interval = 'بازه را از روزانه، هفتگی یا ماهانه انتخاب کنید.';
  }
  if (from > to) {
    errors.from = 'تاریخ شروع باید پیش از تاریخ پایان باشد.';
    to = today;
    from = addDays(to, -29);
  } else if (daysBetween(from, to) > MAX_DAYS) {
    errors.to = 'نمودار حداکثر دو سال (۷۳۱ روز) را نشان می‌دهد؛ بازه را کوتاه‌تر کنید.';
    from = addDays(to, -(MAX_DAYS - 1));
  }
  const id = (v: unknown) => (/^\d{1,9}$/.test(text(v)) ? Number(text(v)) : undefined);
  const slug = /^[\p{L}\p{N}-]{1,80}$/u.test(text(query.hardware)) ? text(query.hardware) : undefined;
  return { from, to, interval, location: id(query.location), hardware: slug, errors };
}

async function revenueOf(app: FastifyInstance, request: FastifyRequest) {
  const { db } = app.services;
  const filter = chartFilter((request.query ?? {}) as Record<string, unknown>, tehranIsoDay(new Date()));
  const previous = previousPeriod(filter.from, filter.to);
  const plan = filter.hardware ? await findPlan(db, { slug: filter.hardware }) : undefined;
  const references =
    filter.location || filter.hardware
      ? await machineUuidsWhere(db, {
          locationId: filter.location,
          hardwareId: filter.hardware ? (plan?.id ?? -1) : undefined,
        })
      : null;
  const days = await dailyMoney(
    db,
    { start: tehranDayStart(previous.from), end: tehranDayStart(addDays(filter.to, 1)) },
    references,
  );
  return {
    filter,
    series: revenueSeries(days, filter.from, filter.to, filter.interval),
    totals: totalsOf(days, filter.from, filter.to),
    previous: { ...totalsOf(days, previous.from, previous.to), ...previous },
  };
}

async function usageOf(app: FastifyInstance, request: FastifyRequest) {
  const { db } = app.services;
  const filter = chartFilter((request.query ?? {}) as Record<string, unknown>, tehranIsoDay(new Date()));
  const range = { start: tehranDayStart(filter.from), end: tehranDayStart(addDays(filter.to, 1)) };
  const [days, created, failed, byMachine, capacity] = await Promise.all([
    dailyUsage(db, range),
    newMachinesByDay(db, range),
    eventsByDay(db, 'instance:provision.failed', range),
    usageMinutesByMachine(db, range),
    locationCapacity(db),
  ]);
  const placements = await machinePlacements(db, [...byMachine.keys()]);
  const { plans, locations } = await placementDetails(db, {
    hardwareIds: [...placements.values()].map((p) => p.hardwareId),
    locationIds: [...placements.values()].map((p) => p.locationId),
  });
  const planMinutes = new Map<string, number>();
  const locationMinutes = new Map<number, number>();
  for (const [uuid, minutes] of byMachine) {
    const placement = placements.get(uuid);
    if (!placement) continue;
    const plan = plans.get(placement.hardwareId)?.title ?? '—';
    planMinutes.set(plan, (planMinutes.get(plan) ?? 0) + minutes);
    locationMinutes.set(placement.locationId, (locationMinutes.get(placement.locationId) ?? 0) + minutes);
  }
  const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;
  const periodHours = daysBetween(filter.from, filter.to) * 24;
  return {
    filter,
    series: usageSeries(days, created, failed, filter.from, filter.to, filter.interval),
    by_plan: [...planMinutes]
      .map(([plan, minutes]) => ({ plan, hours: hours(minutes) }))
      .sort((a, b) => b.hours - a.hours),
    by_location: capacity.map((location) => {
      const used = (locationMinutes.get(location.id) ?? 0) / 60;
      const slots = (location.capacity ?? 0) * periodHours;
      return {
        location: locations.get(location.id)?.name ?? location.name,
        hours: hours(used * 60),
        capacity: location.capacity ?? 0,
        utilisation: slots > 0 ? Math.round((used / slots) * 1000) / 10 : 0,
      };
    }),
  };
}

/**
 * Admin/Chart1 «نمودار درآمد» (docs/screens.md §6): top-ups, usage charges, refunds and net per
 * Jalali day, Saturday week or month, with the previous period's totals; and its CSV.
 */
export async function chartRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db } = app.services;

  route(
    { name: 'admin.chart1', method: 'GET', uri: '/admin/charts/revenue', access: 'admin' },
    async (request, reply) => {
      const { filter, series, totals, previous } = await revenueOf(app, request);
      const [locations, plans] = await Promise.all([listLocations(db), listActivePlans(db, 100)]);
      return render(reply, 'Admin/Chart1', {
        series,
        totals,
        previous,
        filters: {
          from: filter.from,
          to: filter.to,
          interval: filter.interval,
          location: filter.location ? String(filter.location) : '',
          hardware: filter.hardware ?? '',
        },
        filter_errors: filter.errors,
        options: {
          intervals: Object.entries(INTERVAL_LABELS).map(([value, label]) => ({ value, label })),
          locations: locations.map((l) => ({ value: String(l.id), label: l.name })),
          hardwares: plans.map((p) => ({ value: p.slug, label: p.title })),
        },
      });
    },
  );

  route(
    { name: 'admin.chart2', method: 'GET', uri: '/admin/charts/usage', access: 'admin' },
    async (request, reply) => {
      const { filter, series, by_plan, by_location } = await usageOf(app, request);
      return render(reply, 'Admin/Chart2', {
        series,
        by_plan,
        by_location,
        filters: { from: filter.from, to: filter.to, interval: filter.interval },
        filter_errors: filter.errors,
        options: { intervals: Object.entries(INTERVAL_LABELS).map(([value, label]) => ({ value, label })) },
      });
    },
  );

  route(
    { name: 'admin.charts.export', method: 'GET', uri: '/admin/charts/{chart}/export', access: 'admin' },
    async (request, reply) => {
      const chart = (request.params as { chart?: string }).chart;
      if (chart === 'usage') {
        const { series } = await usageOf(app, request);
        const csv = toCsv(
          [
            'دوره',
            'از (ISO)',
            'تا (ISO)',
            'میانگین سرورهای روشن',
            'بیشترین سرور روشن',
            'ساعت‌کار سرورها',
            'سرور تازه',
            'آماده‌سازی ناموفق',
          ],
          series.map((p) => [
            p.label,
            p.from,
            p.to,
            p.running_avg,
            p.running_peak,
            p.machine_hours,
            p.new_machines,
            p.failed_provisioning,
          ]),
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="usage.csv"')
          .header('cache-control', 'private, no-store')
          .send(csv);
      }
      if (chart !== 'revenue') throw new ChartNotFoundError();
      const { series } = await revenueOf(app, request);
      const csv = toCsv(
        [
          'دوره',
          'از (ISO)',
          'تا (ISO)',
          'افزایش اعتبار (ریال)',
          'هزینهٔ مصرف (ریال)',
          'بازپرداخت (ریال)',
          'خالص (ریال)',
        ],
        series.map((p) => [p.label, p.from, p.to, p.topups, p.usage, p.refunds, p.net]),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="revenue.csv"')
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
