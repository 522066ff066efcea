// A fixed-window request counter per key (a conversation id, an IP address), kept in this process:
// enough for the embedded default; several processes each count their own share.
export class WindowLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; returns 0 when allowed, else the seconds until the window resets. */
  hit(key: string): number {
    if (this.max <= 0) return 0;
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size > 50_000) this.sweep(now);
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return w.count > this.max ? Math.max(1, Math.ceil((w.resetAt - now) / 1000)) : 0;
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
