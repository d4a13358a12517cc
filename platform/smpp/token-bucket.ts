// A rate limit per account in segments per second with a burst of a few seconds' worth, shared by all its binds.
// Time comes from the caller's clock so the arithmetic is testable without waiting.

export interface TokenBucketOptions {
  /** segments per second the account may send. */
  ratePerSecond: number;
  /** seconds of rate the bucket holds when full (the burst). */
  burstSeconds?: number;
  now: () => number;
}

export class TokenBucket {
  private tokens: number;
  private last: number;
  private rate: number;
  private burstSeconds: number;

  constructor(private readonly opts: TokenBucketOptions) {
    this.rate = opts.ratePerSecond;
    this.burstSeconds = opts.burstSeconds ?? 2;
    this.tokens = this.capacity;
    this.last = opts.now();
  }

  get capacity(): number {
    return Math.max(1, this.rate * this.burstSeconds);
  }

  private refill(): void {
    const now = this.opts.now();
    const elapsed = Math.max(0, now - this.last) / 1000;
    this.last = Math.max(this.last, now);
    this.tokens = Math.min(this.capacity, this.tokens + elapsed * this.rate);
  }

  /**
   * Takes `cost` segments when they are there. A cost above the whole capacity is let through on a full bucket
   * (taking it to a debt) so one long message is never refused for ever.
   */
  tryTake(cost: number): boolean {
    this.refill();
    if (this.tokens >= cost || (cost > this.capacity && this.tokens >= this.capacity)) {
      this.tokens -= cost;
      return true;
    }
    return false;
  }

  /** Milliseconds until `cost` segments would be there. */
  waitMs(cost: number): number {
    this.refill();
    const need = Math.min(cost, this.capacity) - this.tokens;
    return need <= 0 ? 0 : Math.ceil((need / this.rate) * 1000);
  }

  /** A changed max speed applies from now; the tokens already earned stay, up to the new capacity. */
  setRate(ratePerSecond: number): void {
    this.refill();
    this.rate = ratePerSecond;
    this.tokens = Math.min(this.tokens, this.capacity);
  }

  get available(): number {
    this.refill();
    return this.tokens;
  }
}

/** One bucket per account, created on first use with the account's current rate. */
export class AccountBuckets {
  private readonly buckets = new Map<string, { bucket: TokenBucket; rate: number }>();

  constructor(private readonly opts: { burstSeconds?: number; now: () => number }) {}

  take(accountId: string, ratePerSecond: number, cost: number): boolean {
    let entry = this.buckets.get(accountId);
    if (!entry) {
      entry = {
        bucket: new TokenBucket({ ratePerSecond, burstSeconds: this.opts.burstSeconds, now: this.opts.now }),
        rate: ratePerSecond,
      };
      this.buckets.set(accountId, entry);
    } else if (entry.rate !== ratePerSecond) {
      entry.bucket.setRate(ratePerSecond);
      entry.rate = ratePerSecond;
    }
    return entry.bucket.tryTake(cost);
  }

  /** Milliseconds until `cost` segments would be there for the account (0 for an account not seen yet). */
  waitMs(accountId: string, cost: number): number {
    return this.buckets.get(accountId)?.bucket.waitMs(cost) ?? 0;
  }

  forget(accountId: string): void {
    this.buckets.delete(accountId);
  }
}
