import { Deferred } from '@renderfarm/react';
import type { AdminDashProps } from '@server/modules/dashboard/contracts';
import { CalendarDays, CreditCard, PackageX, Server, ServerCrash, UsersRound, Wallet } from 'lucide-react';
import { DashboardSection } from '../../components/dashboard/DashboardSection';
import { SectionLink } from '../../components/dashboard/SectionLink';
import { StatCard } from '../../components/dashboard/StatCard';
import { AttentionList } from '../../components/instances/AttentionList';
import { Screen } from '../../components/ui/Screen';
import { WithAside } from '../../components/ui/WithAside';
import { formatNumber } from '../../lib/digits';
import { formatJalali } from '../../lib/jalali-date';
import { formatToman } from '../../lib/money';
import { useLiveReload } from '../../lib/realtime/use-live-reload';
import { useRoute } from '../../lib/route';
import { CapacityList } from './parts/CapacityList';
import { LatestPayments } from './parts/LatestPayments';
import { Signups } from './parts/Signups';
import { Sparklines } from './parts/Sparklines';
import { WaitingWork } from './parts/WaitingWork';

const LIVE_EVENTS = ['AlertRaised'] as const;
const LIVE_PROPS = ['alerts', 'kpis'] as const;

/** `admin.dash` «داشبورد مدیریت»: money, load, what is broken and what is waiting, at a glance. */
export default function AdminDash({
  kpis,
  capacity,
  alerts,
  queues,
  signups,
  payments,
  sparklines,
}: AdminDashProps) {
  const route = useRoute();
  // An alert on the admins' channel (a payment held for review, a failed provisioning) refreshes
  // the alerts and figures without a visit.
  useLiveReload(LIVE_EVENTS, LIVE_PROPS, 'admin');
  const link = (name: string) => (route.has(name) ? route(name) : null);
  // The server counts the month from the first day of the Jalali month in Tehran, as here.
  const now = new Date();
  const month = `${formatJalali(now, 'month')} ${formatJalali(now, 'year')}`;
  const locations = link('admin.locations.list');
  const hosts = link('admin.resources.list');
  const users = link('admin.users.list');
  const places = capacity.reduce((sum, location) => sum + location.capacity, 0);

  return (
    <Screen title="داشبورد مدیریت" description={`درآمد، ظرفیت و کارهای در انتظار؛ ${month}.`}>
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <StatCard
          label="درآمد امروز"
          value={formatToman(kpis.usage_today)}
          icon={Wallet}
          hint={`از مصرف سرورها و فضاها از بامداد امروز؛ افزایش اعتبار ${formatToman(kpis.topped_up_today)}`}
          className="col-span-2 sm:col-span-1"
        />
        <StatCard
          label="درآمد این ماه"
          value={formatToman(kpis.usage_month)}
          icon={CalendarDays}
          hint={`از مصرف در ${month}؛ ${formatNumber(kpis.topups_month)} افزایش اعتبار، ${formatToman(kpis.topped_up_month)}`}
          className="col-span-2 sm:col-span-1"
        />
        <StatCard
          label="مشتریان فعال"
          value={formatNumber(kpis.active_customers)}
          icon={UsersRound}
          href={users}
          hint="با ورود در این ماه"
        />
        <StatCard
          label="سرورهای روشن"
          value={formatNumber(kpis.running_machines)}
          icon={Server}
          href={link('admin.instances.list')}
          hint={places > 0 ? `از ${formatNumber(places)} جایگاه` : undefined}
        />
      </div>
      <WithAside
        asideAs="div"
        className="mt-6"
        aside={
          <>
            <DashboardSection id="queues" title="کارهای در انتظار">
              <WaitingWork ticketsOpen={queues.tickets_open} kycWaiting={queues.kyc_waiting} />
            </DashboardSection>
            <DashboardSection
              id="signups"
              title="تازه‌ترین ثبت‌نام‌ها"
              action={users && <SectionLink href={users}>کاربران</SectionLink>}
            >
              <Signups signups={signups} />
            </DashboardSection>
            <DashboardSection
              id="payments"
              title="تازه‌ترین پرداخت‌ها"
              action={
                link('admin.invoices.list') && (
                  <SectionLink href={link('admin.invoices.list')!}>صورت‌حساب‌ها</SectionLink>
                )
              }
            >
              <LatestPayments payments={payments} />
            </DashboardSection>
          </>
        }
      >
        <DashboardSection
          id="capacity"
          title="ظرفیت دیتاسنترها"
          action={locations && <SectionLink href={locations}>دیتاسنترها</SectionLink>}
        >
          <CapacityList locations={capacity} />
        </DashboardSection>
        <DashboardSection
          id="trend"
          title="۳۰ روز اخیر"
          action={
            link('admin.chart1') && <SectionLink href={link('admin.chart1')!}>نمودار درآمد</SectionLink>
          }
        >
          <Deferred data="sparklines" fallback={<p className="text-sm text-gray-500">در حال بارگذاری…</p>}>
            {() => <Sparklines points={sparklines ?? []} />}
          </Deferred>
        </DashboardSection>
        <DashboardSection id="alerts" title="هشدارها">
          {alerts.payments_review > 0 && (
            <p
              role="status"
              className="mb-4 flex items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            >
              <CreditCard aria-hidden="true" className="size-5 shrink-0" />
              <span className="flex-1">
                {formatNumber(alerts.payments_review)} پرداخت با مبلغ ناهمخوان منتظر بررسی است (به کیف پول
                نرفته).
              </span>
            </p>
          )}
          {alerts.hosts_unavailable > 0 && (
            <p
              role="status"
              className="mb-4 flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
            >
              <ServerCrash aria-hidden="true" className="size-5 shrink-0" />
              <span className="flex-1">
                {formatNumber(alerts.hosts_unavailable)} میزبان خاموش یا در حال تعمیر است.
              </span>
              {hosts && <SectionLink href={hosts}>میزبان‌ها</SectionLink>}
            </p>
          )}
          {alerts.low_stock.length > 0 && (
            <div
              role="status"
              className="mb-4 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            >
              <PackageX aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <div className="min-w-0 flex-1">
                <p>موجودی تمام شده: این پلن‌ها در این دیتاسنترها میزبان آزاد ندارند و سفارش تازه نمی‌گیرند.</p>
                <ul className="mt-1 list-inside list-disc">
                  {alerts.low_stock.map((place) => (
                    <li key={`${place.slug}:${place.code}`}>
                      «{place.plan}» در {place.location} ({formatNumber(place.hosts)} میزبان)
                    </li>
                  ))}
                </ul>
              </div>
              {hosts && <SectionLink href={hosts}>میزبان‌ها</SectionLink>}
            </div>
          )}
          <AttentionList
            machines={alerts.machines}
            hrefFor={(machine) =>
              route.has('admin.instances.view')
                ? route('admin.instances.view', { instance: machine.id })
                : null
            }
          />
        </DashboardSection>
      </WithAside>
    </Screen>
  );
}
