import { useForm } from '@renderfarm/react';
import type { ApiToken } from '@server/modules/accounts/contracts';
import { type FormEvent, useState } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { CancelButton } from '../../../components/ui/CancelButton';
import { Modal } from '../../../components/ui/Modal';
import { useWhen } from '../../../hooks/use-when';
import { toPersianDigits } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';
import { abilityLabel } from './abilities';
import { PermissionChecks } from './PermissionChecks';

function lastUsed(token: ApiToken, when: (value: string) => string): string {
  if (token.last_used_at) return `آخرین استفاده: ${when(token.last_used_at)}`;
  if (token.last_used_ago) return `آخرین استفاده: ${toPersianDigits(token.last_used_ago)}`;
  return 'هنوز استفاده نشده';
}

/** One token: its name, abilities and last use, with «دسترسی‌ها» and «حذف» behind dialogs. */
export function TokenRow({ token, available }: { token: ApiToken; available: string[] }) {
  const { when } = useWhen();
  const route = useRoute();
  const [dialog, setDialog] = useState<'permissions' | 'delete' | null>(null);
  const update = useForm({ permissions: token.abilities as string[] });
  const remove = useForm({});

  const close = () => {
    setDialog(null);
    update.clearErrors();
  };

  const saveAbilities = async (event: FormEvent) => {
    event.preventDefault();
    await update.put(route('api-tokens.update', { token: token.id }), {
      preserveScroll: true,
      onSuccess: close,
    });
  };

  const destroy = async () => {
    await remove.delete(route('api-tokens.destroy', { token: token.id }), {
      preserveScroll: true,
      onSuccess: close,
    });
  };

  return (
    <li className="flex flex-wrap items-center gap-3 py-4">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-gray-900">{token.name}</p>
        <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-gray-500">
          {token.abilities.map((ability) => (
            <Badge key={ability} tone="brand">
              {abilityLabel(ability)}
            </Badge>
          ))}
          <span className="ms-1">{lastUsed(token, when)}</span>
        </p>
      </div>
      <div className="flex gap-1">
        <Button variant="ghost" size="sm" onClick={() => setDialog('permissions')}>
          دسترسی‌ها<span className="sr-only"> {token.name}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50"
          onClick={() => setDialog('delete')}
        >
          حذف<span className="sr-only"> {token.name}</span>
        </Button>
      </div>

      <Modal open={dialog === 'permissions'} onClose={close} title={`دسترسی‌های «${token.name}»`}>
        <form onSubmit={saveAbilities} noValidate className="space-y-5">
          <PermissionChecks
            available={available}
            value={update.data.permissions}
            onChange={(permissions) => update.setData('permissions', permissions)}
            error={update.errors.permissions}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <CancelButton variant="secondary" onClick={close} />
            <Button type="submit" disabled={update.processing}>
              ذخیره
            </Button>
          </div>
        </form>
      </Modal>

      <Modal
        open={dialog === 'delete'}
        onClose={close}
        tone="danger"
        title={`توکن «${token.name}» حذف شود؟`}
        description="برنامه‌هایی که با این توکن کار می‌کنند دیگر به حسابتان دسترسی نخواهند داشت. این کار برگشت‌پذیر نیست."
        footer={
          <>
            <CancelButton variant="secondary" onClick={close} data-autofocus />
            <Button variant="danger" onClick={destroy} disabled={remove.processing}>
              حذف توکن
            </Button>
          </>
        }
      />
    </li>
  );
}
