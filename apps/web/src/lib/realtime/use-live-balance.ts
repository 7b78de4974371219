import { useEffect, useState } from 'react';
import { realtimeClient } from './realtime-client';
import { useRealtimeProps } from './use-realtime-props';

/**
 * The wallet balance as it stands now: the page's own figure, then each `BalanceChanged {balance}`
 * on the person's channel (a top-up verified in another tab, a minute of usage charged), so the
 * header badge moves without a reload. A new visit brings the server's figure again.
 */
export function useLiveBalance(balance: number): number {
  const { userId, key, host, port, scheme } = useRealtimeProps();
  const [live, setLive] = useState<{ from: number; value: number } | null>(null);

  useEffect(() => {
    if (userId === null || !key) return;
    const channel = realtimeClient({ key, host, port, scheme }).private(`users.${userId}`);
    const onChange = (event: { balance?: unknown }) => {
      if (typeof event.balance === 'number') setLive({ from: balance, value: event.balance });
    };
    channel.listen('.BalanceChanged', onChange);
    // Only our listener: the layout keeps the user channel for the bell and live reloads.
    return () => {
      channel.stopListening('.BalanceChanged', onChange);
    };
  }, [userId, key, host, port, scheme, balance]);

  // A fresher figure from the server (a visit) replaces what the socket said about the old one.
  return live && live.from === balance ? live.value : balance;
}
