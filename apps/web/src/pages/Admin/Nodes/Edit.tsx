import { useForm } from '@renderfarm/react';
import type { AdminNodesEditProps } from '@server/modules/render/contracts';
import { Trash2 } from 'lucide-react';
import { Link } from '../../../app/protocol';
import { framesText } from '../../../components/render/words';
import { Button } from '../../../components/ui/Button';
import { bindCheckbox, bindField } from '../../../components/ui/bind-field';
import { Card } from '../../../components/ui/Card';
import { Checkbox } from '../../../components/ui/Checkbox';
import { type Fact, FactList } from '../../../components/ui/FactList';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Ltr } from '../../../components/ui/Ltr';
import { Screen } from '../../../components/ui/Screen';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { WithAside } from '../../../components/ui/WithAside';
import { useFormErrors } from '../../../hooks/use-form-errors';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

const OUTCOMES: Record<string, string> = {
  completed: 'رندر شد',
  failed: 'ناموفق',
  expired: 'مهلتش گذشت',
  released: 'پس داده شد',
  canceled: 'لغو شد',
};

/**
 * `admin.nodes.edit` «ویرایش نود»: name, enabled, location and notes; the jobs it is kept off
 * (blocklist, each with «برداشتن»); the tasks it ran last with their outcomes.
 */
export default function NodeEdit({ node, recent }: AdminNodesEditProps) {
  const route = useRoute();
  const form = useForm({
    name: node.name,
    enabled: node.enabled,
    location: node.location ?? '',
    notes: node.notes ?? '',
  });
  const errors = useFormErrors(form);
  const unblock = useForm({});
  const facts: Fact[] = [
    ['شناسه', <Ltr key="id">{node.uuid}</Ltr>],
    ['Blender', <Ltr key="b">{node.blender_version ?? '—'}</Ltr>],
    ['هسته‌ها', node.cores ? formatNumber(node.cores) : '—'],
    ['آخرین پاسخ', node.last_seen_at ? <JalaliTime key="s" value={node.last_seen_at} relative /> : 'هرگز'],
    ['کار فعلی', node.current_task ? node.current_task.job.name : '—'],
    ['خطاها', formatNumber(node.failures)],
  ];
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void form.patch(route('admin.nodes.update', { node: node.uuid }), { preserveScroll: true });
  };
  return (
    <Screen title={node.name} description={<StatusBadge kind="render_node" state={node.status} />}>
      <WithAside
        aside={
          <Card className="p-4 sm:p-5">
            <FactList facts={facts} />
          </Card>
        }
      >
        <Card as="section" className="p-4 sm:p-5">
          <form onSubmit={submit} noValidate className="grid gap-4">
            <h2 className="font-bold text-gray-900">تنظیمات نود</h2>
            <TextField label="نام" {...bindField(form, errors, 'name')} counter={80} />
            <Checkbox
              label="فعال (کار می‌گیرد؛ نود غیرفعال کار فعلی‌اش را به صف برمی‌گرداند)"
              {...bindCheckbox(form, errors, 'enabled')}
            />
            <TextField label="جا" {...bindField(form, errors, 'location')} hint="مانند «تهران، رک ۳»" />
            <TextAreaField label="یادداشت" {...bindField(form, errors, 'notes')} rows={3} />
            <Button type="submit" disabled={form.processing} className="justify-self-start">
              ذخیره
            </Button>
          </form>
        </Card>

        <Card as="section" className="p-4 sm:p-5">
          <h2 className="mb-3 font-bold text-gray-900">رندرهایی که این نود از آن‌ها کنار گذاشته شده</h2>
          {node.blocklist.length === 0 ? (
            <p className="text-sm text-gray-600">
              هیچ؛ نودی که روی یک رندر ۳ بار ناموفق بماند، از آن رندر کنار گذاشته می‌شود.
            </p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {node.blocklist.map((block) => (
                <li key={block.job.uuid} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {block.job.name}{' '}
                    <span className="text-xs text-gray-500">
                      از <JalaliTime value={block.since} relative />
                    </span>
                  </span>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={unblock.processing}
                    onClick={() =>
                      void unblock.delete(
                        route('admin.nodes.blocks.destroy', { node: node.uuid, job: block.job.uuid }),
                        {
                          preserveScroll: true,
                        },
                      )
                    }
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    برداشتن
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card as="section" className="p-4 sm:p-5">
          <h2 className="mb-3 font-bold text-gray-900">کارهای اخیر</h2>
          {recent.length === 0 ? (
            <p className="text-sm text-gray-600">این نود هنوز کاری نگرفته است.</p>
          ) : (
            <ol className="grid gap-2 text-sm">
              {recent.map((row) => (
                <li
                  key={`${row.uuid}:${row.finished_at}`}
                  className="grid gap-0.5 border-b border-gray-100 pb-2 last:border-0"
                >
                  <span className="flex flex-wrap gap-x-3">
                    <Link
                      href={route('admin.jobs.view', { job: row.job.id })}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {row.job.name}
                    </Link>
                    <span>{framesText(row.frames)}</span>
                    <span className={row.outcome === 'completed' ? 'text-green-800' : 'text-red-700'}>
                      {OUTCOMES[row.outcome] ?? row.outcome}
                    </span>
                    <JalaliTime value={row.finished_at} relative className="text-xs text-gray-500" />
                  </span>
                  {row.reason && <span className="text-xs text-gray-600">{row.reason}</span>}
                </li>
              ))}
            </ol>
          )}
        </Card>
      </WithAside>
    </Screen>
  );
}
