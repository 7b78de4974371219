import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { ChevronDown } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { SiteLink } from '../../components/ui/SiteLink';
import type { MenuItem } from '../../types/shared-props';

/**
 * A header menu item with children: a popover listing them, the parent's own page first. It
 * replaces SiteHeader's stand-in button, which may have had the focus (`autoFocus`) or been
 * clicked before this arrived (`openAtOnce`).
 */
export function DesktopSubmenu({
  item,
  autoFocus = false,
  openAtOnce = false,
}: {
  item: MenuItem;
  autoFocus?: boolean;
  openAtOnce?: boolean;
}) {
  const button = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it replaces the stand-in.
  useEffect(() => {
    if (autoFocus) button.current?.focus();
    if (openAtOnce) button.current?.click();
  }, []);
  return (
    <Popover className="relative">
      <PopoverButton
        ref={button}
        className="flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 data-open:bg-gray-100"
      >
        {item.label}
        <ChevronDown aria-hidden="true" className="size-4 text-gray-500" />
      </PopoverButton>
      <PopoverPanel className="absolute start-0 z-40 mt-2 w-60 rounded-xl border border-gray-200 bg-white p-1 shadow-lg">
        {/* Visits keep the header mounted, so a chosen link closes the panel itself. */}
        {({ close }) => (
          <>
            {item.url && item.url !== '#' && (
              <SiteLink
                href={item.url}
                onClick={() => close()}
                className="block rounded-lg px-3 py-2 text-sm font-medium text-gray-900 hover:bg-gray-100"
              >
                همه {item.label}
              </SiteLink>
            )}
            {item.children?.map((child) => (
              <SiteLink
                key={`${child.label}${child.url}`}
                href={child.url}
                onClick={() => close()}
                className="block rounded-lg px-3 py-2 text-sm text-gray-700 hover:bg-gray-100"
              >
                {child.label}
              </SiteLink>
            ))}
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}
