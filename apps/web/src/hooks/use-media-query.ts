import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept up to date. Used to skip loading code for parts a screen
 * does not show (the desktop menu's popovers on a phone). Without `matchMedia` (tests, old
 * browsers) it answers false, and callers fall back to their plain version.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
