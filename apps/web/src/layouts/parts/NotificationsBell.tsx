import { Bell } from 'lucide-react';
import { Link } from '../../app/protocol';
import { formatNumber } from '../../lib/digits';
import type { LiveNotification } from '../../lib/realtime/use-user-notifications';

/**
 * Link to the notifications list; the count is read out, not only drawn as a dot. Notifications
 * that arrive over the websocket while the page is open add to the count and are announced.
 */
export function NotificationsBell({ unread, live = [] }: { unread: number; live?: LiveNotification[] }) {
  const total = unread + live.length;
  const label = total > 0 ? `اعلان‌ها، ${formatNumber(total)} خوانده‌نشده` : 'اعلان‌ها';
  const latest = live[0];
  return (
    <>
      <Link
        href="/panel/notifications"
        aria-label={label}
        title={label}
        className="relative grid size-10 place-items-center rounded-full text-gray-600 hover:bg-gray-100 hover:text-gray-900"
      >
        <Bell aria-hidden="true" className={`size-5 ${latest ? 'text-brand-600' : ''}`} />
        {total > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -end-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-bold text-white"
          >
            {total > 99 ? '۹۹+' : formatNumber(total)}
          </span>
        )}
      </Link>
      <span aria-live="polite" className="sr-only">
        {latest ? `اعلان تازه: ${latest.title}` : ''}
      </span>
    </>
  );
}
