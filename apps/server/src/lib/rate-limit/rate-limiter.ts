/** The answer to one counted attempt. */
export interface RateLimitResult {
  /** True while the attempts in the current window, this one included, are within the limit. */
  allowed: boolean;
  /** Attempts still allowed in the current window after this one. */
  remaining: number;
  /** Whole seconds until the window resets and attempts are allowed again; 0 when allowed. */
  retryAfter: number;
}

/**
 * Fixed-window counters: the first hit on a key opens a window of `windowSeconds`; every hit in
 * it counts, refused ones too, so hammering a locked key does not shorten the wait.
 * Implementations: in memory (one process) and Redis (shared by every node, REDIS_URL).
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** The current state of a key without counting an attempt. */
  peek(key: string, limit: number): Promise<RateLimitResult>;
  /**
   * Gives one counted attempt back (never below zero, the window kept): a sign-in reserves its
   * place with `hit` before the password is checked, and a right password returns the IP's place.
   */
  release(key: string): Promise<void>;
  /** Forgets a key (a successful sign-in clears its failure counter). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** The same result arithmetic for every implementation. */
export function rateLimitResult(count: number, limit: number, msLeft: number): RateLimitResult {
  const allowed = count <= limit;
  return {
    allowed,
    remaining: Math.max(0, limit - count),
    retryAfter: allowed ? 0 : Math.max(1, Math.ceil(msLeft / 1000)),
  };
}

export function assertLimitArguments(limit: number, windowSeconds: number): void {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer: ${limit}`);
  if (!(windowSeconds > 0)) throw new RangeError(`windowSeconds must be positive: ${windowSeconds}`);
}
