/**
 * How many sockets this process holds, in all and per client address. Every socket costs memory
 * in this process (about 47 KB each: 5,000 from one address took 234 MB), so both are capped;
 * a socket over a cap is refused with 4100 "Over capacity", which Pusher clients meet by
 * reconnecting after a backoff. Checked and counted in one synchronous step, so a burst cannot
 * slip past between the check and the count.
 */
export class ConnectionCaps {
  private total = 0;
  private readonly byAddress = new Map<string, number>();

  constructor(
    private readonly maxTotal: number | null,
    private readonly maxPerAddress: number | null,
  ) {}

  /** Counts a socket from `address` and returns true, or returns false when a cap is reached. */
  admit(address: string): boolean {
    const fromAddress = this.byAddress.get(address) ?? 0;
    if (this.maxTotal !== null && this.total >= this.maxTotal) return false;
    if (this.maxPerAddress !== null && fromAddress >= this.maxPerAddress) return false;
    this.total += 1;
    this.byAddress.set(address, fromAddress + 1);
    return true;
  }

  /** Forgets a socket that `admit` counted. */
  release(address: string): void {
    const fromAddress = this.byAddress.get(address) ?? 0;
    if (fromAddress <= 1) this.byAddress.delete(address);
    else this.byAddress.set(address, fromAddress - 1);
    this.total = Math.max(0, this.total - 1);
  }
}
