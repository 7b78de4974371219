import type { RealtimeServerConfig } from '@renderfarm/realtime/server';
import type { Config } from '../../config';

/**
 * The realtime server's settings from the app's own (the fixed REVERB_* names). Only the app's
 * own pages may open a socket (the Origin a browser sends must be APP_URL's host, unless
 * REVERB_ALLOWED_ORIGINS says otherwise): another site's page cannot ride a visitor's browser in.
 * A page this app served is accepted too, by whatever host name it was opened (localhost,
 * 127.0.0.1, a LAN address): the socket's own host name at the app's PORT or APP_URL's port.
 */
export function realtimeConfig(config: Config, onError?: (error: unknown) => void): RealtimeServerConfig {
  const allowedOrigins = config.REVERB_ALLOWED_ORIGINS?.length
    ? config.REVERB_ALLOWED_ORIGINS
    : [new URL(config.APP_URL).host];
  return {
    port: config.REVERB_PORT,
    host: config.REVERB_HOST,
    apps: [
      {
        id: config.REVERB_APP_ID,
        key: config.REVERB_APP_KEY,
        secret: config.REVERB_APP_SECRET,
        allowedOrigins,
        pageServerPorts: [...new Set([config.PORT, appUrlPort(config.APP_URL)])],
      },
    ],
    maxConnectionsTotal: config.REVERB_MAX_CONNECTIONS,
    maxConnectionsPerIp: config.REVERB_MAX_CONNECTIONS_PER_IP,
    trustedProxies: config.TRUSTED_PROXIES,
    ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}),
    ...(onError ? { onError } : {}),
  };
}

function appUrlPort(appUrl: string): number {
  const url = new URL(appUrl);
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}
