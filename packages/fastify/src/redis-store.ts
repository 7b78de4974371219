import type { SessionRecord, SessionStore } from './session-store';

/** The part of an ioredis client the store uses (ioredis is an optional peer dependency). */
export interface RedisLike {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, mode: 'EX', seconds: number): Promise<unknown>;
  del(key: string): Promise<unknown>;
}

/** Sessions in Redis, for several server processes behind one load balancer. */
export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: RedisLike,
    private readonly prefix = 'session:',
  ) {}

  async get(id: string): Promise<SessionRecord | undefined> {
    const raw = await this.redis.get(this.prefix + id);
    if (!raw) return undefined;
    const data = JSON.parse(raw) as Omit<SessionRecord, 'lastActivity'> & { lastActivity: string };
    return { ...data, lastActivity: new Date(data.lastActivity) };
  }

  async set(record: SessionRecord, ttlSeconds: number): Promise<void> {
    await this.redis.set(
      this.prefix + record.id,
      JSON.stringify(record),
      'EX',
      Math.max(1, Math.ceil(ttlSeconds)),
    );
  }

  async destroy(id: string): Promise<void> {
    await this.redis.del(this.prefix + id);
  }
}
