import { Dialog, DialogPanel, Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { ChevronDown, LogIn, Menu as MenuIcon, X } from 'lucide-react';
import { useState } from 'react';
import { Link, usePage } from '../../app/protocol';
import { ButtonLink } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import type { MenuItem } from '../../types/shared-props';
import { BalanceBadge } from './BalanceBadge';
import { DEFAULT_HEADER_MENU, orDefault } from './default-menus';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

const SIGN_IN_URL = '/auth/signin';

/** The public site's header: logo, the admin-built menu, and sign-in or the account. */
export function SiteHeader() {
  const { auth, menus } = usePage().props;
  const user = auth.user;
  const items = orDefault(menus?.header, DEFAULT_HEADER_MENU);
  const [open, setOpen] = useState(false);

  return (
    <header className="sticky top-0 z-30 border-b border-gray-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <Container className="flex h-16 items-center gap-4">
        <button
          type="button"
          onClick={() => setOpen(true)}
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
                {item.children?.length ? <DesktopSubmenu item={item} /> : <DesktopLink item={item} />}
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-2">
          {user ? (
            <>
              {/* A wrapper carries the breakpoint: `hidden` on the badge itself would fight its own
                  inline-flex. Phones see the balance in the menu drawer instead. */}
              <div className="hidden sm:block">
                <BalanceBadge balance={user.balance} />
              </div>
              <UserMenu user={user} />
            </>
          ) : (
            <ButtonLink href={SIGN_IN_URL} size="md">
              <LogIn aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              ورود / ثبت‌نام
            </ButtonLink>
          )}
        </div>
      </Container>

      <Dialog open={open} onClose={setOpen} aria-label="منوی اصلی" className="relative z-50 lg:hidden">
        <div aria-hidden="true" className="fixed inset-0 bg-gray-900/40" />
        <DialogPanel className="fixed inset-y-0 start-0 flex w-full max-w-xs flex-col overflow-y-auto bg-white p-4 shadow-xl">
          <div className="flex items-center justify-between">
            <Logo />
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="grid size-10 place-items-center rounded-lg text-gray-600 hover:bg-gray-100"
            >
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">بستن منو</span>
            </button>
          </div>
          {user && <BalanceBadge balance={user.balance} className="mt-4 self-start" />}
          <nav aria-label="منوی اصلی" className="mt-4">
            <ul className="space-y-1">
              {items.map((item) => (
                <li key={`${item.label}${item.url}`}>
                  <MobileLink item={item} />
                  {item.children?.length ? (
                    <ul className="ms-4 border-s border-gray-200 ps-2">
                      {item.children.map((child) => (
                        <li key={`${child.label}${child.url}`}>
                          <MobileLink item={child} small />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </nav>
          {!user && (
            <ButtonLink href={SIGN_IN_URL} size="lg" className="mt-6 w-full">
              ورود / ثبت‌نام
            </ButtonLink>
          )}
        </DialogPanel>
      </Dialog>
    </header>
  );
}

function DesktopLink({ item }: { item: MenuItem }) {
  return (
    <Link
      href={item.url}
      className="rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900"
    >
      {item.label}
    </Link>
  );
}

function DesktopSubmenu({ item }: { item: MenuItem }) {
  return (
    <Popover className="relative">
      <PopoverButton className="flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 data-open:bg-gray-100">
        {item.label}
        <ChevronDown aria-hidden="true" className="size-4 text-gray-500" />
      </PopoverButton>
      <PopoverPanel className="absolute start-0 z-40 mt-2 w-60 rounded-xl border border-gray-200 bg-white p-1 shadow-lg">
        {item.url && item.url !== '#' && (
          <Link
            href={item.url}
            className="block rounded-lg px-3 py-2 text-sm font-medium text-gray-900 hover:bg-gray-100"
          >
            همه {item.label}
          </Link>
        )}
        {item.children?.map((child) => (
          <Link
            key={`${child.label}${child.url}`}
            href={child.url}
            className="block rounded-lg px-3 py-2 text-sm text-gray-700 hover:bg-gray-100"
          >
            {child.label}
          </Link>
        ))}
      </PopoverPanel>
    </Popover>
  );
}

function MobileLink({ item, small = false }: { item: MenuItem; small?: boolean }) {
  return (
    <Link
      href={item.url}
      className={`block rounded-lg px-3 py-2 text-gray-800 hover:bg-gray-100 ${small ? 'text-sm' : 'font-medium'}`}
    >
      {item.label}
    </Link>
  );
}
