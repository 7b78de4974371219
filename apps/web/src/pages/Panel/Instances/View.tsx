import { useForm } from '@renderfarm/react';
import type { InstanceViewProps, MachineActivity } from '@server/modules/instances/contracts';
import { Download, KeyRound, Settings, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { usePage } from '../../../app/protocol';
import { ChargedMinutes } from '../../../components/billing/ChargedMinutes';
import { MachineFacts } from '../../../components/instances/MachineFacts';
import { PowerControls } from '../../../components/instances/PowerControls';
import { Button, ButtonLink, buttonClasses } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { CopyButton } from '../../../components/ui/CopyButton';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Ltr } from '../../../components/ui/Ltr';
import { Price } from '../../../components/ui/Price';
import { Screen } from '../../../components/ui/Screen';
import { MachineStatusBadge } from '../../../components/ui/StatusBadge';
import { SummaryCard } from '../../../components/ui/SummaryCard';
import { SummaryRow } from '../../../components/ui/SummaryRow';
import { WithAside } from '../../../components/ui/WithAside';
import { useNow } from '../../../hooks/use-now';
import { formatNumber } from '../../../lib/digits';
import { elapsedSince } from '../../../lib/duration';
import { formatToman } from '../../../lib/money';
import { useLiveReload } from '../../../lib/realtime/use-live-reload';
import { useRoute } from '../../../lib/route';

// Not `flash`: the password is in this page's flash once, and a live reload must not take it away.
// A charged minute changes the balance: the session's cost, read from the ledger, follows it.
const LIVE_PROPS = ['instance', 'session', 'balance', 'activity', 'auth'];

/** What each entry of a machine's history says, in the words of its owner. */
const EVENTS: Record<string, string> = {
  'instance:created': 'سفارش ثبت شد',
  'instance:provision.started': 'آماده‌سازی آغاز شد',
  'instance:provisioned': 'سرور آماده شد',
  'instance:provision.failed': 'آماده‌سازی ناموفق ماند',
  'instance:power.start': 'درخواست روشن کردن',
  'instance:power.stop': 'درخواست خاموش کردن',
  'instance:power.restart': 'درخواست راه‌اندازی دوباره',
  'instance:power.started': 'روشن شد',
  'instance:power.stopped': 'خاموش شد',
  'instance:power.restarted': 'دوباره راه‌اندازی شد',
  'instance:power.failed': 'تغییر وضعیت روشن/خاموش ناموفق ماند',
  'instance:password.revealed': 'گذرواژه نمایش داده شد',
  'instance:password.reset': 'گذرواژهٔ تازه ساخته شد',
  'instance:settings.updated': 'تنظیمات تغییر کرد',
  'instance:delete.requested': 'درخواست حذف',
  'instance:idle.stopped': 'به‌خاطر بیکاری خاموش شد',
  'instance:schedule.started': 'طبق برنامهٔ هفتگی روشن شد',
  'instance:schedule.stopped': 'طبق برنامهٔ هفتگی خاموش شد',
};

/**
 * `panel.instances.view` «جزئیات سرور»: the machine's state (live), how to connect (address,
 * user, the password once, the `.rdp` file), what the running session has cost so far and how
 * long the balance lasts, the power buttons and the machine's history.
 */
export default function InstanceView({ instance, balance, session, activity }: InstanceViewProps) {
  const route = useRoute();
  const { props } = usePage();
  const secret = (props.flash as { secret?: string | null } | undefined)?.secret ?? null;
  const now = useNow(15_000);
  const refreshing = useLiveReload(['InstanceUpdated', 'BalanceChanged'], LIVE_PROPS);
  const running = instance.status === 'ready' && instance.power === 'running';
  const uptime = running ? elapsedSince(instance.running_since, now) : null;
  const vatRate = (props.settings as { vat_rate?: number } | undefined)?.vat_rate ?? 0;
  const hourlyWithVat = Math.round((instance.price_per_hour * (100 + vatRate)) / 100);
  const hoursLeft = hourlyWithVat > 0 ? Math.floor(balance / hourlyWithVat) : null;
  const address = instance.host && instance.port ? `${instance.host}:${instance.port}` : null;

  return (
    <Screen
      title={instance.name}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <MachineStatusBadge status={instance.status} power={instance.power} />
          <span aria-live="polite" className="text-xs text-gray-500">
            {refreshing ? 'در حال به‌روزرسانی…' : ''}
          </span>
        </span>
      }
      actions={
        route.has('panel.instances.edit') && (
          <ButtonLink href={route('panel.instances.edit', { instance: instance.uuid })} variant="secondary">
            <Settings aria-hidden="true" className="size-4" />
            تنظیمات
          </ButtonLink>
        )
      }
    >
      <WithAside
        aside={
          <SummaryCard
            title="هزینه"
            after={
              route.has('panel.payments.make') && (
                <ButtonLink href={route('panel.payments.make')} variant="secondary">
                  شارژ کیف پول
                </ButtonLink>
              )
            }
          >
            <SummaryRow label="هزینهٔ هر ساعت" emphasis="none">
              <Price rial={instance.price_per_hour} />
            </SummaryRow>
            <div className="flex justify-between gap-3">
              <dt className="text-gray-600">
                {session === null || session.open ? 'هزینهٔ این نوبت روشن بودن' : 'هزینهٔ آخرین نوبت روشن بودن'}
              </dt>
              <dd className="font-bold text-gray-900 tabular-nums" aria-live="off">
                {session === null ? 'هنوز روشن نشده است' : formatToman(session.amount)}
              </dd>
            </div>
            {session !== null && session.minutes > 0 && (
              // Also once the machine is off: how long the last session ran and when, from what
              // billing kept (the charged minutes and the clock time they cover).
              <div className="grid gap-1">
                <dt className="text-gray-600">{session.open ? 'مدت این نوبت تا کنون' : 'مدت آخرین نوبت'}</dt>
                <dd className="text-gray-900">
                  <ChargedMinutes
                    minutes={session.minutes}
                    from={session.from}
                    to={session.to}
                    style="datetime"
                  />
                </dd>
              </div>
            )}
            <SummaryRow label="موجودی کیف پول">{formatToman(balance)}</SummaryRow>
            {hoursLeft !== null && (
              <div className="flex justify-between gap-3">
                <dt className="text-gray-600">موجودی کافی است (با مالیات) برای</dt>
                <dd className={`font-bold ${hoursLeft < 2 ? 'text-red-700' : 'text-gray-900'}`}>
                  {formatNumber(hoursLeft)} ساعت کار
                </dd>
              </div>
            )}
          </SummaryCard>
        }
      >
        <Card className="p-4 sm:p-5">
          <h2 className="font-bold text-gray-900">وضعیت و کنترل</h2>
          <MachineFacts
            plan={instance.plan.title}
            location={instance.location.name}
            image={instance.image.name}
            uptime={uptime}
            className="text-sm"
          />
          {instance.status === 'pending' || instance.status === 'provisioning' ? (
            <p className="mt-3 text-sm leading-7 text-gray-700">
              سرور در حال آماده‌سازی است؛ معمولاً چند دقیقه طول می‌کشد. همین صفحه خودش به‌روز می‌شود و پس از آماده
              شدن، سرور روشن می‌شود.
            </p>
          ) : null}
          {instance.suspend_reason && (
            <p className="mt-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm leading-7 text-amber-900">
              این سرور معلق شده است: {instance.suspend_reason}
            </p>
          )}
          {instance.failure_reason && (
            <p className="mt-3 flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm leading-7 text-red-800">
              <TriangleAlert aria-hidden="true" className="mt-1 size-4 shrink-0" />
              {instance.failure_reason}
            </p>
          )}
          <PowerControls machine={instance} />
        </Card>

        <Card className="p-4 sm:p-5">
          <h2 className="font-bold text-gray-900">اتصال با ریموت دسکتاپ</h2>
          {address ? (
            <ConnectionBox
              uuid={instance.uuid}
              address={address}
              username={instance.username}
              secret={secret}
              passwordWaiting={instance.password_waiting}
              running={running}
            />
          ) : (
            <p className="mt-2 text-sm leading-7 text-gray-600">
              نشانی و اطلاعات اتصال پس از آماده شدن سرور همین‌جا نمایش داده می‌شود.
            </p>
          )}
        </Card>

        <Card className="p-4 sm:p-5">
          <h2 className="font-bold text-gray-900">رویدادهای اخیر</h2>
          <History entries={activity} />
        </Card>
      </WithAside>
    </Screen>
  );
}

/** Address and user to copy, the password once (or a new one), and the `.rdp` file. */
function ConnectionBox({
  uuid,
  address,
  username,
  secret,
  passwordWaiting,
  running,
}: {
  uuid: string;
  address: string;
  username: string;
  secret: string | null;
  passwordWaiting: boolean;
  running: boolean;
}) {
  const route = useRoute();
  const form = useForm({});
  const [asking, setAsking] = useState(false);
  const takePassword = () => {
    void form.post(route('panel.instances.password', { instance: uuid }), {
      preserveScroll: true,
      onFinish: () => setAsking(false),
    });
  };

  return (
    <div className="mt-3 grid gap-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-gray-50 px-3 py-2">
        <span className="text-gray-600">نشانی:</span>
        <Ltr className="font-medium text-gray-900 select-all">{address}</Ltr>
        <CopyButton value={address} label="کپی نشانی" />
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-gray-50 px-3 py-2">
        <span className="text-gray-600">نام کاربری:</span>
        <Ltr className="font-medium text-gray-900 select-all">{username}</Ltr>
        <CopyButton value={username} label="کپی نام کاربری" />
      </div>
      {secret ? (
        <div className="grid gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-3">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <span className="text-amber-900">گذرواژه:</span>
            <Ltr className="font-mono text-base font-bold text-gray-900 select-all">{secret}</Ltr>
            <CopyButton value={secret} label="کپی گذرواژه" />
          </div>
          <p className="text-xs leading-6 text-amber-900">
            همین حالا یادداشتش کنید: این گذرواژه فقط همین یک بار نمایش داده می‌شود و با بارگذاری دوبارهٔ صفحه از
            بین می‌رود.
          </p>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          {passwordWaiting ? (
            <Button variant="primary" size="sm" disabled={form.processing} onClick={takePassword}>
              <KeyRound aria-hidden="true" className="size-4" />
              نمایش گذرواژه (فقط یک بار)
            </Button>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              disabled={form.processing || !running}
              onClick={() => setAsking(true)}
            >
              <KeyRound aria-hidden="true" className="size-4" />
              ساخت گذرواژهٔ تازه
            </Button>
          )}
          {!passwordWaiting && !running && (
            <span className="text-xs text-gray-500">برای گذرواژهٔ تازه، سرور باید روشن باشد.</span>
          )}
        </div>
      )}
      {form.errors.action && <p className="text-sm leading-7 text-red-700">{form.errors.action}</p>}
      <a
        href={route('panel.instances.rdp', { instance: uuid })}
        download
        className={`${buttonClasses('secondary', 'md')} justify-self-start`}
      >
        <Download aria-hidden="true" className="size-4" />
        دریافت فایل اتصال ریموت دسکتاپ
      </a>
      {asking && (
        <ConfirmDialog
          open
          title="ساخت گذرواژهٔ تازه؟"
          confirmLabel="بله، گذرواژهٔ تازه بساز"
          busy={form.processing}
          onConfirm={takePassword}
          onCancel={() => setAsking(false)}
        >
          گذرواژهٔ فعلی سرور دیگر کار نمی‌کند و اتصال‌های باز ممکن است قطع شوند. گذرواژهٔ تازه فقط یک بار نمایش
          داده می‌شود.
        </ConfirmDialog>
      )}
    </div>
  );
}

function History({ entries }: { entries: MachineActivity[] }) {
  if (entries.length === 0) return <p className="mt-2 text-sm text-gray-600">هنوز رویدادی ثبت نشده است.</p>;
  return (
    <ol className="mt-3 grid gap-2 text-sm">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className="flex flex-wrap justify-between gap-x-3 gap-y-1 border-b border-gray-100 pb-2 last:border-0"
        >
          <span className="text-gray-900">
            {EVENTS[entry.event] ?? entry.event}
            {entry.by_staff && <span className="ms-2 text-xs text-gray-500">(پشتیبانی)</span>}
          </span>
          <JalaliTime value={entry.at} relative className="text-xs text-gray-500" />
        </li>
      ))}
    </ol>
  );
}
