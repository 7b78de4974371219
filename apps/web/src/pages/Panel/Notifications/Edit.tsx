import { useForm } from '@renderfarm/react';
import type { PanelNotificationsEditProps } from '@server/modules/notifications/contracts';
import { ArrowRight, Lock } from 'lucide-react';
import type { FormEvent } from 'react';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Screen } from '../../../components/ui/Screen';
import { useRoute } from '../../../lib/route';

type Event = PanelNotificationsEditProps['events'][number];
type Channel = keyof Event['channels'];
const CHANNELS: { key: Channel; label: string }[] = [
  { key: 'in_app', label: 'در سایت' },
  { key: 'email', label: 'ایمیل' },
  { key: 'sms', label: 'پیامک' },
];

/**
 * `panel.notifications.edit` «تنظیمات اعلان‌ها»: each kind of event × channel. Channels that keep
 * money and machines safe are locked on (a stopped machine must never surprise anyone).
 */
export default function NotificationsEdit({ events, sms_ready, email_ready }: PanelNotificationsEditProps) {
  const route = useRoute();
  const form = useForm({
    preferences: Object.fromEntries(events.map((e) => [e.event, { ...e.channels }])) as Record<
      string,
      Event['channels']
    >,
  });
  const toggle = (event: string, channel: Channel, on: boolean) =>
    form.setData('preferences', {
      ...form.data.preferences,
      [event]: { ...form.data.preferences[event]!, [channel]: on },
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.put(route('panel.notifications.settings.update'), { preserveScroll: true });
  };

  return (
    <Screen
      title="تنظیمات اعلان‌ها"
      description="برای هر رویداد انتخاب کنید از کدام راه خبردار شوید."
      actions={
        <ButtonLink href={route('panel.notifications.list')} variant="secondary">
          <ArrowRight aria-hidden="true" className="size-4" />
          اعلان‌ها
        </ButtonLink>
      }
    >
      <form onSubmit={submit}>
        <Card className="overflow-x-auto p-0">
          <table className="w-full text-sm">
            <caption className="sr-only">رویدادها و راه‌های خبر دادن</caption>
            <thead className="bg-gray-50 text-gray-600">
              <tr>
                <th scope="col" className="p-3 text-start font-medium">
                  رویداد
                </th>
                {CHANNELS.map((c) => (
                  <th key={c.key} scope="col" className="p-3 text-center font-medium whitespace-nowrap">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {events.map((e) => (
                <tr key={e.event}>
                  <th scope="row" className="p-3 text-start font-medium text-gray-900">
                    {e.label}
                  </th>
                  {CHANNELS.map((c) => {
                    const locked = e.locked[c.key] === true;
                    return (
                      <td key={c.key} className="p-3 text-center">
                        <label className="inline-flex items-center gap-1">
                          <input
                            type="checkbox"
                            className="size-4 rounded border-gray-300 text-brand-600 disabled:opacity-60"
                            checked={locked || form.data.preferences[e.event]![c.key]}
                            disabled={locked}
                            onChange={(event) => toggle(e.event, c.key, event.target.checked)}
                          />
                          <span className="sr-only">
                            {e.label}، {c.label}
                            {locked ? ' (همیشه روشن)' : ''}
                          </span>
                          {locked && <Lock aria-hidden="true" className="size-3 text-gray-400" />}
                        </label>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        <ul className="mt-3 grid gap-1 text-xs text-gray-600">
          <li>
            <Lock aria-hidden="true" className="inline size-3" /> اعلان‌های قفل‌شده برای امنیت پول و سرورهای شما
            همیشه فرستاده می‌شوند.
          </li>
          {!email_ready && <li>ایمیل شما هنوز تأیید نشده است؛ تا آن زمان ایمیلی فرستاده نمی‌شود.</li>}
          {!sms_ready && <li>شمارهٔ موبایل شما تأیید نشده است؛ تا آن زمان پیامکی فرستاده نمی‌شود.</li>}
        </ul>
        <Button type="submit" disabled={form.processing} className="mt-4">
          ذخیرهٔ تنظیمات
        </Button>
      </form>
    </Screen>
  );
}
