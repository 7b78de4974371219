import { router, useForm } from '@renderfarm/react';
import type { StaffMachineView as Props } from '@server/modules/instances/contracts';
import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, usePage } from '../../app/protocol';
import { formatNumber, toPersianDigits } from '../../lib/digits';
import { formatToman } from '../../lib/money';
import { useLiveReload } from '../../lib/realtime/use-live-reload';
import { useRoute } from '../../lib/route';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FormAlert } from '../ui/FormAlert';
import { JalaliTime } from '../ui/JalaliTime';
import { Ltr } from '../ui/Ltr';
import { Price } from '../ui/Price';
import { Screen } from '../ui/Screen';
import { MachineStatusBadge, StatusBadge } from '../ui/StatusBadge';
import { TechnicalDetail } from '../ui/TechnicalDetail';
import { WithAside } from '../ui/WithAside';
import { MachineFacts } from './MachineFacts';
import { MoveMachineDialog } from './MoveMachineDialog';
import { ReasonField } from './ReasonField';

const ACTIONS: Record<string, string> = {
  start: 'روشن کردن',
  stop: 'خاموش کردن',
  restart: 'راه‌اندازی دوباره',
  kill: 'خاموش کردن فوری',
};

/**
 * One customer's machine for staff (Care/Instances/View, Admin/Instances/View): the machine, its
 * owner, its history with who did what and why, power buttons that ask for a reason, and for admins
 * the host, port, driver, jobs and the staff-only actions. No password, ever.
 */
export function StaffMachineView({
  machine,
  owner,
  timeline,
  admin,
  area,
}: Props & { area: 'care' | 'admin' }) {
  const route = useRoute();
  const { props } = usePage();
  const errors = (props.errors ?? {}) as Record<string, string>;
  const [asking, setAsking] = useState<string | null>(null);
  // The machine's own channel (staff may listen): its state and history follow the jobs live.
  useLiveReload(['InstanceUpdated'], ['machine', 'timeline', 'admin'], `instances.${machine.uuid}`);
  const actions = [
    ...machine.actions,
    ...(area === 'admin' && machine.status === 'ready' && machine.power !== 'stopped' ? ['kill'] : []),
  ];

  return (
    <Screen
      title={machine.name}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <MachineStatusBadge status={machine.status} power={machine.power} />
          <Ltr className="text-xs text-gray-500">{machine.uuid}</Ltr>
        </span>
      }
    >
      <FormAlert className="mb-4">{errors.action ?? errors.reason}</FormAlert>
      <WithAside
        aside={
          <Card className="grid gap-2 p-4 text-sm sm:p-5">
            <h2 className="font-bold text-gray-900">مشتری</h2>
            {owner ? (
              <>
                <p className="font-medium text-gray-900">{owner.name}</p>
                {owner.email && <Ltr className="text-gray-700">{owner.email}</Ltr>}
                {owner.mobile && <Ltr className="text-gray-700">{toPersianDigits(owner.mobile)}</Ltr>}
                <p>موجودی: {formatToman(owner.balance)}</p>
                <p className="flex items-center gap-2">
                  احراز هویت: <StatusBadge kind="kyc" state={owner.kyc_status} />
                </p>
              </>
            ) : (
              <p className="text-gray-600">حساب مشتری پیدا نشد.</p>
            )}
          </Card>
        }
      >
        <Card className="p-4 sm:p-5">
          <h2 className="font-bold text-gray-900">سرور</h2>
          <MachineFacts
            plan={machine.plan}
            location={machine.location}
            image={machine.image}
            uptime={null}
            className="text-sm"
          />
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-gray-600">هزینهٔ ساعتی</dt>
              <dd>
                <Price rial={machine.price_per_hour} />
              </dd>
            </div>
            <div>
              <dt className="text-gray-600">نشانی اتصال</dt>
              <dd>
                <Ltr>{machine.address ?? '—'}</Ltr>
              </dd>
            </div>
            <div>
              <dt className="text-gray-600">سفارش</dt>
              <dd>
                <JalaliTime value={machine.created_at} />
              </dd>
            </div>
            <div>
              <dt className="text-gray-600">خاموشی خودکار</dt>
              <dd>
                {machine.idle_stop_minutes
                  ? `پس از ${formatNumber(machine.idle_stop_minutes)} دقیقه بیکاری`
                  : 'ندارد'}
              </dd>
            </div>
          </dl>
          {machine.suspend_reason && (
            <p className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
              دلیل تعلیق: {machine.suspend_reason}
            </p>
          )}
          {machine.failure_reason && (
            <div className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm leading-7 text-red-800">
              <p className="flex items-start gap-2">
                <TriangleAlert aria-hidden="true" className="mt-1 size-4 shrink-0" />
                <span>{machine.failure_reason}</span>
              </p>
              {admin?.failure_detail && (
                <TechnicalDetail className="mt-1">{admin.failure_detail}</TechnicalDetail>
              )}
            </div>
          )}
          {actions.length > 0 && (
            <div className="mt-4 flex flex-wrap gap-2">
              {actions.map((action) => (
                <Button
                  key={action}
                  size="sm"
                  variant={action === 'start' ? 'primary' : 'secondary'}
                  onClick={() => setAsking(action)}
                >
                  {ACTIONS[action]}
                </Button>
              ))}
            </div>
          )}
          {area === 'admin' && <AdminActions machine={machine} moveTargets={admin?.move_targets ?? []} />}
        </Card>

        {admin && (
          <Card className="p-4 sm:p-5">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-bold text-gray-900">میزبان و کارها</h2>
              <Link
                href={route('admin.instances.item', { instance: machine.id })}
                className="text-sm font-medium text-brand-700 underline"
              >
                ریز مصرف
              </Link>
            </div>
            <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-gray-600">میزبان</dt>
                <dd>
                  {admin.host ? (
                    <>
                      <Ltr>{admin.host.name}</Ltr> (
                      {admin.host.driver === 'simulated' ? 'شبیه‌سازی‌شده' : 'پراکسماکس'})
                    </>
                  ) : (
                    '—'
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-gray-600">پورت</dt>
                <dd className="flex flex-wrap items-center gap-2">
                  {admin.port ? (
                    <>
                      <Ltr>
                        {admin.port.public_ip}:{admin.port.public_port}
                      </Ltr>
                      <StatusBadge kind="port" state={admin.port.status} />
                    </>
                  ) : (
                    '—'
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-gray-600">شناسه در درایور</dt>
                <dd>
                  <Ltr>{admin.driver_ref ?? '—'}</Ltr>
                </dd>
              </div>
            </dl>
            <h3 className="mt-4 text-sm font-bold text-gray-900">کارهای پس‌زمینه</h3>
            <ul className="mt-2 grid gap-2 text-sm">
              {admin.jobs.length === 0 && <li className="text-gray-600">کاری ثبت نشده است.</li>}
              {admin.jobs.map((job) => (
                <li key={job.id} className="rounded-lg bg-gray-50 p-2">
                  <span dir="ltr" className="font-medium">
                    {job.name}
                  </span>{' '}
                  —{' '}
                  {job.state === 'completed'
                    ? 'انجام شد'
                    : job.state === 'failed'
                      ? 'ناموفق'
                      : job.state === 'running'
                        ? 'در حال اجرا'
                        : 'در صف'}{' '}
                  · {formatNumber(job.attempts)} از {formatNumber(job.max_attempts)} تلاش ·{' '}
                  <JalaliTime value={job.created_at} relative />
                  {job.last_error && <TechnicalDetail className="mt-1">{job.last_error}</TechnicalDetail>}
                </li>
              ))}
            </ul>
          </Card>
        )}

        <Card className="p-4 sm:p-5">
          <h2 className="font-bold text-gray-900">تاریخچه</h2>
          <ol className="mt-3 grid gap-2 text-sm">
            {timeline.length === 0 && <li className="text-gray-600">رویدادی ثبت نشده است.</li>}
            {timeline.map((entry) => (
              <li key={entry.id} className="border-b border-gray-100 pb-2 last:border-0">
                <div className="flex flex-wrap justify-between gap-x-3">
                  <span className="text-gray-900">
                    {entry.label}
                    {entry.actor && <span className="text-gray-600"> — {entry.actor}</span>}
                  </span>
                  <JalaliTime value={entry.at} style="datetime" className="text-xs text-gray-500" />
                </div>
                {entry.reason && <p className="mt-1 text-xs text-gray-700">دلیل: {entry.reason}</p>}
              </li>
            ))}
          </ol>
        </Card>
      </WithAside>
      {asking && (
        <PowerWithReason
          area={area}
          id={machine.id}
          action={asking}
          name={machine.name}
          onClose={() => setAsking(null)}
        />
      )}
    </Screen>
  );
}

/** The power dialog: staff say why, and the reason stays in the machine's history. */
function PowerWithReason({
  area,
  id,
  action,
  name,
  onClose,
}: {
  area: 'care' | 'admin';
  id: number;
  action: string;
  name: string;
  onClose: () => void;
}) {
  const route = useRoute();
  const form = useForm({ action, reason: '' });
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    void form.post(route(`${area}.instances.power`, { instance: id }), {
      preserveScroll: true,
      onSuccess: onClose,
    });
  };
  return (
    <ConfirmDialog
      open
      danger={action !== 'start'}
      title={`${ACTIONS[action]} «${name}»`}
      confirmLabel={`بله، ${ACTIONS[action]}`}
      busy={form.processing}
      error={form.errors.action}
      onConfirm={() => submit()}
      onCancel={onClose}
    >
      <ReasonField
        value={form.data.reason}
        onChange={(value) => form.setData('reason', value)}
        error={form.errors.reason}
      />
    </ConfirmDialog>
  );
}

/** Admin-only: suspend or lift, move, retry a failed provisioning, delete; each with a reason. */
function AdminActions({
  machine,
  moveTargets,
}: {
  machine: Props['machine'];
  moveTargets: NonNullable<Props['admin']>['move_targets'];
}) {
  const route = useRoute();
  const [open, setOpen] = useState<'suspend' | 'unsuspend' | 'destroy' | null>(null);
  const [moving, setMoving] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const done = { preserveScroll: true, onFinish: () => setBusy(false), onSuccess: () => setOpen(null) };
  const run = () => {
    setBusy(true);
    if (open === 'destroy')
      router.delete(route('admin.instances.destroy', { instance: machine.id }), {
        ...done,
        data: { reason },
      });
    else
      router.patch(
        route('admin.instances.suspend', { instance: machine.id }),
        { suspended: open === 'suspend', reason },
        done,
      );
  };
  const retry = () => {
    setBusy(true);
    router.post(route('admin.instances.retry', { instance: machine.id }), {}, done);
  };
  const titles = { suspend: 'تعلیق سرور', unsuspend: 'برداشتن تعلیق', destroy: 'حذف سرور' } as const;
  return (
    <div className="mt-3 flex flex-wrap gap-2 border-t border-gray-100 pt-3">
      {machine.status === 'ready' && (
        <Button size="sm" variant="ghost" onClick={() => setOpen('suspend')}>
          تعلیق
        </Button>
      )}
      {machine.status === 'ready' && (
        <Button
          size="sm"
          variant="ghost"
          disabled={machine.power !== 'stopped' || moveTargets.length === 0}
          title={
            machine.power !== 'stopped'
              ? 'نخست سرور را خاموش کنید.'
              : moveTargets.length === 0
                ? 'میزبان دیگری از این پلن جای خالی ندارد.'
                : undefined
          }
          onClick={() => setMoving(true)}
        >
          جابه‌جایی به میزبان دیگر
        </Button>
      )}
      {moving && (
        <MoveMachineDialog machine={machine} targets={moveTargets} onClose={() => setMoving(false)} />
      )}
      {machine.status === 'suspended' && (
        <Button size="sm" variant="ghost" onClick={() => setOpen('unsuspend')}>
          برداشتن تعلیق
        </Button>
      )}
      {machine.status === 'provision_failed' && (
        <Button size="sm" variant="secondary" disabled={busy} onClick={retry}>
          آماده‌سازی دوباره
        </Button>
      )}
      {['ready', 'suspended', 'provision_failed', 'deletion_failed'].includes(machine.status) && (
        <Button size="sm" variant="ghost" onClick={() => setOpen('destroy')}>
          حذف
        </Button>
      )}
      {open && (
        <ConfirmDialog
          open
          danger
          title={`${titles[open]} «${machine.name}»`}
          confirmLabel={`بله، ${titles[open]}`}
          busy={busy}
          onConfirm={run}
          onCancel={() => setOpen(null)}
        >
          <ReasonField value={reason} onChange={setReason} />
        </ConfirmDialog>
      )}
    </div>
  );
}
