import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createTestApp, type TestApp } from '../testing/app';

const production = {
  NODE_ENV: 'production',
  CAPTCHA_PROVIDER: 'altcha',
  REVERB_APP_KEY: randomBytes(12).toString('hex'),
  REVERB_APP_SECRET: randomBytes(24).toString('hex'),
};

/** The address the app takes a request to come from, as sessions, activity and limits see it. */
async function ipSeen(t: TestApp, from: string, forwardedFor?: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/__testing/ip',
    remoteAddress: from,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return res.json().ip;
}

const extend = (app: TestApp['app']) => app.get('/__testing/ip', async (request) => ({ ip: request.ip }));

describe('X-Forwarded-For in production, with no trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: production, extend });
  });
  afterAll(() => t.close());

  it('is ignored: the peer is the client', async () => {
    expect(await ipSeen(t, '198.51.100.7', '1.2.3.4')).toBe('198.51.100.7');
    expect(await ipSeen(t, '198.51.100.7')).toBe('198.51.100.7');
  });
});

describe('X-Forwarded-For from a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: { ...production, TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.10' },
      extend,
    });
  });
  afterAll(() => t.close());

  it('names the client when a listed proxy sent it', async () => {
    expect(await ipSeen(t, '10.1.2.3', '203.0.113.5')).toBe('203.0.113.5');
    expect(await ipSeen(t, '192.0.2.10', '203.0.113.6')).toBe('203.0.113.6');
  });

  it('takes the nearest address the proxies did not add, not what the client wrote first', async () => {
    expect(await ipSeen(t, '10.1.2.3', '6.6.6.6, 203.0.113.5')).toBe('203.0.113.5');
    expect(await ipSeen(t, '10.1.2.3', '6.6.6.6, 203.0.113.5, 10.4.4.4')).toBe('203.0.113.5');
  });

  it('is ignored from anyone else', async () => {
    expect(await ipSeen(t, '203.0.113.9', '1.2.3.4')).toBe('203.0.113.9');
    expect(await ipSeen(t, '192.0.2.11', '1.2.3.4')).toBe('192.0.2.11');
  });
});

describe('TRUSTED_PROXIES', () => {
  it('is empty by default', () => {
    expect(loadConfig({}).TRUSTED_PROXIES).toEqual([]);
  });

  it('reads addresses and CIDR ranges, IPv4 and IPv6', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8,127.0.0.1 , ::1, fd00::/8' }).TRUSTED_PROXIES).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
  });

  it.each(['*', 'proxy.example.com', '10.0.0.0/33', '300.1.1.1', 'true'])(
    'refuses %s, naming the variable',
    (value) => {
      expect(() => loadConfig({ TRUSTED_PROXIES: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUSTED_PROXIES: value })).toThrow(/TRUSTED_PROXIES/);
    },
  );
});
