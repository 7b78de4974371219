import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { realtimeConfig } from './realtime-config';

// The realtime package enforces these (packages/realtime: connection-caps.test.ts, server.test.ts);
// here, that the app hands them over.
describe('the realtime server as the app configures it', () => {
  it('takes sockets only from pages of APP_URL', () => {
    expect(realtimeConfig(loadConfig({ APP_URL: 'https://farm.example' })).apps[0]!.allowedOrigins).toEqual([
      'farm.example',
    ]);
    expect(realtimeConfig(loadConfig({})).apps[0]!.allowedOrigins).toEqual(['localhost:8000']);
  });

  it('takes the allowed origins from REVERB_ALLOWED_ORIGINS when set', () => {
    const config = loadConfig({
      APP_URL: 'https://farm.example',
      REVERB_ALLOWED_ORIGINS: 'farm.example, *.farm.example',
    });
    expect(realtimeConfig(config).apps[0]!.allowedOrigins).toEqual(['farm.example', '*.farm.example']);
  });

  it('caps sockets per address and in all, with safe defaults, behind the trusted proxies', () => {
    expect(realtimeConfig(loadConfig({}))).toMatchObject({
      maxConnectionsTotal: 5000,
      maxConnectionsPerIp: 100,
      trustedProxies: [],
    });
    const set = loadConfig({
      REVERB_MAX_CONNECTIONS: '900',
      REVERB_MAX_CONNECTIONS_PER_IP: '12',
      TRUSTED_PROXIES: '10.0.0.0/8',
    });
    expect(realtimeConfig(set)).toMatchObject({
      maxConnectionsTotal: 900,
      maxConnectionsPerIp: 12,
      trustedProxies: ['10.0.0.0/8'],
    });
  });
});
