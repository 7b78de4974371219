import { randomBytes } from 'node:crypto';
import type { SessionRecord } from './session-store';

/** 40 URL-safe random characters (240 bits), for session ids and CSRF tokens. */
export const randomToken = (): string => randomBytes(30).toString('base64url');

interface Payload {
  data: Record<string, unknown>;
  /** Flashed this request: readable on the next one. */
  flash: Record<string, unknown>;
  token: string;
}

const readPayload = (raw: Record<string, unknown> | undefined): Payload => ({
  data: (raw?.data as Record<string, unknown>) ?? {},
  flash: (raw?.flash as Record<string, unknown>) ?? {},
  token: typeof raw?.token === 'string' ? raw.token : '',
});

/**
 * A request's session. Values live server-side; flash values set now are readable on the next
 * request only (validation errors, "saved" messages). `regenerate()` gives the session a new id
 * (call it at sign-in: session fixation), `invalidate()` also drops its data and CSRF token.
 */
export class Session {
  #id: string;
  #userId: string | number | null;
  #data: Record<string, unknown>;
  #flashNext: Record<string, unknown> = {};
  #flashNow: Record<string, unknown>;
  #token: string;
  #dirty: boolean;
  readonly #retired: string[] = [];
  readonly #lastActivity: Date;
  readonly isNew: boolean;

  constructor(record: SessionRecord | undefined) {
    const payload = readPayload(record?.payload);
    this.isNew = !record;
    this.#id = record?.id ?? randomToken();
    this.#userId = record?.userId ?? null;
    this.#data = payload.data;
    this.#flashNow = payload.flash;
    this.#token = payload.token || randomToken();
    this.#lastActivity = record?.lastActivity ?? new Date(0);
    // A new session, a fresh token or flash values to age out must be written back.
    this.#dirty = !record || !payload.token || Object.keys(payload.flash).length > 0;
  }

  get id(): string {
    return this.#id;
  }

  /** The signed-in user's id, or null for a guest. */
  get userId(): string | number | null {
    return this.#userId;
  }

  set userId(value: string | number | null) {
    this.#userId = value;
    this.#dirty = true;
  }

  /** The CSRF token (also sent as the XSRF-TOKEN cookie and the csrf-token meta tag). */
  get token(): string {
    return this.#token;
  }

  get<T = unknown>(key: string): T | undefined {
    if (Object.hasOwn(this.#flashNext, key)) return this.#flashNext[key] as T;
    if (Object.hasOwn(this.#data, key)) return this.#data[key] as T;
    return this.#flashNow[key] as T | undefined;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set(key: string, value: unknown): void {
    this.#data[key] = value;
    this.#dirty = true;
  }

  forget(key: string): void {
    delete this.#data[key];
    this.#dirty = true;
  }

  all(): Record<string, unknown> {
    return { ...this.#flashNow, ...this.#data, ...this.#flashNext };
  }

  /** Store a value for the next request only. */
  flash(key: string, value: unknown): void {
    this.#flashNext[key] = value;
    this.#dirty = true;
  }

  /** Values flashed by the previous request (what this request should show). */
  flashed(): Record<string, unknown> {
    return { ...this.#flashNow };
  }

  /** Keep this request's flash values for one more request (e.g. after a 409 version reload). */
  reflash(): void {
    // Nothing to keep: no write (a live reload's partial request stays free of session writes).
    if (Object.keys(this.#flashNow).length === 0) return;
    this.#flashNext = { ...this.#flashNow, ...this.#flashNext };
    this.#dirty = true;
  }

  /** New id, same data: call at sign-in and privilege changes so a planted id is worthless. */
  regenerate(): void {
    this.#retired.push(this.#id);
    this.#id = randomToken();
    this.#dirty = true;
  }

  /** New id, no data, no user, new CSRF token: sign-out. */
  invalidate(): void {
    this.regenerate();
    this.#data = {};
    this.#flashNow = {};
    this.#flashNext = {};
    this.#userId = null;
    this.#token = randomToken();
  }

  regenerateToken(): void {
    this.#token = randomToken();
    this.#dirty = true;
  }

  /** Whether the store must be written: changed, or last activity older than `touchAfterMs`. */
  needsSave(now: number, touchAfterMs: number): boolean {
    return this.#dirty || now - this.#lastActivity.getTime() >= touchAfterMs;
  }

  /** Ids this session had before `regenerate()`, to delete from the store. */
  get retiredIds(): readonly string[] {
    return this.#retired;
  }

  toRecord(meta: { ipAddress: string | null; userAgent: string | null }, now: Date): SessionRecord {
    return {
      id: this.#id,
      userId: this.#userId,
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
      payload: { data: this.#data, flash: this.#flashNext, token: this.#token },
      lastActivity: now,
    };
  }
}
