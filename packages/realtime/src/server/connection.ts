/** One websocket client of one app, with its subscriptions, signed-in user and limits. */
import type { WebSocket } from 'ws';
import type { ResolvedApp } from './config.js';
import { RateLimiter } from './rate-limiter.js';

export interface Subscription {
  /** Set for presence channels: the member id this socket joined with. */
  presenceUserId?: string;
  /** The member's `user_id` as the app sent it (number or string), echoed in member_removed. */
  presenceRawId?: string | number;
}

export class Connection {
  readonly channels = new Map<string, Subscription>();
  readonly messageLimiter: RateLimiter;
  readonly clientEventLimiter: RateLimiter;
  /** Set by pusher:signin. */
  user: { id: string; data: string } | undefined;
  watchlist: string[] = [];
  lastSeen = Date.now();
  pingSentAt: number | undefined;
  /** False until connection_established was sent (quota checks are asynchronous). */
  ready = false;
  closed = false;
  /** Serialises this socket's message handling so subscribe/unsubscribe keep their order. */
  queue: Promise<void> = Promise.resolve();

  constructor(
    readonly socketId: string,
    readonly app: ResolvedApp,
    readonly ws: WebSocket,
  ) {
    this.messageLimiter = new RateLimiter(app.messagesPerSecond);
    this.clientEventLimiter = new RateLimiter(app.clientEventsPerSecond);
  }

  touch(): void {
    this.lastSeen = Date.now();
    this.pingSentAt = undefined;
  }

  /** Sends a pre-serialised frame; silently drops it when the socket is no longer open. */
  sendRaw(frame: string): void {
    if (this.ws.readyState === 1) this.ws.send(frame);
  }

  send(message: { event: string; channel?: string; data?: unknown }): void {
    this.sendRaw(JSON.stringify(message));
  }
}
