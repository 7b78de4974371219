import { router } from '@renderfarm/react';
import { useEffect, useState } from 'react';
import { liveStateChanged } from './live-state';
import { realtimeClient } from './realtime-client';
import { installSocketIdHeader } from './socket-id-header';
import { useRealtimeProps } from './use-realtime-props';

/**
 * Reloads the props in `only` when one of `events` arrives on the signed-in person's private
 * channel (`private-users.{id}`), or on another private channel the page names (staff watching a
 * customer's machine listen on `instances.{uuid}`, which is theirs to leave when they go). The event is only a nudge (docs/screens.md §7): the data itself comes
 * through the page route and its policy. A burst of events (five machines started at once) costs
 * one reload in flight plus one more for whatever arrived during it.
 *
 * After each reload the flash messages on screen go (live-state.ts): they told of the state before
 * the event, so a flash never outlives the change it described.
 *
 * Returns whether a reload is under way, for a quiet «در حال به‌روزرسانی».
 */
export function useLiveReload(
  events: readonly string[],
  only: readonly string[],
  channelName?: string,
): boolean {
  const { userId, key, host, port, scheme } = useRealtimeProps();
  // Joined, so a new array with the same names each render does not resubscribe.
  const eventList = events.join(',');
  const onlyList = only.join(',');
  const [refreshing, setRefreshing] = useState(false);

  useEffect(() => {
    if (userId === null || !key) return;
    const client = realtimeClient({ key, host, port, scheme });
    installSocketIdHeader();
    const name = channelName ?? `users.${userId}`;
    const channel = client.private(name);
    let active = true;
    let running = false;
    let again = false;

    const reload = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      setRefreshing(true);
      try {
        do {
          again = false;
          // A failed reload is not worth an error here: the next event, or the next visit, tries again.
          await router.reload({ only: onlyList.split(','), showProgress: false }).catch(() => undefined);
        } while (again && active);
        // The page now shows the state the event announced: a flash about the old one goes.
        if (active) liveStateChanged();
      } finally {
        running = false;
        if (active) setRefreshing(false);
      }
    };
    const onEvent = () => {
      void reload();
    };
    // The server broadcasts plain names (no `App\Events` namespace); the leading dot says so.
    const names = eventList.split(',').map((event) => `.${event}`);
    for (const event of names) channel.listen(event, onEvent);
    return () => {
      active = false;
      // Only our own listeners: the layout keeps the user channel for the notifications bell.
      for (const event of names) channel.stopListening(event, onEvent);
      if (channelName) client.leave(channelName);
    };
  }, [userId, key, host, port, scheme, eventList, onlyList, channelName]);

  return refreshing;
}
