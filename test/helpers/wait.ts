// Waiting in tests without betting on the machine's speed: every wait polls a condition and gives
// up only after a deadline stretched by TEST_TIMEOUT_SCALE. Unset, the factor follows how busy the
// machine is when the tests start (load average per core, from 1 up to 6), so a loaded machine is
// given time rather than failing tests. A test never sleeps a fixed time hoping that something has
// happened meanwhile.
import os from 'node:os';

/** The factor every test deadline is multiplied by: TEST_TIMEOUT_SCALE, or the machine's load. */
export const timeoutScale = (() => {
  const set = Number(process.env.TEST_TIMEOUT_SCALE);
  if (Number.isFinite(set) && set > 0) return set;
  const perCore = os.loadavg()[0]! / Math.max(1, os.availableParallelism());
  return Math.round(Math.min(6, Math.max(1, perCore)) * 10) / 10;
})();

/** `ms` stretched by TEST_TIMEOUT_SCALE. */
export function scaled(ms: number): number {
  return Math.round(ms * timeoutScale);
}

export interface WaitOptions {
  /** Deadline before scaling (ms); default 30 s. */
  timeout?: number;
  /** Pause between two checks (ms); default 50. */
  interval?: number;
  /** What was waited for, named in the error when the deadline passes. */
  message?: string;
}

/**
 * Polls `check` until it returns a value other than undefined or false and returns that value;
 * fails after the scaled deadline. An error thrown by `check` ends the wait at once.
 */
export function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, opts: WaitOptions = {}): Promise<T> {
  return poll(check, (v): v is T => v !== undefined && v !== false, opts);
}

/** The loop behind waitFor and `eventually` (which counts only undefined as "not yet"). */
export async function poll<V, T extends V>(check: () => V | Promise<V>, done: (v: V) => v is T, opts: WaitOptions = {}): Promise<T> {
  const timeout = scaled(opts.timeout ?? 30_000);
  const interval = opts.interval ?? 50;
  const until = Date.now() + timeout;
  for (;;) {
    const v = await check();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`${opts.message ?? 'condition'} not met within ${timeout} ms (TEST_TIMEOUT_SCALE=${timeoutScale})`);
    await new Promise((r) => setTimeout(r, interval));
  }
}
