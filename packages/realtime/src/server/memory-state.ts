/** Single-process ClusterState: plain maps, delivery is a direct call. */
import { CACHE_TTL_SECONDS, type ClusterState, type Envelope, type PresenceMember } from './cluster-state.js';

function bump(map: Map<string, number>, key: string, delta: number): number {
  const next = (map.get(key) ?? 0) + delta;
  if (next <= 0) map.delete(key);
  else map.set(key, next);
  return next;
}

export class MemoryState implements ClusterState {
  private handler: (envelope: Envelope) => void = () => {};
  /** app\0channel → userId → {member, sockets}. */
  private readonly presence = new Map<
    string,
    Map<string, { member: PresenceMember; sockets: Set<string> }>
  >();
  private readonly channels = new Map<string, Map<string, number>>();
  private readonly connections = new Map<string, number>();
  private readonly users = new Map<string, number>();
  private readonly cache = new Map<string, { message: { event: string; data: unknown }; expires: number }>();

  onEnvelope(handler: (envelope: Envelope) => void): void {
    this.handler = handler;
  }

  async publish(envelope: Envelope): Promise<void> {
    this.handler(envelope);
  }

  async presenceJoin(
    appId: string,
    channel: string,
    socketId: string,
    member: PresenceMember,
  ): Promise<{ first: boolean }> {
    const key = `${appId}\0${channel}`;
    let users = this.presence.get(key);
    if (!users) {
      users = new Map();
      this.presence.set(key, users);
    }
    const id = String(member.user_id);
    const entry = users.get(id);
    if (entry) {
      entry.member = member;
      entry.sockets.add(socketId);
      return { first: false };
    }
    users.set(id, { member, sockets: new Set([socketId]) });
    return { first: true };
  }

  async presenceLeave(
    appId: string,
    channel: string,
    socketId: string,
    userId: string,
  ): Promise<{ last: boolean }> {
    const key = `${appId}\0${channel}`;
    const users = this.presence.get(key);
    const entry = users?.get(userId);
    if (!users || !entry?.sockets.delete(socketId)) return { last: false };
    if (entry.sockets.size > 0) return { last: false };
    users.delete(userId);
    if (users.size === 0) this.presence.delete(key);
    return { last: true };
  }

  async presenceMembers(appId: string, channel: string): Promise<PresenceMember[]> {
    const users = this.presence.get(`${appId}\0${channel}`);
    return users ? [...users.values()].map((e) => e.member) : [];
  }

  async channelAdd(appId: string, channel: string, delta: number): Promise<void> {
    let counts = this.channels.get(appId);
    if (!counts) {
      counts = new Map();
      this.channels.set(appId, counts);
    }
    bump(counts, channel, delta);
  }

  async channelCounts(appId: string): Promise<Map<string, number>> {
    return new Map(this.channels.get(appId) ?? []);
  }

  async connectionAdd(appId: string, delta: number): Promise<void> {
    bump(this.connections, appId, delta);
  }

  async connectionCount(appId: string): Promise<number> {
    return this.connections.get(appId) ?? 0;
  }

  async userConnect(appId: string, userId: string): Promise<{ first: boolean }> {
    return { first: bump(this.users, `${appId}\0${userId}`, 1) === 1 };
  }

  async userDisconnect(appId: string, userId: string): Promise<{ last: boolean }> {
    const key = `${appId}\0${userId}`;
    if (!this.users.has(key)) return { last: false };
    return { last: bump(this.users, key, -1) <= 0 };
  }

  async onlineUsers(appId: string, userIds: string[]): Promise<string[]> {
    return userIds.filter((id) => this.users.has(`${appId}\0${id}`));
  }

  async cacheSet(appId: string, channel: string, message: { event: string; data: unknown }): Promise<void> {
    this.cache.set(`${appId}\0${channel}`, { message, expires: Date.now() + CACHE_TTL_SECONDS * 1000 });
  }

  async cacheGet(appId: string, channel: string): Promise<{ event: string; data: unknown } | null> {
    const key = `${appId}\0${channel}`;
    const entry = this.cache.get(key);
    if (!entry) return null;
    if (entry.expires <= Date.now()) {
      this.cache.delete(key);
      return null;
    }
    return entry.message;
  }

  async close(): Promise<void> {}
}
