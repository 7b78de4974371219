import { useForm } from '@renderfarm/react';
import type { StaffMachineView } from '@server/modules/instances/contracts';
import type { FormEvent } from 'react';
import { useRoute } from '../../lib/route';
import { Button } from '../ui/Button';
import { formBinders } from '../ui/bind-field';
import { CancelButton } from '../ui/CancelButton';
import { FormAlert } from '../ui/FormAlert';
import { Modal } from '../ui/Modal';
import { SelectField } from '../ui/SelectField';
import { ReasonField } from './ReasonField';

type Targets = NonNullable<StaffMachineView['admin']>['move_targets'];

/**
 * `admin.instances.move`: a stopped machine to another host of its plan. Drivers cannot migrate
 * a VM, so the dialog says what really happens: the machine is made again there from its image,
 * with a new address and password, and its old disk does not come along.
 */
export function MoveMachineDialog({
  machine,
  targets,
  onClose,
}: {
  machine: { id: number; name: string };
  targets: Targets;
  onClose: () => void;
}) {
  const route = useRoute();
  const form = useForm({ resource_id: String(targets[0]?.id ?? ''), port_id: '', reason: '' });
  const { field } = formBinders(form);
  const host = targets.find((t) => String(t.id) === form.data.resource_id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.patch(route('admin.instances.move', { instance: machine.id }), {
      preserveScroll: true,
      onSuccess: onClose,
    });
  };
  return (
    <Modal
      open
      onClose={onClose}
      tone="danger"
      title={`جابه‌جایی «${machine.name}»`}
      description="سرور روی میزبان تازه از همان تصویر نرم‌افزاری دوباره ساخته می‌شود: نشانی و گذرواژه‌اش عوض می‌شود و فایل‌های دیسک فعلی منتقل نمی‌شوند. مشتری با اعلان و ایمیل باخبر می‌شود."
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormAlert>{form.errors.action}</FormAlert>
        <SelectField
          label="میزبان مقصد"
          name="resource_id"
          value={form.data.resource_id}
          onChange={(value) => form.setData({ ...form.data, resource_id: value, port_id: '' })}
          options={targets.map((t) => ({ value: t.id, label: `${t.name} — ${t.location}` }))}
          error={form.errors.resource_id}
        />
        <SelectField
          label="پورت عمومی"
          {...field('port_id')}
          placeholder="کمترین پورت آزاد میزبان"
          options={(host?.ports ?? []).map((p) => ({ value: p.id, label: p.label }))}
        />
        <ReasonField
          value={form.data.reason}
          onChange={(value) => form.setData('reason', value)}
          error={form.errors.reason}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="danger" disabled={form.processing}>
            بله، جابه‌جا شود
          </Button>
          <CancelButton onClick={onClose} />
        </div>
      </form>
    </Modal>
  );
}
