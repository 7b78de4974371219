import { Dialog, DialogPanel } from '@headlessui/react';
import { X } from 'lucide-react';
import { ButtonLink } from '../../components/ui/Button';
import { SiteLink } from '../../components/ui/SiteLink';
import type { AuthUser, MenuItem } from '../../types/shared-props';
import { BalanceBadge } from './BalanceBadge';
import { Logo } from './Logo';
import { walletShown } from './wallet-shown';

export interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  items: MenuItem[];
  user: AuthUser | null;
  signInUrl: string;
}

/** The public menu on phones: a drawer from the start side that traps focus and closes on Escape. */
export function MobileMenu({ open, onClose, items, user, signInUrl }: MobileMenuProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-label="منوی اصلی" className="relative z-50 lg:hidden">
      <div aria-hidden="true" className="fixed inset-0 bg-gray-900/40" />
      <DialogPanel className="fixed inset-y-0 start-0 flex w-full max-w-xs flex-col overflow-y-auto bg-white p-4 shadow-xl">
        <div className="flex items-center justify-between">
          <Logo />
          <button
            type="button"
            onClick={onClose}
            className="grid size-10 place-items-center rounded-lg text-gray-600 hover:bg-gray-100"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">بستن منو</span>
          </button>
        </div>
        {user && walletShown(user) && <BalanceBadge balance={user.balance} className="mt-4 self-start" />}
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
          <ButtonLink href={signInUrl} size="lg" className="mt-6 w-full">
            ورود / ثبت‌نام
          </ButtonLink>
        )}
      </DialogPanel>
    </Dialog>
  );
}

function MobileLink({ item, small = false }: { item: MenuItem; small?: boolean }) {
  return (
    <SiteLink
      href={item.url}
      className={`block rounded-lg px-3 py-2 text-gray-800 hover:bg-gray-100 ${small ? 'text-sm' : 'font-medium'}`}
    >
      {item.label}
    </SiteLink>
  );
}
