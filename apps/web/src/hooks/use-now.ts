import { useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * The current time in epoch milliseconds, refreshed every `intervalMs`, so figures derived from it
 * (a machine's uptime) move on while the page stays open. Null on the server and while hydrating
 * (hooks/use-hydrated.ts): a figure from the clock is shown from the first render after.
 */
export function useNow(intervalMs = 60_000): number | null {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return hydrated ? now : null;
}
