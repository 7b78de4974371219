/**
 * Channel naming rules and channel kinds (realtime-routes.md §1.4, §1.7). The kind decides how a
 * subscription is authorised and whether client events are accepted.
 */
import { MAX_CHANNEL_NAME_LENGTH } from '../shared/constants.js';

export type ChannelKind = 'public' | 'private' | 'encrypted' | 'presence';

export interface ChannelInfo {
  kind: ChannelKind;
  /** Cache channels replay the last event (or `pusher:cache_miss`) on subscribe. */
  cache: boolean;
}

/** Pusher's allowed characters; `#` only appears in the reserved server-to-user channels. */
const NAME_RE = /^[A-Za-z0-9_\-=@,.;]+$/;
export const SERVER_TO_USER_PREFIX = '#server-to-user-';

export function isValidChannelName(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_CHANNEL_NAME_LENGTH) return false;
  if (name.startsWith(SERVER_TO_USER_PREFIX)) return NAME_RE.test(name.slice(SERVER_TO_USER_PREFIX.length));
  return NAME_RE.test(name);
}

export function channelInfo(name: string): ChannelInfo {
  if (name.startsWith('presence-')) return { kind: 'presence', cache: name.startsWith('presence-cache-') };
  if (name.startsWith('private-encrypted-')) {
    return { kind: 'encrypted', cache: name.startsWith('private-encrypted-cache-') };
  }
  if (name.startsWith('private-')) return { kind: 'private', cache: name.startsWith('private-cache-') };
  return { kind: 'public', cache: name.startsWith('cache-') };
}

export function requiresAuth(name: string): boolean {
  return channelInfo(name).kind !== 'public';
}
