import { Bell } from 'lucide-react';
import { Link } from '../../app/protocol';
import { formatNumber } from '../../lib/digits';

/** Link to the notifications list; the count is read out, not only drawn as a dot. */
export function NotificationsBell({ unread }: { unread: number }) {
  const label = unread > 0 ? `اعلان‌ها، ${formatNumber(unread)} خوانده‌نشده` : 'اعلان‌ها';
  return (
    <Link
      href="/panel/notifications"
      aria-label={label}
      title={label}
      className="relative grid size-10 place-items-center rounded-full text-gray-600 hover:bg-gray-100 hover:text-gray-900"
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -end-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-bold text-white"
        >
          {unread > 99 ? '۹۹+' : formatNumber(unread)}
        </span>
      )}
    </Link>
  );
}
