import { useForm } from '@renderfarm/react';
import type { PowerAction } from '@server/modules/instances/contracts';
import { CircleAlert, Play, Power, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useRoute } from '../../lib/route';
import { Button, type ButtonVariant } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';

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
 * The power buttons a machine's state allows (start, stop, restart), on «سرورهای من» and on the
 * machine's own page. Stop and restart ask first; a refusal is shown right under the buttons.
 */
export function PowerControls({
  machine,
}: {
  machine: { uuid: string; name: string; status: string; power: string; actions: PowerAction[] };
}) {
  const route = useRoute();
  const form = useForm<{ action: PowerAction | '' }>({ action: '' });
  const [confirming, setConfirming] = useState<Exclude<PowerAction, 'start'> | null>(null);
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
    <>
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
    </>
  );
}
