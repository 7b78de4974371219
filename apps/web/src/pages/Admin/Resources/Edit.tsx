import { router } from '@renderfarm/react';
import type { AdminResourceFormProps } from '@server/modules/catalog/contracts';
import { Activity, Trash2, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Head, Link, usePage } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { FormAlert } from '../../../components/ui/FormAlert';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';
import { ResourceForm } from './parts/ResourceForm';

/**
 * `admin.resources.edit` «ویرایش میزبان»: the host form, its state (maintenance switch, connection
 * check, last seen), its ports, and deletion when no machine is left on it.
 */
export default function ResourceEdit(props: AdminResourceFormProps) {
  const route = useRoute();
  const { props: page } = usePage();
  const errors = (page.errors ?? {}) as Record<string, string>;
  const resource = props.resource!;
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const act = (method: 'post' | 'patch' | 'delete', url: string, data: Record<string, unknown> = {}) => {
    setBusy(true);
    const options = { preserveScroll: true, onFinish: () => setBusy(false) };
    if (method === 'delete') router.delete(url, options);
    else router[method](url, data, options);
  };
  const maintenance = resource.status === 'maintenance';
  const free = props.ports.filter((p) => p.status === 'free').length;

  return (
    <>
      <Head title={`میزبان ${resource.name}`} />
      <PageHeader
        title={`میزبان ${resource.name}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge kind="resource" state={resource.status} />
            {resource.driver === 'simulated' && <span className="text-xs text-gray-600">شبیه‌سازی‌شده</span>}
            <span className="text-xs text-gray-600">
              آخرین پاسخ:{' '}
              {resource.last_seen_at ? (
                <JalaliTime value={resource.last_seen_at} relative />
              ) : (
                'هنوز بررسی نشده'
              )}
            </span>
          </span>
        }
      />
      <Card className="mb-6 grid gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => act('post', route('admin.resources.check', { resource: resource.id }))}
          >
            <Activity aria-hidden="true" className="size-4" />
            بررسی اتصال
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              act('patch', route('admin.resources.maintenance', { resource: resource.id }), {
                on: !maintenance,
              })
            }
          >
            <Wrench aria-hidden="true" className="size-4" />
            {maintenance ? 'پایان تعمیر و نگهداری' : 'حالت تعمیر و نگهداری'}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            حذف میزبان
          </Button>
        </div>
        <FormAlert>{errors.check ?? errors.delete}</FormAlert>
        <p className="text-sm text-gray-700">
          {formatNumber(resource.machines)} سرور روی این میزبان؛ {formatNumber(props.ports.length)} پورت عمومی
          ({formatNumber(free)} آزاد).{' '}
          <Link
            href={`${route('admin.ports')}?resource=${resource.id}`}
            className="font-medium text-brand-700 underline"
          >
            مدیریت پورت‌ها
          </Link>
        </p>
      </Card>
      <ResourceForm {...props} />
      {deleting && (
        <ConfirmDialog
          open
          danger
          title={`حذف میزبان «${resource.name}»؟`}
          confirmLabel="بله، حذف شود"
          busy={busy}
          onConfirm={() => {
            setDeleting(false);
            act('delete', route('admin.resources.destroy', { resource: resource.id }));
          }}
          onCancel={() => setDeleting(false)}
        >
          پورت‌های این میزبان هم حذف می‌شوند. میزبانی که سرور دارد حذف نمی‌شود.
        </ConfirmDialog>
      )}
    </>
  );
}
