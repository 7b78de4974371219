import { Dialog, DialogPanel } from '@headlessui/react';
import { Clapperboard, Menu as MenuIcon, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, usePage } from '../../app/protocol';
import { SITE_NAME } from '../../app/title';
import { ImpersonationBanner } from '../../components/impersonation/ImpersonationBanner';
import { LiveLinkNotice } from '../../components/realtime/LiveLinkNotice';
import { formatNumber, toPersianDigits } from '../../lib/digits';
import { useLiveLink } from '../../lib/realtime/use-live-link';
import { useUserNotifications } from '../../lib/realtime/use-user-notifications';
import { useRoute } from '../../lib/route';
import { activeHref, type NavSection, visibleNav } from '../nav/nav-types';
import { BalanceBadge } from './BalanceBadge';
import { FlashMessages } from './FlashMessages';
import { Logo } from './Logo';
import { NotificationsBell } from './NotificationsBell';
import { SkipLink } from './SkipLink';
import { UserMenu } from './UserMenu';

export interface AppShellProps {
  /** The area's name under the logo («پنل کاربری», «میز پشتیبانی», «مدیریت»). */
  areaLabel: string;
  nav: NavSection[];
  /** Dense spacing for staff screens that show many rows. */
  compact?: boolean;
  /** Customers see their balance in the top bar; staff areas do not need it. */
  showBalance?: boolean;
  children: ReactNode;
}

/**
 * The signed-in areas' frame: a sidebar on the start side (a drawer on phones), a top bar with the
 * account, and the page. Panel, care and admin differ only in their menu and density.
 */
export function AppShell({
  areaLabel,
  nav: fullNav,
  compact = false,
  showBalance = false,
  children,
}: AppShellProps) {
  const { props, url } = usePage();
  const route = useRoute();
  const nav = visibleNav(fullNav, (name) => route.has(name));
  const user = props.auth?.user ?? null;
  const live = useUserNotifications(user, props.realtime, url);
  const liveLink = useLiveLink(user ? props.realtime : null);
  // Open for the page it was opened on, so a visit from the drawer leaves it closed (the layout
  // itself stays mounted across visits).
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === url;
  const home = nav[0]?.items[0]?.href ?? '/';
  const sidebar = <Sidebar areaLabel={areaLabel} home={home} nav={nav} url={url} compact={compact} />;

  return (
    <div className="min-h-dvh bg-gray-50">
      <SkipLink />
      <aside className="fixed inset-y-0 start-0 z-30 hidden w-64 border-e border-gray-200 bg-white lg:block">
        {sidebar}
      </aside>
      <Dialog
        open={open}
        onClose={() => setOpenOn(null)}
        aria-label={`منوی ${areaLabel}`}
        className="relative z-50 lg:hidden"
      >
        <div aria-hidden="true" className="fixed inset-0 bg-gray-900/40" />
        <DialogPanel className="fixed inset-y-0 start-0 w-72 max-w-[85vw] bg-white shadow-xl">
          <button
            type="button"
            onClick={() => setOpenOn(null)}
            className="absolute top-3 end-3 grid size-10 place-items-center rounded-lg text-gray-600 hover:bg-gray-100"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">بستن منو</span>
          </button>
          {sidebar}
        </DialogPanel>
      </Dialog>

      <div className="flex min-h-dvh flex-col lg:ps-64">
        {/* Beside the sidebar, not over it: the sidebar is fixed to the top of the screen. */}
        <ImpersonationBanner />
        <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-gray-200 bg-white/90 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            onClick={() => setOpenOn(url)}
            className="-ms-2 grid size-10 place-items-center rounded-lg text-gray-700 hover:bg-gray-100 lg:hidden"
          >
            <MenuIcon aria-hidden="true" className="size-6" />
            <span className="sr-only">باز کردن منو</span>
          </button>
          {/* One line at any width: on a narrow phone the name gives way (ellipsis) to the balance and menu. */}
          <span className="min-w-0 truncate font-semibold whitespace-nowrap text-gray-900 lg:hidden">
            {areaLabel}
          </span>
          <div className="ms-auto flex items-center gap-1 sm:gap-2">
            {showBalance && user && (props.open_jobs ?? 0) > 0 && route.has('panel.jobs.list') && (
              <Link
                href={route('panel.jobs.list')}
                className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm text-gray-700 hover:bg-gray-100"
              >
                <Clapperboard aria-hidden="true" className="size-4 text-brand-600" />
                <span className="hidden sm:inline">{formatNumber(props.open_jobs ?? 0)} رندر در جریان</span>
                <span className="sm:hidden">
                  {formatNumber(props.open_jobs ?? 0)}
                  <span className="sr-only"> رندر در جریان</span>
                </span>
              </Link>
            )}
            {showBalance && user && <BalanceBadge balance={user.balance} />}
            {user && <NotificationsBell unread={props.unread_notifications ?? 0} live={live} />}
            {user && <UserMenu user={user} />}
          </div>
        </header>
        <main id="main" className={`flex-1 ${compact ? 'p-4 sm:p-5' : 'p-4 sm:p-6 lg:p-8'}`}>
          <FlashMessages className="mb-4" />
          {children}
        </main>
        <LiveLinkNotice problem={liveLink} />
        <footer className="border-t border-gray-200 px-4 py-4 text-xs text-gray-500 sm:px-6">
          {/* Customers get the phone to call; staff areas are the support, so they get the area name. */}
          {showBalance && props.settings?.support_phone ? (
            <>
              پشتیبانی: <span dir="ltr">{toPersianDigits(props.settings.support_phone)}</span>
            </>
          ) : (
            `${props.settings?.site_name || SITE_NAME} · ${areaLabel}`
          )}
        </footer>
      </div>
    </div>
  );
}

function Sidebar({
  areaLabel,
  home,
  nav,
  url,
  compact,
}: {
  areaLabel: string;
  home: string;
  nav: NavSection[];
  url: string;
  compact: boolean;
}) {
  const current = activeHref(nav, url, home);
  return (
    <div className="flex h-full flex-col overflow-y-auto">
      <div className="flex h-16 shrink-0 items-center gap-3 border-b border-gray-100 px-4">
        <Logo href="/" compact />
      </div>
      <nav aria-label={`منوی ${areaLabel}`} className="flex-1 space-y-5 px-3 py-4">
        <p className="px-3 text-xs font-semibold text-brand-700">{areaLabel}</p>
        {nav.map((section, index) => (
          <div key={section.title ?? index}>
            {section.title && (
              <h2 className="mb-1 px-3 text-xs font-medium text-gray-500">{section.title}</h2>
            )}
            <ul className="space-y-0.5">
              {section.items.map(({ label, href, icon: Icon }) => {
                const active = href === current;
                return (
                  <li key={href}>
                    <Link
                      href={href}
                      aria-current={active ? 'page' : undefined}
                      className={`flex items-center gap-3 rounded-lg px-3 text-sm ${compact ? 'py-1.5' : 'py-2'} ${
                        active
                          ? 'bg-brand-50 font-semibold text-brand-700'
                          : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900'
                      }`}
                    >
                      <Icon
                        aria-hidden="true"
                        className={`size-4 ${active ? 'text-brand-600' : 'text-gray-400'}`}
                      />
                      {label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  );
}
