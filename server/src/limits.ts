/**
 * A token-bucket rate limiter, per key (a token's hash, or a client's address). Each key may make `burst`
 * requests at once and `rate` per second after that. One process counts only its own requests: this
 * protects the process and the store from a runaway client; real limits belong at the edge (docs/backend.md).
 *
 * @module
 */

interface Bucket {
  tokens: number;
  at: number;
}

/** Requests per second and burst of a limiter; a rate of 0 turns it off. */
export interface Rate {
  readonly perSecond: number;
  readonly burst: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly timer: NodeJS.Timeout | null;

  constructor(
    readonly rate: Rate,
    /** The most keys kept; a new key beyond it is refused until idle ones are swept. */
    readonly maxKeys = 100_000,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.timer = rate.perSecond > 0 ? setInterval(() => this.sweep(), 10_000) : null;
    this.timer?.unref();
  }

  /** Takes one request from `key`'s bucket: 0 when allowed, else the seconds to wait. */
  take(key: string): number {
    const { perSecond, burst } = this.rate;
    if (perSecond <= 0) return 0;
    const now = this.now();
    let b = this.buckets.get(key);
    if (b === undefined) {
      if (this.buckets.size >= this.maxKeys) return 1;
      b = { tokens: burst, at: now };
      this.buckets.set(key, b);
    } else {
      b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * perSecond);
      b.at = now;
    }
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / perSecond));
  }

  /** Whether `key` has a request left, without taking it. */
  peek(key: string): boolean {
    const { perSecond, burst } = this.rate;
    if (perSecond <= 0) return true;
    const b = this.buckets.get(key);
    if (b === undefined) return this.buckets.size < this.maxKeys;
    return Math.min(burst, b.tokens + ((this.now() - b.at) / 1000) * perSecond) >= 1;
  }

  /** Forgets buckets that have filled up again: they hold nothing a new bucket would not. */
  sweep(): void {
    const now = this.now();
    const { perSecond, burst } = this.rate;
    for (const [key, b] of this.buckets) if (b.tokens + ((now - b.at) / 1000) * perSecond >= burst) this.buckets.delete(key);
  }

  /** Keys held now (for tests). */
  get size(): number {
    return this.buckets.size;
  }

  close(): void {
    if (this.timer !== null) clearInterval(this.timer);
  }
}
