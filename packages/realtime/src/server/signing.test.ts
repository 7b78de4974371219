import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalQuery,
  md5Hex,
  signChannel,
  signedQuery,
  signRequest,
  signUser,
  verifyAuth,
} from './signing.js';

describe('signing', () => {
  it('signs private channels as HMAC-SHA256(secret, "socket:channel") prefixed with the key', () => {
    const expected = createHmac('sha256', 'secret').update('1234.1234:private-foobar').digest('hex');
    expect(signChannel('key', 'secret', '1234.1234', 'private-foobar')).toBe(`key:${expected}`);
  });

  it('signs presence channels over the exact channel_data string', () => {
    const data = '{"user_id":10,"user_info":{"name":"Mr. Channels"}}';
    const expected = createHmac('sha256', 'secret').update(`1234.1234:presence-foobar:${data}`).digest('hex');
    expect(signChannel('key', 'secret', '1234.1234', 'presence-foobar', data)).toBe(`key:${expected}`);
  });

  it('signs user data with "::user::"', () => {
    const expected = createHmac('sha256', 's').update('1.2::user::{"id":"7"}').digest('hex');
    expect(signUser('k', 's', '1.2', '{"id":"7"}')).toBe(`k:${expected}`);
  });

  it('verifies only well-formed key:signature strings', () => {
    const auth = signChannel('k', 's', '1.2', 'private-a');
    expect(verifyAuth(auth, 's', '1.2:private-a')).toBe(true);
    expect(verifyAuth(auth, 's', '1.3:private-a')).toBe(false);
    expect(verifyAuth(auth.split(':')[1], 's', '1.2:private-a')).toBe(false);
    expect(verifyAuth(undefined, 's', '1.2:private-a')).toBe(false);
    expect(verifyAuth(`${auth}0`, 's', '1.2:private-a')).toBe(false);
  });

  it('builds the Pusher HTTP API string to sign: METHOD\\nPATH\\nsorted query without auth_signature', () => {
    expect(canonicalQuery({ b: '2', a: '1', auth_signature: 'x' })).toBe('a=1&b=2');
    const q = signedQuery({
      key: 'k',
      secret: 's',
      method: 'post',
      path: '/apps/1/events',
      body: '{"a":1}',
      timestamp: 1700000000,
    });
    expect(q).toMatchObject({
      auth_key: 'k',
      auth_timestamp: '1700000000',
      auth_version: '1.0',
      body_md5: md5Hex('{"a":1}'),
    });
    const payload = `POST\n/apps/1/events\nauth_key=k&auth_timestamp=1700000000&auth_version=1.0&body_md5=${md5Hex('{"a":1}')}`;
    expect(q.auth_signature).toBe(createHmac('sha256', 's').update(payload).digest('hex'));
    expect(signRequest('s', 'POST', '/apps/1/events', q)).toBe(q.auth_signature);
  });

  it('omits body_md5 for empty bodies', () => {
    expect(
      signedQuery({ key: 'k', secret: 's', method: 'GET', path: '/apps/1/channels' }).body_md5,
    ).toBeUndefined();
  });
});
