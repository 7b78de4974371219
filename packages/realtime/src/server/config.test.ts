import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_TIMEOUT_SECONDS,
  AUTH_TIMESTAMP_WINDOW_SECONDS,
  CLIENT_EVENTS_PER_SECOND,
  DEFAULT_PORT,
  MAX_MESSAGE_SIZE_BYTES,
  PONG_TIMEOUT_SECONDS,
  PROTOCOL_VERSION,
  UNAVAILABLE_TIMEOUT_SECONDS,
} from '../shared/constants.js';
import { ConfigError, configFromEnv, resolveConfig } from './config.js';

describe('constants and config', () => {
  it('keeps the docs/protocol.md constants', () => {
    expect(ACTIVITY_TIMEOUT_SECONDS).toBe(120);
    expect(PONG_TIMEOUT_SECONDS).toBe(30);
    expect(UNAVAILABLE_TIMEOUT_SECONDS).toBe(10);
    expect(DEFAULT_PORT).toBe(3000);
    expect(PROTOCOL_VERSION).toBe(7);
    expect(MAX_MESSAGE_SIZE_BYTES).toBe(10_000);
    expect(AUTH_TIMESTAMP_WINDOW_SECONDS).toBe(600);
    expect(CLIENT_EVENTS_PER_SECOND).toBe(10);
  });

  it('defaults to port 3000, 120 s activity and 30 s pong timeouts, any origin', () => {
    const config = resolveConfig({ apps: [{ id: '1', key: 'k', secret: 's' }] });
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', activityTimeout: 120, pongTimeout: 30 });
    expect(config.apps[0]).toMatchObject({
      allowedOrigins: ['*'],
      maxConnections: null,
      maxMessageSize: 10_000,
      clientEventsPerSecond: 10,
    });
  });

  it('reads the REVERB_* variables', () => {
    const config = configFromEnv({
      REVERB_PORT: '3100',
      REVERB_HOST: '0.0.0.0',
      REVERB_APP_ID: 'a',
      REVERB_APP_KEY: 'k',
      REVERB_APP_SECRET: 's',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REVERB_APP_ACTIVITY_TIMEOUT: '5',
      REVERB_ALLOWED_ORIGINS: 'app.test, *.renderfarm.ir',
      REVERB_APP_MAX_CONNECTIONS: '100',
      REVERB_MAX_CONNECTIONS: '800',
      REVERB_MAX_CONNECTIONS_PER_IP: '20',
      TRUSTED_PROXIES: '10.0.0.0/8, ::1',
    });
    expect(config).toMatchObject({
      port: 3100,
      host: '0.0.0.0',
      redisUrl: 'redis://127.0.0.1:6379',
      activityTimeout: 5,
      maxConnectionsTotal: 800,
      maxConnectionsPerIp: 20,
      trustedProxies: ['10.0.0.0/8', '::1'],
    });
    expect(config.apps[0]).toEqual({
      id: 'a',
      key: 'k',
      secret: 's',
      maxConnections: 100,
      allowedOrigins: ['app.test', '*.renderfarm.ir'],
    });
    expect(configFromEnv({ REVERB_APP_ID: 'a', REVERB_APP_KEY: 'k', REVERB_APP_SECRET: 's' }).port).toBe(
      3000,
    );
  });

  it('refuses incomplete or invalid settings', () => {
    expect(() => configFromEnv({})).toThrow(ConfigError);
    expect(() =>
      configFromEnv({ REVERB_APP_ID: 'a', REVERB_APP_KEY: 'k', REVERB_APP_SECRET: 's', REVERB_PORT: 'abc' }),
    ).toThrow(ConfigError);
    expect(() => resolveConfig({ apps: [] })).toThrow(ConfigError);
    expect(() => resolveConfig({ apps: [{ id: '1', key: 'k', secret: 's' }], activityTimeout: 0 })).toThrow(
      ConfigError,
    );
  });
});
