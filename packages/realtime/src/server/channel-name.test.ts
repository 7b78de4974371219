import { describe, expect, it } from 'vitest';
import { MAX_CHANNEL_NAME_LENGTH } from '../shared/constants.js';
import { channelInfo, isValidChannelName } from './channel-name.js';

describe('channel names', () => {
  it('accepts the Pusher character set and rejects everything else', () => {
    for (const ok of [
      'news',
      'private-users.1',
      'presence-render.42',
      'a_b-c=d@e,f.g;h',
      '#server-to-user-15',
    ])
      expect(isValidChannelName(ok)).toBe(true);
    for (const bad of [
      '',
      'with space',
      'ümlaut',
      'a/b',
      '#other',
      42,
      null,
      'x'.repeat(MAX_CHANNEL_NAME_LENGTH + 1),
    ]) {
      expect(isValidChannelName(bad)).toBe(false);
    }
    expect(isValidChannelName('x'.repeat(MAX_CHANNEL_NAME_LENGTH))).toBe(true);
    expect(MAX_CHANNEL_NAME_LENGTH).toBe(164);
  });

  it('derives the channel kind and cache flag from the prefix', () => {
    expect(channelInfo('news')).toEqual({ kind: 'public', cache: false });
    expect(channelInfo('cache-news')).toEqual({ kind: 'public', cache: true });
    expect(channelInfo('private-a')).toEqual({ kind: 'private', cache: false });
    expect(channelInfo('private-cache-a')).toEqual({ kind: 'private', cache: true });
    expect(channelInfo('private-encrypted-a')).toEqual({ kind: 'encrypted', cache: false });
    expect(channelInfo('private-encrypted-cache-a')).toEqual({ kind: 'encrypted', cache: true });
    expect(channelInfo('presence-a')).toEqual({ kind: 'presence', cache: false });
    expect(channelInfo('presence-cache-a')).toEqual({ kind: 'presence', cache: true });
  });
});
