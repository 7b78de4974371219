import { useForm } from '@renderfarm/react';
import { useState } from 'react';
import { formatNumber } from '../../lib/digits';
import { useRoute } from '../../lib/route';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ReasonField } from './ReasonField';

/**
 * Admin/Instances/List: the machines ticked on this page, stopped together with one reason
 * (`admin.instances.bulk-stop`). Those already off are counted by the server, not failed.
 */
export function BulkStopBar({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const route = useRoute();
  const [asking, setAsking] = useState(false);
  const form = useForm({ reason: '' });
  if (ids.length === 0) return null;
  const submit = () => {
    form.transform((data) => ({ ...data, ids }));
    void form.post(route('admin.instances.bulk-stop'), {
      preserveScroll: true,
      onSuccess: () => {
        setAsking(false);
        form.reset();
        onDone();
      },
    });
  };
  return (
    <div className="mb-3 flex flex-wrap items-center gap-3 rounded-xl bg-brand-50 px-3 py-2 text-sm">
      <span className="font-medium text-gray-900">{formatNumber(ids.length)} سرور انتخاب شده</span>
      <Button size="sm" variant="danger" onClick={() => setAsking(true)}>
        خاموش کردن انتخاب‌شده‌ها
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone}>
        لغو انتخاب
      </Button>
      {asking && (
        <ConfirmDialog
          open
          danger
          title={`خاموش کردن ${formatNumber(ids.length)} سرور`}
          confirmLabel="بله، همه خاموش شوند"
          busy={form.processing}
          error={(form.errors as Record<string, string | undefined>).ids}
          onConfirm={submit}
          onCancel={() => setAsking(false)}
        >
          <ReasonField
            many
            value={form.data.reason}
            onChange={(value) => form.setData('reason', value)}
            error={form.errors.reason}
          />
        </ConfirmDialog>
      )}
    </div>
  );
}
