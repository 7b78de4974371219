import { useEffect, useState } from 'react';

/**
 * Seconds left from `seconds`, ticking once a second, measured against the clock (a throttled
 * background tab catches up on return). Starts over when `seconds` or `restartKey` change: each
 * page visit brings the server's own remaining time.
 */
export function useCountdown(seconds: number | null | undefined, restartKey?: unknown): number {
  const start = Math.max(0, Math.floor(seconds ?? 0));
  const [left, setLeft] = useState(start);

  useEffect(() => {
    void restartKey;
    setLeft(start);
    if (start <= 0) return;
    const endsAt = Date.now() + start * 1000;
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [start, restartKey]);

  return left;
}

/** «۱:۴۵»: minutes and seconds with Persian digits, for a countdown read at a glance. */
export function formatClock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`.replace(/[0-9]/g, (d) =>
    String.fromCharCode(0x06f0 + Number(d)),
  );
}
