import { useEffect, useState } from 'react';

/**
 * The current time in epoch milliseconds, refreshed every `intervalMs`, so figures derived from it
 * (a machine's uptime) move on while the page stays open.
 */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
