/** One server-side session (the cookie carries only its signed id). */
export interface SessionRecord {
  id: string;
  userId: string | number | null;
  ipAddress: string | null;
  userAgent: string | null;
  payload: Record<string, unknown>;
  lastActivity: Date;
}

/**
 * Where sessions live. The app's database store implements this too (table `sessions`: id, user
 * id, ip, user agent, payload, last activity).
 */
export interface SessionStore {
  /** The record, or undefined when missing or expired. */
  get(id: string): Promise<SessionRecord | undefined>;
  /** Create or replace; the store may drop it after `ttlSeconds` without activity. */
  set(record: SessionRecord, ttlSeconds: number): Promise<void>;
  destroy(id: string): Promise<void>;
}

/** In-process store for tests and single-process servers. */
export class MemorySessionStore implements SessionStore {
  // Kept serialised: reads hand out fresh copies (a JSON round trip is cheaper than structuredClone).
  readonly #records = new Map<string, { json: string; expiresAt: number }>();

  async get(id: string): Promise<SessionRecord | undefined> {
    const entry = this.#records.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.#records.delete(id);
      return undefined;
    }
    const record = JSON.parse(entry.json) as Omit<SessionRecord, 'lastActivity'> & { lastActivity: string };
    return { ...record, lastActivity: new Date(record.lastActivity) };
  }

  async set(record: SessionRecord, ttlSeconds: number): Promise<void> {
    this.#records.set(record.id, { json: JSON.stringify(record), expiresAt: Date.now() + ttlSeconds * 1000 });
  }

  async destroy(id: string): Promise<void> {
    this.#records.delete(id);
  }

  /** Number of live sessions (tests, metrics). */
  get size(): number {
    return this.#records.size;
  }
}
