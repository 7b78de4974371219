/**
 * Fixed one-second window counter. Cheap enough to run on every frame of every socket; the
 * Pusher limit (10 client events per second) is defined per second, so a window matches it.
 */
export class RateLimiter {
  private windowStart = 0;
  private count = 0;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; false when the current second is already full. */
  take(): boolean {
    const t = this.now();
    if (t - this.windowStart >= 1000) {
      this.windowStart = t;
      this.count = 0;
    }
    if (this.count >= this.perSecond) return false;
    this.count++;
    return true;
  }
}
