import { useEffect, useState } from 'react';
import type { AuthUser, RealtimeProps } from '../../types/shared-props';
import { realtimeClient } from './realtime-client';
import { installSocketIdHeader } from './socket-id-header';

export interface LiveNotification {
  id: string;
  title: string;
  body?: string;
  url?: string;
}

function toLive(payload: Record<string, unknown>): LiveNotification {
  const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : undefined);
  return {
    id: text('id') ?? String(Date.now()),
    title: text('title') ?? text('message') ?? 'اعلان تازه',
    ...(text('body') ? { body: text('body')! } : {}),
    ...(text('url') ? { url: text('url')! } : {}),
  };
}

/**
 * Subscribes the signed-in person to `private-users.{id}` and collects the notifications that
 * arrive while the page is open (the bell adds them to the server's unread count). Without the
 * `realtime` shared prop nothing connects.
 */
export function useUserNotifications(
  user: AuthUser | null,
  config: RealtimeProps | null | undefined,
  /** The page URL: a new visit brings the server's own unread count, which includes these. */
  pageUrl: string,
): LiveNotification[] {
  const [received, setReceived] = useState<LiveNotification[]>([]);
  const [seenUrl, setSeenUrl] = useState(pageUrl);
  if (seenUrl !== pageUrl) {
    setSeenUrl(pageUrl);
    setReceived([]);
  }
  const userId = user?.id ?? null;
  const key = config?.key ?? null;
  const host = config?.host ?? null;
  const port = config?.port ?? null;
  const scheme = config?.scheme ?? null;

  useEffect(() => {
    if (userId === null || !key) return;
    const client = realtimeClient({ key, host, port, scheme });
    installSocketIdHeader();
    const name = `users.${userId}`;
    client.private(name).notification((payload: Record<string, unknown>) => {
      setReceived((list) => [toLive(payload), ...list].slice(0, 20));
    });
    return () => client.leave(name);
  }, [userId, key, host, port, scheme]);

  return received;
}
