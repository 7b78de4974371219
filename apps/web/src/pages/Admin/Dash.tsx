import { CalendarDays, IdCard, LifeBuoy, Server, ServerCrash, UsersRound, Wallet } from 'lucide-react';
import { Head } from '../../app/protocol';
import { PageHeader } from '../../components/account/PageHeader';
import { DashboardSection } from '../../components/dashboard/DashboardSection';
import { SectionLink } from '../../components/dashboard/SectionLink';
import { StatCard } from '../../components/dashboard/StatCard';
import { AttentionList } from '../../components/instances/AttentionList';
import { formatNumber } from '../../lib/digits';
import { formatJalali } from '../../lib/jalali-date';
import { formatToman } from '../../lib/money';
import { useRoute } from '../../lib/route';
import { CapacityList } from './parts/CapacityList';
import type { AdminDashProps } from './parts/dash-types';
import { Signups } from './parts/Signups';

/** `admin.dash` «داشبورد مدیریت»: money, load, what is broken and what is waiting, at a glance. */
export default function AdminDash({ kpis, capacity, alerts, queues, signups }: AdminDashProps) {
  const route = useRoute();
  const link = (name: string) => (route.has(name) ? route(name) : null);
  // The server counts the month from the first day of the Jalali month in Tehran, as here.
  const now = new Date();
  const month = `${formatJalali(now, 'month')} ${formatJalali(now, 'year')}`;
  const places = capacity.reduce((sum, location) => sum + location.capacity, 0);

  return (
    <>
      <Head title="داشبورد مدیریت" />
      <PageHeader title="داشبورد مدیریت" description={`درآمد، ظرفیت و کارهای در انتظار؛ ${month}.`} />
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="درآمد امروز"
          value={formatToman(kpis.revenue_today)}
          icon={Wallet}
          hint="افزایش اعتبار از بامداد امروز"
        />
        <StatCard
          label="درآمد این ماه"
          value={formatToman(kpis.revenue_month)}
          icon={CalendarDays}
          hint={`${formatNumber(kpis.topups_month)} افزایش اعتبار در ${month}`}
        />
        <StatCard
          label="مشتریان فعال"
          value={formatNumber(kpis.active_customers)}
          icon={UsersRound}
          href={link('admin.users.list')}
          hint="واردشده در این ماه"
        />
        <StatCard
          label="سرورهای روشن"
          value={formatNumber(kpis.running_machines)}
          icon={Server}
          href={link('admin.instances.list')}
          hint={places > 0 ? `از ${formatNumber(places)} جایگاه` : undefined}
        />
      </div>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          <DashboardSection
            id="capacity"
            title="ظرفیت دیتاسنترها"
            action={
              link('admin.locations.list') && (
                <SectionLink href={link('admin.locations.list')!}>دیتاسنترها</SectionLink>
              )
            }
          >
            <CapacityList locations={capacity} />
          </DashboardSection>
          <DashboardSection id="alerts" title="هشدارها">
            {alerts.hosts_unavailable > 0 && (
              <p
                role="status"
                className="mb-4 flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
              >
                <ServerCrash aria-hidden="true" className="size-5 shrink-0" />
                <span className="flex-1">
                  {formatNumber(alerts.hosts_unavailable)} میزبان خاموش یا در حال تعمیر است.
                </span>
                {link('admin.resources.list') && (
                  <SectionLink href={link('admin.resources.list')!}>میزبان‌ها</SectionLink>
                )}
              </p>
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
        </div>
        <div className="grid gap-6">
          <DashboardSection id="queues" title="کارهای در انتظار">
            <div className="grid gap-3">
              <StatCard
                label="تیکت‌های باز"
                value={formatNumber(queues.tickets_open)}
                icon={LifeBuoy}
                href={link('admin.tickets.list')}
              />
              <StatCard
                label="احراز هویت در انتظار"
                value={formatNumber(queues.kyc_waiting)}
                icon={IdCard}
                href={link('admin.verify.list')}
                tone={queues.kyc_waiting > 0 ? 'warn' : 'default'}
                hint={queues.kyc_waiting > 0 ? 'منتظر بررسی مدارک' : 'چیزی در صف نیست'}
              />
            </div>
          </DashboardSection>
          <DashboardSection
            id="signups"
            title="تازه‌ترین ثبت‌نام‌ها"
            action={
              link('admin.users.list') && <SectionLink href={link('admin.users.list')!}>کاربران</SectionLink>
            }
          >
            <Signups signups={signups} />
          </DashboardSection>
        </div>
      </div>
    </>
  );
}
