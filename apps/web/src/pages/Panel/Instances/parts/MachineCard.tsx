import { useForm } from '@renderfarm/react';
import type { OwnedMachine, PowerAction } from '@server/modules/instances/contracts';
import { CircleAlert, Play, Power, RotateCcw, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MachineFacts } from '../../../../components/instances/MachineFacts';
import { Button, type ButtonVariant } from '../../../../components/ui/Button';
import { Card } from '../../../../components/ui/Card';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { CopyButton } from '../../../../components/ui/CopyButton';
import { Ltr } from '../../../../components/ui/Ltr';
import { Price } from '../../../../components/ui/Price';
import { MachineStatusBadge } from '../../../../components/ui/StatusBadge';
import { elapsedSince } from '../../../../lib/duration';
import { useRoute } from '../../../../lib/route';

const ACTIONS: Record<PowerAction, { label: string; icon: typeof Play; variant: ButtonVariant }> = {
  start: { label: 'روشن کردن', icon: Play, variant: 'primary' },
  stop: { label: 'خاموش کردن', icon: Power, variant: 'secondary' },
  restart: { label: 'راه‌اندازی دوباره', icon: RotateCcw, variant: 'secondary' },
};

/** Stop and restart cut a render short: they ask first and say what is lost (docs/ui.md). */
const CONFIRM: Record<Exclude<PowerAction, 'start'>, { title: (name: string) => string; text: string }> = {
  stop: {
    title: (name) => `خاموش کردن «${name}»؟`,
    text: 'اگر رندری روی این سرور در جریان است، قطع می‌شود و کار ذخیره‌نشده از دست می‌رود. تا وقتی خاموش است، هزینه‌ای از موجودی شما کم نمی‌شود.',
  },
  restart: {
    title: (name) => `راه‌اندازی دوبارهٔ «${name}»؟`,
    text: 'سرور خاموش و دوباره روشن می‌شود. اگر رندری در جریان است، قطع می‌شود و کار ذخیره‌نشده از دست می‌رود.',
  },
};

/**
 * One machine: what it is, where, its state in words, what an hour costs, how to connect, and
 * the power buttons its state allows. A refused request is shown here, beside this machine.
 */
export function MachineCard({ machine, now }: { machine: OwnedMachine; now: number }) {
  const route = useRoute();
  const form = useForm<{ action: PowerAction | '' }>({ action: '' });
  const [confirming, setConfirming] = useState<Exclude<PowerAction, 'start'> | null>(null);
  const uptime = machine.status === 'ready' ? elapsedSince(machine.running_since, now) : null;
  const address = machine.host && machine.port ? `${machine.host}:${machine.port}` : null;
  const mayPower = route.has('panel.instances.power');

  // A refusal is about the state it was made in: once the machine moves on, it no longer applies.
  const { clearErrors } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the state change is the trigger.
  useEffect(() => clearErrors(), [machine.status, machine.power, clearErrors]);

  const send = (action: PowerAction) => {
    form.transform(() => ({ action }));
    void form.post(route('panel.instances.power', { instance: machine.uuid }), {
      preserveScroll: true,
      onFinish: () => setConfirming(null),
    });
  };
  const ask = (action: PowerAction) => (action === 'start' ? send(action) : setConfirming(action));
  const error = form.errors.action ?? form.errors.force ?? form.errors.form;

  return (
    <Card as="li" aria-labelledby={`machine-${machine.uuid}`} className="min-w-0 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-60">
          <h2 id={`machine-${machine.uuid}`} className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 font-bold break-words text-gray-900">{machine.name}</span>
            <MachineStatusBadge status={machine.status} power={machine.power} />
          </h2>
          <MachineFacts
            plan={machine.plan.title}
            location={machine.location.name}
            image={machine.image.name}
            uptime={uptime}
          />
        </div>
        <Price rial={machine.price_per_hour} per="hour" />
      </div>

      {address && (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-gray-50 px-3 py-2 text-sm">
          <span className="text-gray-600">نشانی اتصال:</span>
          {/* Latin digits: in Persian ones the dots of an address read as zeros. */}
          <Ltr className="font-medium text-gray-900 select-all">{address}</Ltr>
          <CopyButton value={address} label="کپی نشانی" />
        </div>
      )}

      {machine.failure_reason && (
        <p className="mt-3 flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm leading-7 text-red-800">
          <TriangleAlert aria-hidden="true" className="mt-1 size-4 shrink-0" />
          {machine.failure_reason}
        </p>
      )}

      {mayPower && machine.actions.length > 0 && (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          {machine.actions.map((action) => {
            const { label, icon: Icon, variant } = ACTIONS[action];
            return (
              <Button
                key={action}
                size="sm"
                variant={variant}
                disabled={form.processing}
                onClick={() => ask(action)}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </Button>
            );
          })}
        </div>
      )}
      <div aria-live="assertive">
        {error && (
          <p className="mt-3 flex items-start gap-2 text-sm leading-7 text-red-700">
            <CircleAlert aria-hidden="true" className="mt-1 size-4 shrink-0" />
            {error}
          </p>
        )}
      </div>

      {confirming && (
        <ConfirmDialog
          open
          danger
          title={CONFIRM[confirming].title(machine.name)}
          confirmLabel={`بله، ${ACTIONS[confirming].label}`}
          busy={form.processing}
          onConfirm={() => send(confirming)}
          onCancel={() => setConfirming(null)}
        >
          {CONFIRM[confirming].text}
        </ConfirmDialog>
      )}
    </Card>
  );
}
