import type { CareHomeProps } from '@server/modules/dashboard/contracts';
import { AlarmClock, Hourglass, IdCard, Inbox, UserRoundCheck } from 'lucide-react';
import { usePage } from '../../app/protocol';
import { DashboardSection } from '../../components/dashboard/DashboardSection';
import { SectionLink } from '../../components/dashboard/SectionLink';
import { StatCard } from '../../components/dashboard/StatCard';
import { AttentionList } from '../../components/instances/AttentionList';
import { Screen } from '../../components/ui/Screen';
import { WithAside } from '../../components/ui/WithAside';
import { formatNumber } from '../../lib/digits';
import { useRoute } from '../../lib/route';
import { QueueTable } from './parts/QueueTable';
import { StaffOnline } from './parts/StaffOnline';

/** `care.home` «میز پشتیبانی»: what is waiting on the desk, machines in trouble, who is on shift. */
export default function CareHome({ queues, kyc_waiting, machines, staff_online }: CareHomeProps) {
  const route = useRoute();
  const self = usePage().props.auth?.user?.id ?? null;
  const link = (name: string) => (route.has(name) ? route(name) : null);
  const tickets = link('care.tickets.list');
  const customerMachines = link('care.instances.list');
  const { total } = queues;

  return (
    <Screen title="میز پشتیبانی" description="صف تیکت‌ها، احراز هویت‌های در انتظار و سرورهای مشکل‌دار.">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <StatCard label="در انتظار پاسخ" value={formatNumber(total.waiting)} icon={Inbox} href={tickets} />
        <StatCard label="بی‌مسئول" value={formatNumber(total.unassigned)} icon={Hourglass} />
        <StatCard label="سپرده به من" value={formatNumber(total.mine)} icon={UserRoundCheck} />
        <StatCard
          label="دیرکرد"
          value={formatNumber(total.late)}
          icon={AlarmClock}
          tone={total.late > 0 ? 'danger' : 'default'}
          hint={total.late > 0 ? 'بیش از ۲۴ ساعت بی‌پاسخ' : undefined}
        />
        <StatCard
          label="احراز هویت در انتظار"
          value={formatNumber(kyc_waiting)}
          icon={IdCard}
          href={link('care.verify.list')}
          tone={kyc_waiting > 0 ? 'warn' : 'default'}
          hint={kyc_waiting > 0 ? 'منتظر بررسی مدارک' : undefined}
          className="col-span-2 lg:col-span-1"
        />
      </div>
      <WithAside
        asideAs="div"
        className="mt-6"
        aside={
          <DashboardSection id="staff" title="همکاران آنلاین">
            <StaffOnline staff={staff_online} selfId={self} />
          </DashboardSection>
        }
      >
        <DashboardSection
          id="queues"
          title="صف تیکت‌ها به تفکیک بخش"
          action={tickets && <SectionLink href={tickets}>صف تیکت‌ها</SectionLink>}
        >
          <QueueTable rows={queues.by_department} />
        </DashboardSection>
        <DashboardSection
          id="attention"
          title="سرورهای نیازمند بررسی"
          action={customerMachines && <SectionLink href={customerMachines}>سرورهای مشتریان</SectionLink>}
        >
          <AttentionList
            machines={machines}
            hrefFor={(machine) =>
              route.has('care.instances.view') ? route('care.instances.view', { instance: machine.id }) : null
            }
          />
        </DashboardSection>
      </WithAside>
    </Screen>
  );
}
