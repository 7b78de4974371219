import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSignedLinks } from './signed-links';

const appKey = `base64:${randomBytes(32).toString('base64')}`;

describe('signed links', () => {
  let now = Date.parse('2025-03-01T10:00:00Z');
  const links = createSignedLinks({ appKey, appUrl: 'http://localhost:8000', clock: () => new Date(now) });

  it('signs an absolute URL that verifies until it expires', () => {
    const url = links.sign('/email/verify/12/abc?x=1', 3600);
    expect(url).toMatch(
      /^http:\/\/localhost:8000\/email\/verify\/12\/abc\?x=1&expires=\d+&signature=[0-9a-f]{64}$/,
    );
    expect(() => links.verify(url)).not.toThrow();
    // Routes see only the path and query; a proxy may have changed the host.
    const { pathname, search } = new URL(url);
    expect(() => links.verify(`${pathname}${search}`)).not.toThrow();
    expect(() => links.verify(url.replace('localhost:8000', 'example.test'))).not.toThrow();
    now += 3600_000;
    expect(() => links.verify(url)).toThrow(expect.objectContaining({ code: 'RF_AUTH_LINK_EXPIRED' }));
  });

  it('refuses any change to the path, the parameters or the expiry', () => {
    const url = links.sign('/email/verify/12/abc', 3600);
    const bad = [
      url.replace('/12/', '/13/'),
      url.replace(/expires=(\d+)/, (_, e) => `expires=${Number(e) + 9999}`),
      `${url}&extra=1`,
      url.replace(/signature=[0-9a-f]+/, 'signature='),
      url.replace(/&signature=[0-9a-f]+/, ''),
    ];
    for (const candidate of bad) {
      expect(() => links.verify(candidate)).toThrow(
        expect.objectContaining({ code: 'RF_AUTH_SIGNATURE_INVALID' }),
      );
    }
    const other = createSignedLinks({
      appKey: `base64:${randomBytes(32).toString('base64')}`,
      appUrl: 'http://x',
    });
    expect(() => other.verify(url)).toThrow(expect.objectContaining({ code: 'RF_AUTH_SIGNATURE_INVALID' }));
  });
});
