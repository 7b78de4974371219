import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { Link, router } from '../../app/protocol';
import { toPersianDigits } from '../../lib/digits';
import type { AuthUser } from '../../types/shared-props';
import { userLinks } from './user-links';

/** The signed-in person's menu: their desks by role, and sign out. */
export function UserMenu({ user }: { user: AuthUser }) {
  return (
    <Menu as="div" className="relative">
      <MenuButton className="flex items-center gap-2 rounded-full py-1 ps-1 pe-2 text-sm text-gray-700 hover:bg-gray-100 data-open:bg-gray-100">
        <span className="grid size-8 place-items-center rounded-full bg-brand-100 text-brand-700">
          <UserRound aria-hidden="true" className="size-4" />
        </span>
        <span className="hidden max-w-32 truncate font-medium sm:inline">{user.name}</span>
        <span className="sr-only sm:hidden">منوی حساب {user.name}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-gray-500" />
      </MenuButton>
      {/* Positioned with logical properties (end-0) rather than the floating anchor, so it opens
          toward the page in both directions. */}
      <MenuItems
        modal={false}
        className="absolute end-0 z-40 mt-2 w-56 origin-top rounded-xl border border-gray-200 bg-white p-1 shadow-lg focus:outline-none"
      >
        <div className="border-b border-gray-100 px-3 py-2">
          <p className="truncate text-sm font-semibold text-gray-900">{user.name}</p>
          {user.mobile_masked && (
            <p dir="ltr" className="text-end text-xs text-gray-500">
              {toPersianDigits(user.mobile_masked)}
            </p>
          )}
        </div>
        {userLinks(user).map(({ label, href, icon: Icon }) => (
          <MenuItem key={href}>
            <Link
              href={href}
              className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-gray-700 data-focus:bg-gray-100"
            >
              <Icon aria-hidden="true" className="size-4 text-gray-500" />
              {label}
            </Link>
          </MenuItem>
        ))}
        <MenuItem>
          <button
            type="button"
            onClick={() => router.post('/logout')}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm text-red-700 data-focus:bg-red-50"
          >
            <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            خروج از حساب
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
