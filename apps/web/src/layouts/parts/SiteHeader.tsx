import { ChevronDown, LogIn, Menu as MenuIcon, UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, usePage } from '../../app/protocol';
import { ButtonLink } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import { SiteLink } from '../../components/ui/SiteLink';
import { useMediaQuery } from '../../hooks/use-media-query';
import type { MenuItem } from '../../types/shared-props';
import { BalanceBadgeView } from './BalanceBadgeView';
import { DEFAULT_HEADER_MENU, orDefault } from './default-menus';
import { Logo } from './Logo';
import { walletShown } from './wallet-shown';

/*
 * The interactive pieces (drawer, popovers, account menu) need @headlessui/react, about a third of
 * the public site's script. They load on demand, so a guest reading the home page on a phone never
 * downloads it; until they arrive, plain links stand in for the popover and the account menu.
 */
const loadMobileMenu = () => import('./MobileMenu').then((m) => ({ default: m.MobileMenu }));
const MobileMenu = lazy(loadMobileMenu);
const loadDesktopSubmenu = () => import('./DesktopSubmenu').then((m) => ({ default: m.DesktopSubmenu }));
const DesktopSubmenu = lazy(loadDesktopSubmenu);
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));
// The live balance brings the realtime client: only a signed-in visitor's header asks for it.
const BalanceBadge = lazy(() => import('./BalanceBadge').then((m) => ({ default: m.BalanceBadge })));

const SIGN_IN_URL = '/auth/signin';

/** The public site's header: logo, the admin-built menu, and sign-in or the account. */
export function SiteHeader() {
  const { props, url } = usePage();
  const { auth, menus } = props;
  const user = auth?.user ?? null;
  const items = orDefault(menus?.header, DEFAULT_HEADER_MENU);
  // The drawer is open for the page it was opened on: the layout stays mounted across visits, and
  // following a link in it must leave it closed on the next page.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === url;
  // Mounted from the first opening on, so closing keeps Headless UI's focus return.
  const [menuLoaded, setMenuLoaded] = useState(false);
  // The desktop menu is hidden below `lg`; phones should not download its popovers.
  const wide = useMediaQuery('(min-width: 64rem)');

  return (
    <header className="sticky top-0 z-30 border-b border-gray-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <Container className="flex h-16 items-center gap-4">
        <button
          type="button"
          onClick={() => {
            setMenuLoaded(true);
            setOpenOn(url);
          }}
          onPointerEnter={loadMobileMenu}
          onFocus={loadMobileMenu}
          className="-ms-2 grid size-10 place-items-center rounded-lg text-gray-700 hover:bg-gray-100 lg:hidden"
        >
          <MenuIcon aria-hidden="true" className="size-6" />
          <span className="sr-only">باز کردن منو</span>
        </button>
        <Logo />
        <nav aria-label="منوی اصلی" className="ms-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={`${item.label}${item.url}`}>
                {item.children?.length && wide ? (
                  <SubmenuOnIntent item={item} />
                ) : (
                  <DesktopLink item={item} />
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-2">
          {user ? (
            <>
              {/* A wrapper carries the breakpoint: `hidden` on the badge itself would fight its own
                  inline-flex. Phones see the balance in the menu drawer instead. */}
              {walletShown(user) && (
                <div className="hidden sm:block">
                  <Suspense fallback={<BalanceBadgeView balance={user.balance} />}>
                    <BalanceBadge balance={user.balance} />
                  </Suspense>
                </div>
              )}
              <Suspense fallback={<AccountLink name={user.name} />}>
                <UserMenu user={user} />
              </Suspense>
            </>
          ) : (
            <ButtonLink href={SIGN_IN_URL} size="md">
              <LogIn aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              ورود / ثبت‌نام
            </ButtonLink>
          )}
        </div>
      </Container>

      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu
            open={open}
            onClose={() => setOpenOn(null)}
            items={items}
            user={user}
            signInUrl={SIGN_IN_URL}
          />
        </Suspense>
      )}
    </header>
  );
}

const SUBMENU_BUTTON =
  'flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 data-open:bg-gray-100';

/**
 * A header item with children. Its popover (Headless UI with floating-ui, ~30 KB gzip) is fetched
 * when the pointer comes near it or it gets focus, not with the page; until then a button of
 * exactly the same look stands in, so the swap moves nothing and keeps the focus where it was.
 */
function SubmenuOnIntent({ item }: { item: MenuItem }) {
  const [wanted, setWanted] = useState<{ focus: boolean; open: boolean } | null>(null);
  const placeholder = (
    <button
      type="button"
      aria-expanded="false"
      className={SUBMENU_BUTTON}
      // A pointer coming near only fetches it: swapping the button under a press would lose the click.
      onPointerEnter={() => void loadDesktopSubmenu()}
      // Keyboard focus swaps at once (the popover's button takes the focus over); a mouse's
      // focus waits for its click, which swaps and opens.
      onFocus={(event) => {
        if (event.currentTarget.matches(':focus-visible')) setWanted({ focus: true, open: false });
      }}
      onClick={() => setWanted({ focus: true, open: true })}
    >
      {item.label}
      <ChevronDown aria-hidden="true" className="size-4 text-gray-500" />
    </button>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <DesktopSubmenu item={item} autoFocus={wanted.focus} openAtOnce={wanted.open} />
    </Suspense>
  );
}

function DesktopLink({ item }: { item: MenuItem }) {
  return (
    <SiteLink
      href={item.url}
      prefetch
      className="rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900"
    >
      {item.label}
    </SiteLink>
  );
}

/** Stands in for the account menu while it loads: the same look, leading to the panel. */
function AccountLink({ name }: { name: string }) {
  return (
    <Link href="/panel" className="flex items-center gap-2 rounded-full py-1 ps-1 pe-2 text-sm text-gray-700">
      <span className="grid size-8 place-items-center rounded-full bg-brand-100 text-brand-700">
        <UserRound aria-hidden="true" className="size-4" />
      </span>
      <span className="hidden max-w-32 truncate font-medium sm:inline">{name}</span>
      <span className="sr-only sm:hidden">{name}</span>
    </Link>
  );
}
