/**
 * ClusterState shared through Redis so several realtime processes act as one server.
 *
 * - Fan-out: every envelope is PUBLISHed on `<prefix>:bus`; the origin delivers locally at once
 *   and the others deliver on receipt (the origin skips its own echo by node id).
 * - Presence: cluster-wide per-user connection counts and member info in two hashes per channel,
 *   changed by Lua scripts so "first connection" / "last connection" is decided atomically even
 *   when two nodes race. Each node also records its own presence entries so they can be reaped.
 * - Liveness: each node refreshes `<prefix>:node:<id>:alive` (TTL = activityTimeout / 2) every
 *   activityTimeout / 6. Any node that finds a registered peer without that key reaps it: its
 *   presence entries leave (member_removed is published), its users go offline, its counters go.
 *   So a killed process's members disappear within the activity timeout.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { CACHE_TTL_SECONDS, type ClusterState, type Envelope, type PresenceMember } from './cluster-state.js';
import { ClusterUnavailableError } from './errors.js';

const JOIN_LUA = `
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('SADD', KEYS[3], ARGV[3])
return n`;

// Idempotent: an entry already removed (by the reaper or a second leave) changes nothing.
const LEAVE_LUA = `
if redis.call('SREM', KEYS[3], ARGV[2]) == 0 then return -1 end
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
  return 0
end
return n`;

const USER_CONNECT_LUA = `
redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
return redis.call('HINCRBY', KEYS[1], ARGV[1], 1)`;

const USER_DISCONNECT_LUA = `
local mine = redis.call('HINCRBY', KEYS[2], ARGV[1], -1)
if mine < 0 then redis.call('HDEL', KEYS[2], ARGV[1]) return -1 end
if mine == 0 then redis.call('HDEL', KEYS[2], ARGV[1]) end
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) return 0 end
return n`;

// Subtracts a dead node's per-user counts from the cluster counts; returns users now offline.
const REAP_USERS_LUA = `
local gone = {}
local entries = redis.call('HGETALL', KEYS[2])
for i = 1, #entries, 2 do
  local n = redis.call('HINCRBY', KEYS[1], entries[i], -tonumber(entries[i + 1]))
  if n <= 0 then redis.call('HDEL', KEYS[1], entries[i]) table.insert(gone, entries[i]) end
end
redis.call('DEL', KEYS[2])
return gone`;

type BusMessage = { node: string; envelope: Envelope };

export interface RedisStateOptions {
  url: string;
  prefix: string;
  /** Seconds; drives the heartbeat period and TTL. */
  activityTimeout: number;
  appIds: string[];
  onError: (error: unknown) => void;
}

export class RedisState implements ClusterState {
  readonly nodeId = `${process.pid}-${randomBytes(6).toString('hex')}`;
  private readonly cmd: Redis;
  private readonly sub: Redis;
  private readonly prefix: string;
  private readonly bus: string;
  private handler: (envelope: Envelope) => void = () => {};
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly ttlMs: number;
  private readonly periodMs: number;

  private constructor(private readonly options: RedisStateOptions) {
    this.prefix = options.prefix;
    this.bus = `${options.prefix}:bus`;
    this.cmd = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.sub = new Redis(options.url, { lazyConnect: true });
    this.ttlMs = Math.max(100, Math.round((options.activityTimeout * 1000) / 2));
    this.periodMs = Math.max(50, Math.round((options.activityTimeout * 1000) / 6));
    this.cmd.on('error', options.onError);
    this.sub.on('error', options.onError);
  }

  static async connect(options: RedisStateOptions): Promise<RedisState> {
    const state = new RedisState(options);
    await Promise.all([state.cmd.connect(), state.sub.connect()]);
    state.sub.on('message', (channel: string, raw: string) => {
      if (channel !== state.bus) return;
      let message: BusMessage;
      try {
        message = JSON.parse(raw) as BusMessage;
      } catch (error) {
        options.onError(error);
        return;
      }
      if (message.node !== state.nodeId) state.handler(message.envelope);
    });
    await state.sub.subscribe(state.bus);
    await state.beat();
    state.heartbeat = setInterval(() => {
      state.beat().catch(options.onError);
    }, state.periodMs);
    state.heartbeat.unref();
    return state;
  }

  private nodeKey(node: string, part: string): string {
    return `${this.prefix}:node:${node}:${part}`;
  }

  private presenceKeys(appId: string, channel: string, node = this.nodeId): [string, string, string] {
    const base = `${this.prefix}:presence:${appId}:${channel}`;
    return [`${base}:count`, `${base}:info`, this.nodeKey(node, 'presence')];
  }

  /** Refreshes this node's liveness key, then reaps peers whose key expired. */
  private async beat(): Promise<void> {
    await this.cmd
      .multi()
      .set(this.nodeKey(this.nodeId, 'alive'), '1', 'PX', this.ttlMs)
      .sadd(`${this.prefix}:nodes`, this.nodeId)
      .exec();
    const nodes = await this.cmd.smembers(`${this.prefix}:nodes`);
    for (const node of nodes) {
      if (node === this.nodeId) continue;
      if (await this.cmd.exists(this.nodeKey(node, 'alive'))) continue;
      // One reaper per dead node: the lock outlives a reap but not a crash of the reaper.
      const locked = await this.cmd.set(`${this.prefix}:reap:${node}`, this.nodeId, 'PX', 10_000, 'NX');
      if (locked) await this.reap(node);
    }
  }

  private async reap(node: string): Promise<void> {
    const entries = await this.cmd.smembers(this.nodeKey(node, 'presence'));
    for (const raw of entries) {
      const [appId, channel, , userId] = JSON.parse(raw) as [string, string, string, string];
      const [count, info, nodeSet] = this.presenceKeys(appId, channel, node);
      const left = (await this.cmd.eval(LEAVE_LUA, 3, count, info, nodeSet, userId, raw)) as number;
      if (left === 0) {
        await this.publish({
          type: 'event',
          appId,
          channel,
          event: 'pusher_internal:member_removed',
          data: JSON.stringify({ user_id: userId }),
        });
      }
    }
    for (const appId of this.options.appIds) {
      const gone = (await this.cmd.eval(
        REAP_USERS_LUA,
        2,
        `${this.prefix}:users:${appId}`,
        this.nodeKey(node, `users:${appId}`),
      )) as string[];
      for (const userId of gone) await this.publish({ type: 'online', appId, userId, online: false });
    }
    await this.dropNode(node);
  }

  private async dropNode(node: string): Promise<void> {
    const keys = [
      this.nodeKey(node, 'presence'),
      this.nodeKey(node, 'connections'),
      this.nodeKey(node, 'alive'),
    ];
    for (const appId of this.options.appIds)
      keys.push(this.nodeKey(node, `channels:${appId}`), this.nodeKey(node, `users:${appId}`));
    await this.cmd
      .multi()
      .del(...keys)
      .srem(`${this.prefix}:nodes`, node)
      .exec();
  }

  private async liveNodes(): Promise<string[]> {
    const nodes = await this.cmd.smembers(`${this.prefix}:nodes`);
    if (nodes.length === 0) return [];
    const alive = await Promise.all(
      nodes.map((n) => (n === this.nodeId ? 1 : this.cmd.exists(this.nodeKey(n, 'alive')))),
    );
    return nodes.filter((_, i) => alive[i]);
  }

  onEnvelope(handler: (envelope: Envelope) => void): void {
    this.handler = handler;
  }

  async publish(envelope: Envelope): Promise<void> {
    this.handler(envelope);
    // Delivered here; a lost Redis keeps it from the other nodes, which the publisher must hear
    // (to try again) as that, not as an unexplained failure.
    await this.cmd
      .publish(this.bus, JSON.stringify({ node: this.nodeId, envelope } satisfies BusMessage))
      .catch((error: unknown) => {
        throw new ClusterUnavailableError(error);
      });
  }

  private entry(appId: string, channel: string, socketId: string, userId: string): string {
    return JSON.stringify([appId, channel, socketId, userId]);
  }

  async presenceJoin(
    appId: string,
    channel: string,
    socketId: string,
    member: PresenceMember,
  ): Promise<{ first: boolean }> {
    const userId = String(member.user_id);
    const n = (await this.cmd.eval(
      JOIN_LUA,
      3,
      ...this.presenceKeys(appId, channel),
      userId,
      JSON.stringify(member),
      this.entry(appId, channel, socketId, userId),
    )) as number;
    return { first: n === 1 };
  }

  async presenceLeave(
    appId: string,
    channel: string,
    socketId: string,
    userId: string,
  ): Promise<{ last: boolean }> {
    const n = (await this.cmd.eval(
      LEAVE_LUA,
      3,
      ...this.presenceKeys(appId, channel),
      userId,
      this.entry(appId, channel, socketId, userId),
    )) as number;
    return { last: n === 0 };
  }

  async presenceMembers(appId: string, channel: string): Promise<PresenceMember[]> {
    const info = await this.cmd.hvals(this.presenceKeys(appId, channel)[1]);
    return info.map((raw) => JSON.parse(raw) as PresenceMember);
  }

  async channelAdd(appId: string, channel: string, delta: number): Promise<void> {
    const key = this.nodeKey(this.nodeId, `channels:${appId}`);
    const n = await this.cmd.hincrby(key, channel, delta);
    if (n <= 0) await this.cmd.hdel(key, channel);
  }

  async channelCounts(appId: string): Promise<Map<string, number>> {
    const totals = new Map<string, number>();
    for (const node of await this.liveNodes()) {
      const counts = await this.cmd.hgetall(this.nodeKey(node, `channels:${appId}`));
      for (const [channel, n] of Object.entries(counts)) {
        const value = (totals.get(channel) ?? 0) + Number(n);
        if (value > 0) totals.set(channel, value);
      }
    }
    return totals;
  }

  async connectionAdd(appId: string, delta: number): Promise<void> {
    await this.cmd.hincrby(this.nodeKey(this.nodeId, 'connections'), appId, delta);
  }

  async connectionCount(appId: string): Promise<number> {
    let total = 0;
    for (const node of await this.liveNodes())
      total += Number((await this.cmd.hget(this.nodeKey(node, 'connections'), appId)) ?? 0);
    return total;
  }

  async userConnect(appId: string, userId: string): Promise<{ first: boolean }> {
    const n = (await this.cmd.eval(
      USER_CONNECT_LUA,
      2,
      `${this.prefix}:users:${appId}`,
      this.nodeKey(this.nodeId, `users:${appId}`),
      userId,
    )) as number;
    return { first: n === 1 };
  }

  async userDisconnect(appId: string, userId: string): Promise<{ last: boolean }> {
    const n = (await this.cmd.eval(
      USER_DISCONNECT_LUA,
      2,
      `${this.prefix}:users:${appId}`,
      this.nodeKey(this.nodeId, `users:${appId}`),
      userId,
    )) as number;
    return { last: n === 0 };
  }

  async onlineUsers(appId: string, userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const counts = await this.cmd.hmget(`${this.prefix}:users:${appId}`, ...userIds);
    return userIds.filter((_, i) => Number(counts[i] ?? 0) > 0);
  }

  async cacheSet(appId: string, channel: string, message: { event: string; data: unknown }): Promise<void> {
    await this.cmd
      .set(`${this.prefix}:cache:${appId}:${channel}`, JSON.stringify(message), 'EX', CACHE_TTL_SECONDS)
      .catch((error: unknown) => {
        throw new ClusterUnavailableError(error);
      });
  }

  async cacheGet(appId: string, channel: string): Promise<{ event: string; data: unknown } | null> {
    const raw = await this.cmd.get(`${this.prefix}:cache:${appId}:${channel}`);
    return raw ? (JSON.parse(raw) as { event: string; data: unknown }) : null;
  }

  /** Leaves the cluster: the caller has already disconnected local sockets (and so left presence). */
  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    try {
      await this.dropNode(this.nodeId);
    } finally {
      this.sub.disconnect();
      await this.cmd.quit().catch(() => this.cmd.disconnect());
    }
  }
}
