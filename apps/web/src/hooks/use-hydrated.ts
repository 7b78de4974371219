import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that HTML, true on every
 * render after (and on every render of a page a later visit brings). Whatever reads the clock
 * («۵ دقیقه پیش», a machine's uptime) waits for true: the server's clock and the browser's are
 * never the same instant, often not the same minute, and hydration needs the same text on both
 * sides. React renders again by itself as soon as hydration is over.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
