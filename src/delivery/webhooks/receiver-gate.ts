// Keeps one slow receiver from taking every delivery slot of a process. A receiver is "slow" once
// an attempt took SLOW_MS or more (or timed out) until an attempt to it is fast again; while slow,
// it gets at most `slowCap` attempts in flight, and its other deliveries wait (without counting as
// attempts) so that the remaining slots serve everyone else. Fast receivers are never limited.

export const SLOW_MS = 2000;

export class ReceiverGate {
  private readonly inFlight = new Map<string, number>();
  private readonly slow = new Set<string>();

  constructor(private readonly slowCap: number) {}

  /** Takes a slot for `receiver`, or returns false if it is slow and already has its share. */
  tryEnter(receiver: string): boolean {
    const n = this.inFlight.get(receiver) ?? 0;
    if (this.slow.has(receiver) && n >= this.slowCap) return false;
    this.inFlight.set(receiver, n + 1);
    return true;
  }

  leave(receiver: string, latencyMs: number, timedOut: boolean): void {
    const n = (this.inFlight.get(receiver) ?? 1) - 1;
    if (n > 0) this.inFlight.set(receiver, n);
    else this.inFlight.delete(receiver);
    if (timedOut || latencyMs >= SLOW_MS) this.slow.add(receiver);
    else this.slow.delete(receiver);
  }

  isSlow(receiver: string): boolean {
    return this.slow.has(receiver);
  }
}
