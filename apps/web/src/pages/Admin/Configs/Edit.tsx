import type { AdminConfigFormProps } from '@server/modules/catalog/contracts';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { Card } from '../../../components/ui/Card';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { ConfigForm } from './parts/ConfigForm';

const show = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** `admin.configs.edit` «ویرایش تنظیم»: the typed control and every earlier change (secrets masked). */
export default function ConfigEdit(props: AdminConfigFormProps) {
  const config = props.config!;
  return (
    <>
      <Head title="ویرایش تنظیم" />
      <PageHeader title={config.label ?? config.key} description={config.description || config.key} />
      <div className="grid gap-6">
        <ConfigForm {...props} />
        <Card className="p-4 sm:p-6">
          <h2 className="font-bold text-gray-900">تاریخچهٔ تغییرها</h2>
          <ol className="mt-3 grid gap-2 text-sm">
            {props.history.length === 0 && <li className="text-gray-600">هنوز تغییری ثبت نشده است.</li>}
            {props.history.map((change) => (
              <li
                key={change.id}
                className="flex flex-wrap justify-between gap-2 border-b border-gray-100 pb-2 last:border-0"
              >
                <span className="min-w-0 break-words">
                  <bdi dir="ltr">{show(change.old_value)}</bdi> ←{' '}
                  <bdi dir="ltr">{show(change.new_value)}</bdi>
                  {change.actor && <span className="text-gray-600"> — {change.actor}</span>}
                </span>
                <JalaliTime value={change.at} className="text-xs text-gray-500" />
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </>
  );
}
