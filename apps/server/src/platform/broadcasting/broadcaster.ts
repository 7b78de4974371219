import { createPublisher, PublishError, type RealtimeServer } from '@renderfarm/realtime/server';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isRedisConnectionError } from '../../lib/redis-ping';
import type { JobHandler } from '../jobs';
import { discardQueued, enqueue, QuietRetryError } from '../jobs';

export interface BroadcastEvent {
  channels: string | string[];
  event: string;
  data: unknown;
  /** The sender's socket (X-Socket-ID): it does not receive its own event. */
  socketId?: string | undefined;
}

/**
 * Laravel's `broadcast(...)->toOthers()`, spread into an event: it skips the browser tab whose
 * action caused it (the request's X-Socket-ID, `actor.socketId`). That tab already has the answer
 * of its own request; reloading again on its echo would only cost a second render. Other tabs and
 * other people still hear it. The socket goes into the outbox entry with the event, so a late
 * publish by the worker skips the same tab.
 */
export function toOthers(actor: { socketId?: string | null | undefined }): Pick<BroadcastEvent, 'socketId'> {
  return actor.socketId ? { socketId: actor.socketId } : {};
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
 * A publish that failed only because Redis, which joins the realtime servers, is away: from the
 * realtime server in this process, or answered so (503 `cluster_unavailable`) by the one the
 * worker sends to. The process's Redis watcher says once that Redis is lost, and the outbox
 * publishes the event again later, so such a failure is not worth a line of its own each time.
 */
export function isRealtimeLinkLost(error: unknown): boolean {
  // In process the cause is at hand (ClusterUnavailableError wraps the link's own error); over
  // HTTP only the realtime server's word is, which also covers a Redis that refuses (rare: full).
  if (isRedisConnectionError(error)) return true;
  return error instanceof PublishError && error.reason === 'cluster_unavailable';
}

/** The outbox job: publishes one event the request could not publish itself. */
export const BROADCAST_JOB = 'broadcast.publish';
/**
 * How long an outbox entry waits for the request that wrote it to publish the event and remove
 * it; after that the worker publishes it. Events are nudges (pages reload their data), so the
 * rare double delivery when a publish takes longer than this is harmless; a lost one is not.
 */
export const OUTBOX_GRACE_MS = 30_000;

/**
 * Runs `work` in a transaction and publishes the events it queued only after the commit, so no
 * listener hears of a change that was rolled back. Each event is also written to the outbox (a
 * delayed job) in the same transaction: published at once, the entry is removed; if the publish
 * fails or the process dies first, the worker publishes it later. A publish failure never undoes
 * the committed change.
 */
export async function transactionWithBroadcasts<T>(
  db: Database,
  broadcaster: Broadcaster,
  work: (tx: Transaction, broadcast: (event: BroadcastEvent) => void) => Promise<T>,
  onPublishError: (error: unknown, event: BroadcastEvent) => void = () => {},
): Promise<T> {
  const queued: BroadcastEvent[] = [];
  const { result, outbox } = await db.transaction(async (tx) => {
    const result = await work(tx, (event) => queued.push(event));
    const runAt = new Date(Date.now() + OUTBOX_GRACE_MS);
    const outbox: number[] = [];
    for (const event of queued) {
      const { job } = await enqueue(tx, BROADCAST_JOB, { event: { ...event } }, { runAt, maxAttempts: 10 });
      outbox.push(job.id);
    }
    return { result, outbox };
  });
  const published = await Promise.all(
    queued.map((event, i) =>
      broadcaster.publish(event).then(
        () => outbox[i]!,
        (error) => {
          if (!isRealtimeLinkLost(error)) onPublishError(error, event);
          return null;
        },
      ),
    ),
  );
  await discardQueued(
    db,
    published.filter((id): id is number => id !== null),
  ).catch((error) => onPublishError(error, queued[0]!));
  return result;
}

/**
 * The worker's side of the outbox: publish the stored event (throwing retries it with backoff).
 * While Redis is away the retries stay quiet: the Redis watcher has said so once.
 */
export function createBroadcastJobHandler(broadcaster: Broadcaster): JobHandler {
  return async (job) => {
    const { event } = job.payload as { event: BroadcastEvent };
    await broadcaster.publish(event).catch((error: unknown) => {
      throw isRealtimeLinkLost(error) ? new QuietRetryError(error) : error;
    });
  };
}
