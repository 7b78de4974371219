import { createPublisher, type RealtimeServer } from '@renderfarm/realtime/server';
import type { Config } from '../../config';
import type { Database } from '../../db/client';

export interface BroadcastEvent {
  channels: string | string[];
  event: string;
  data: unknown;
  /** The sender's socket (X-Socket-ID): it does not receive its own event. */
  socketId?: string | undefined;
}

export interface Broadcaster {
  publish(event: BroadcastEvent): Promise<void>;
}

/**
 * Publishes through the in-process realtime server when there is one, else through the signed
 * HTTP API of the realtime process (REVERB_HOST:REVERB_PORT).
 */
export function createBroadcaster(config: Config, realtime?: RealtimeServer): Broadcaster {
  if (realtime) {
    return {
      publish: ({ channels, event, data, socketId }) =>
        realtime.trigger(channels, event, data, socketId ? { socketId } : {}),
    };
  }
  const publisher = createPublisher({
    appId: config.REVERB_APP_ID,
    key: config.REVERB_APP_KEY,
    secret: config.REVERB_APP_SECRET,
    host: config.REVERB_HOST,
    port: config.REVERB_PORT,
  });
  return {
    publish: async ({ channels, event, data, socketId }) => {
      await publisher.trigger(channels, event, data, socketId ? { socketId } : {});
    },
  };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs `work` in a transaction and publishes the events it queued only after the commit, so no
 * listener hears of a change that was rolled back. A publish failure is logged, never undoes the
 * committed change.
 */
export async function transactionWithBroadcasts<T>(
  db: Database,
  broadcaster: Broadcaster,
  work: (tx: Transaction, broadcast: (event: BroadcastEvent) => void) => Promise<T>,
  onPublishError: (error: unknown, event: BroadcastEvent) => void = () => {},
): Promise<T> {
  const queued: BroadcastEvent[] = [];
  const result = await db.transaction((tx) => work(tx, (event) => queued.push(event)));
  await Promise.all(
    queued.map((event) => broadcaster.publish(event).catch((error) => onPublishError(error, event))),
  );
  return result;
}
