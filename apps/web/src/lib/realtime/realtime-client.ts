import { createRealtimeClient } from '@renderfarm/realtime/client';
import type { RealtimeProps } from '../../types/shared-props';

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;

let current: { signature: string; client: RealtimeClient } | undefined;

/**
 * One websocket per tab, made from the `realtime` shared prop (key, host, port). The layouts
 * remount on area changes; the connection must not. A changed configuration (another deploy)
 * replaces it.
 */
export function realtimeClient(config: RealtimeProps): RealtimeClient {
  const signature = JSON.stringify(config);
  if (current?.signature === signature) return current.client;
  current?.client.disconnect();
  const tls = config.scheme === 'https' || (!config.scheme && window.location.protocol === 'https:');
  const port = config.port ?? 3000;
  const client = createRealtimeClient({
    key: config.key,
    wsHost: config.host || window.location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
  });
  current = { signature, client };
  return client;
}

/** The socket id of the tab's connection, if one is open (sent as X-Socket-ID so we skip our own echoes). */
export function currentSocketId(): string | null {
  return current?.client.socketId() ?? null;
}
