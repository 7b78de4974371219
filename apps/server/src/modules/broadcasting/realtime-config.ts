import type { RealtimeServerConfig } from '@renderfarm/realtime/server';
import type { Config } from '../../config';

/** The realtime server's settings from the app's own (the fixed REVERB_* names). */
export function realtimeConfig(config: Config, onError?: (error: unknown) => void): RealtimeServerConfig {
  return {
    port: config.REVERB_PORT,
    host: config.REVERB_HOST,
    apps: [{ id: config.REVERB_APP_ID, key: config.REVERB_APP_KEY, secret: config.REVERB_APP_SECRET }],
    ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}),
    ...(onError ? { onError } : {}),
  };
}
