import { router } from '@renderfarm/react';
import type { PanelNotificationsListProps } from '@server/modules/notifications/contracts';
import { Bell, Check, CheckCheck, Settings, Trash2 } from 'lucide-react';
import { Link } from '../../../app/protocol';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Pagination } from '../../../components/ui/Pagination';
import { Screen } from '../../../components/ui/Screen';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

type Row = PanelNotificationsListProps['notifications']['data'][number];

/**
 * `panel.notifications.list` «اعلان‌ها»: what the farm told the customer, newest first; the bell
 * leads here. Opening one marks it read; all can be marked read at once (up to the newest shown,
 * so one arriving meanwhile stays unread).
 */
export default function NotificationsList({ notifications, filters, unread }: PanelNotificationsListProps) {
  const route = useRoute();
  const listUrl = (over: { unread?: boolean; page?: number } = {}) => {
    const params = new URLSearchParams();
    if (over.unread ?? filters.unread) params.set('unread', '1');
    if ((over.page ?? 1) > 1) params.set('page', String(over.page));
    const query = params.toString();
    return `${route('panel.notifications.list')}${query ? `?${query}` : ''}`;
  };
  const newest = notifications.data[0]?.id;

  return (
    <Screen
      title="اعلان‌ها"
      description={unread > 0 ? `${formatNumber(unread)} اعلان خوانده‌نشده` : 'همهٔ اعلان‌ها را خوانده‌اید.'}
      actions={
        <>
          {unread > 0 && (
            <Button
              variant="secondary"
              onClick={() =>
                router.post(
                  route('panel.notifications.read-all'),
                  { up_to: newest ?? '' },
                  { preserveScroll: true },
                )
              }
            >
              <CheckCheck aria-hidden="true" className="size-4" />
              همه خوانده شد
            </Button>
          )}
          <ButtonLink href={route('panel.notifications.edit')} variant="ghost">
            <Settings aria-hidden="true" className="size-4" />
            تنظیمات
          </ButtonLink>
        </>
      }
    >
      <nav aria-label="فیلتر اعلان‌ها" className="mb-4 flex gap-2">
        {[
          { label: 'همه', on: !filters.unread, href: listUrl({ unread: false }) },
          { label: 'خوانده‌نشده', on: filters.unread, href: listUrl({ unread: true }) },
        ].map((tab) => (
          <Link
            key={tab.label}
            href={tab.href}
            aria-current={tab.on ? 'page' : undefined}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ${
              tab.on
                ? 'bg-brand-600 text-white'
                : 'bg-white text-gray-700 ring-1 ring-gray-300 ring-inset hover:bg-gray-50'
            }`}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {notifications.data.length === 0 ? (
        <EmptyState
          icon={Bell}
          title={filters.unread ? 'اعلان خوانده‌نشده‌ای ندارید' : 'هنوز اعلانی ندارید'}
          description="خاموش شدن سرورها، کم شدن موجودی، پاسخ تیکت‌ها و نتیجهٔ پرداخت‌ها این‌جا می‌آید."
        />
      ) : (
        <ul className="grid gap-3">
          {notifications.data.map((row) => (
            <NotificationItem key={row.id} row={row} />
          ))}
        </ul>
      )}
      <Pagination
        page={notifications.meta.current_page}
        hasMore={notifications.meta.has_more}
        hrefFor={(page) => listUrl({ page })}
      />
    </Screen>
  );
}

function NotificationItem({ row }: { row: Row }) {
  const route = useRoute();
  const read = () =>
    router.patch(route('panel.notifications.read', { notification: row.id }), {}, { preserveScroll: true });
  const open = () => {
    if (!row.url) return;
    if (row.read) router.visit(row.url);
    else
      router.patch(
        route('panel.notifications.read', { notification: row.id }),
        {},
        { onSuccess: () => router.visit(row.url!) },
      );
  };
  return (
    <li>
      <Card className={`flex items-start gap-3 p-4 ${row.read ? '' : 'border-s-4 border-s-brand-500'}`}>
        <div className="min-w-0 flex-1">
          <p className={`text-gray-900 ${row.read ? '' : 'font-bold'}`}>
            {row.url ? (
              <button
                type="button"
                onClick={open}
                className="text-start hover:text-brand-700 hover:underline"
              >
                {row.title}
              </button>
            ) : (
              row.title
            )}
            {!row.read && <span className="sr-only"> (خوانده‌نشده)</span>}
          </p>
          <p className="mt-1 text-sm text-gray-700">{row.body}</p>
          <p className="mt-2 text-xs text-gray-500">
            <JalaliTime value={row.created_at} relative />
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          {!row.read && (
            <Button variant="ghost" size="sm" onClick={read} aria-label={`خوانده شد: ${row.title}`}>
              <Check aria-hidden="true" className="size-4" />
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              router.delete(route('panel.notifications.destroy', { notification: row.id }), {
                preserveScroll: true,
              })
            }
            aria-label={`حذف اعلان: ${row.title}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </Card>
    </li>
  );
}
