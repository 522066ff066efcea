// A sliding-window limiter for a register's published rate limit (Companies House: 600 requests
// per 5 minutes per key). It waits for a free slot when the wait is short, and otherwise says when
// to come back, so a job can be rescheduled instead of holding a worker.

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

export class SlidingWindowLimiter {
  private readonly times: number[] = [];
  private head = 0;
  private blockedUntil = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock = realClock,
    private readonly maxWaitMs = 10_000,
  ) {}

  /** Takes a slot now or after a short wait; returns the time to retry when the wait would be long. */
  async acquire(): Promise<{ ok: true } | { ok: false; retryAt: number }> {
    for (;;) {
      const now = this.clock.now();
      if (now < this.blockedUntil) {
        if (this.blockedUntil - now > this.maxWaitMs) return { ok: false, retryAt: this.blockedUntil };
        await this.clock.sleep(this.blockedUntil - now);
        continue;
      }
      while (this.head < this.times.length && this.times[this.head]! <= now - this.windowMs) this.head++;
      if (this.head > 1024) {
        this.times.splice(0, this.head);
        this.head = 0;
      }
      if (this.times.length - this.head < this.limit) {
        this.times.push(now);
        return { ok: true };
      }
      const freeAt = this.times[this.head]! + this.windowMs;
      if (freeAt - now > this.maxWaitMs) return { ok: false, retryAt: freeAt };
      await this.clock.sleep(freeAt - now);
    }
  }

  /** The register said "too many requests": take no slot before `until`. */
  blockUntil(until: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, until);
  }
}
