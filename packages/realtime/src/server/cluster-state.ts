/**
 * The state a realtime node shares with its peers: fan-out of published events, presence
 * membership, per-channel subscription counts, connection counts, online users and cache-channel
 * payloads. `MemoryState` keeps it in-process (one node); `RedisState` shares it through Redis so
 * every node answers the same presence list and counts (Reverb gets this wrong, reverb#273).
 */

export interface PresenceMember {
  user_id: string | number;
  user_info?: unknown;
}

/** A message fanned out to every node; each node delivers it to its local sockets. */
export type Envelope =
  | {
      type: 'event';
      appId: string;
      channel: string;
      event: string;
      /** The `data` field exactly as it goes on the wire (usually a JSON string). */
      data: unknown;
      exceptSocketId?: string | undefined;
      /** Top-level `user_id` (presence client events). */
      userId?: string | undefined;
    }
  | { type: 'terminate'; appId: string; userId: string }
  | { type: 'online'; appId: string; userId: string; online: boolean };

/** Pusher keeps a cache channel's last event for 30 minutes. */
export const CACHE_TTL_SECONDS = 30 * 60;

export interface ClusterState {
  /** Delivers on this node immediately and on every other node through the shared bus. */
  publish(envelope: Envelope): Promise<void>;
  /** Registers the local delivery function (called once by the server). */
  onEnvelope(handler: (envelope: Envelope) => void): void;

  /** Adds one connection of `member` to a presence channel; `first` = the user's first connection. */
  presenceJoin(
    appId: string,
    channel: string,
    socketId: string,
    member: PresenceMember,
  ): Promise<{ first: boolean }>;
  /** Removes one connection; `last` = it was the user's last connection to the channel. */
  presenceLeave(appId: string, channel: string, socketId: string, userId: string): Promise<{ last: boolean }>;
  presenceMembers(appId: string, channel: string): Promise<PresenceMember[]>;

  /** Changes this node's subscriber count of a channel. */
  channelAdd(appId: string, channel: string, delta: number): Promise<void>;
  /** Subscriber counts of occupied channels, summed over live nodes. */
  channelCounts(appId: string): Promise<Map<string, number>>;

  connectionAdd(appId: string, delta: number): Promise<void>;
  connectionCount(appId: string): Promise<number>;

  /** Counts a signed-in user's connection; `first` = the user just came online. */
  userConnect(appId: string, userId: string): Promise<{ first: boolean }>;
  /** `last` = the user just went offline on every node. */
  userDisconnect(appId: string, userId: string): Promise<{ last: boolean }>;
  onlineUsers(appId: string, userIds: string[]): Promise<string[]>;

  cacheSet(appId: string, channel: string, message: { event: string; data: unknown }): Promise<void>;
  cacheGet(appId: string, channel: string): Promise<{ event: string; data: unknown } | null>;

  close(): Promise<void>;
}
