import { vi } from 'vitest';

/**
 * The realtime connection, faked where the app makes it (lib/realtime/realtime-client): a test
 * fires events on a channel and sees which channels the page joined.
 */
export const channels = new Map<string, Map<string, Set<() => void>>>();

export function fakeRealtimeClient() {
  const channel = (name: string) => {
    const events = channels.get(name) ?? new Map<string, Set<() => void>>();
    channels.set(name, events);
    const api = {
      listen: (event: string, callback: () => void) => {
        const set = events.get(event) ?? new Set();
        set.add(callback);
        events.set(event, set);
        return api;
      },
      stopListening: (event: string, callback: () => void) => {
        events.get(event)?.delete(callback);
        return api;
      },
      notification: () => api,
    };
    return api;
  };
  const connection = { state: 'connected', onState: () => () => {} };
  const client = { connection, private: channel, leave: () => {}, socketId: () => null };
  return { realtimeClient: () => client, currentSocketId: () => null };
}

/** Fires `event` on the private channel `name` (`render-jobs.{uuid}`, `users.{id}`). */
export function fire(name: string, event: string) {
  for (const callback of channels.get(name)?.get(`.${event}`) ?? []) callback();
}

export const resetChannels = () => {
  channels.clear();
  vi.restoreAllMocks();
};
