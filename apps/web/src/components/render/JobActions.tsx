import { useForm } from '@renderfarm/react';
import type { RenderJobActionName } from '@server/modules/render/contracts';
import { Ban, Pause, Play, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { TextAreaField } from '../ui/TextAreaField';

const LABELS: Record<RenderJobActionName, string> = {
  pause: 'توقف',
  resume: 'ادامه',
  cancel: 'لغو رندر',
  requeue: 'رندر دوبارهٔ بخش‌های ناموفق',
};
const ICONS = { pause: Pause, resume: Play, cancel: Ban, requeue: RotateCcw };

/**
 * The job's buttons, as the server allows them now (`job.actions`). Cancel asks first; staff
 * (`reason`) write why, which stays in the audit.
 */
export function JobActions({
  actions,
  href,
  only,
  reason = false,
}: {
  actions: RenderJobActionName[];
  href: (action: RenderJobActionName) => string;
  /** The actions this area offers (staff: cancel and requeue). */
  only?: RenderJobActionName[];
  reason?: boolean;
}) {
  const form = useForm({ reason: '' });
  const [asking, setAsking] = useState<RenderJobActionName | null>(null);
  const shown = actions.filter((a) => !only || only.includes(a));
  if (shown.length === 0) return null;
  const send = (action: RenderJobActionName) =>
    form.post(href(action), { preserveScroll: true, onSuccess: () => setAsking(null) });
  return (
    <div className="flex flex-wrap gap-2">
      {shown.map((action) => {
        const Icon = ICONS[action];
        const ask = reason || action === 'cancel';
        return (
          <Button
            key={action}
            size="sm"
            variant={action === 'cancel' ? 'danger' : 'secondary'}
            disabled={form.processing}
            onClick={() => (ask ? setAsking(action) : void send(action))}
          >
            <Icon aria-hidden="true" className="size-4" />
            {LABELS[action]}
          </Button>
        );
      })}
      {asking && (
        <ConfirmDialog
          open
          title={asking === 'cancel' ? 'این رندر لغو شود؟' : `${LABELS[asking]}؟`}
          confirmLabel={LABELS[asking]}
          danger={asking === 'cancel'}
          busy={form.processing}
          error={form.errors.reason}
          onConfirm={() => void send(asking)}
          onCancel={() => setAsking(null)}
        >
          {asking === 'cancel' && (
            <p>بخش‌هایی که هنوز رندر نشده‌اند لغو می‌شوند و هزینه‌ای ندارند؛ فریم‌های رندرشده در فضا می‌مانند.</p>
          )}
          {reason && (
            <TextAreaField
              label="دلیل (در گزارش اقدامات کارکنان می‌ماند)"
              value={form.data.reason}
              onChange={(value) => form.setData('reason', value)}
              error={form.errors.reason}
              rows={3}
            />
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
