// When a failed delivery is tried again: quickly at first (a receiver restarting), then ever more
// slowly, then every 12 hours, until the retry round has lasted at least 3 days.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Delay after the 1st, 2nd, … failed attempt; after the last one, every 12 h. */
export const RETRY_DELAYS_MS = [1 * SECOND, 5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, 1 * HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR];
export const LATER_DELAY_MS = 12 * HOUR;
/** A delivery is marked failed only after its first failed attempt at least this long after its round began. */
export const RETRY_WINDOW_MS = 3 * 24 * HOUR;

/**
 * The time of the next attempt after `failedAttempts` failed attempts in a round that began at
 * `roundStartedAt`, or null when the round is over and the delivery is failed. `scale` shrinks
 * the whole schedule (tests); `jitter` (0…1) spreads retries of many deliveries apart by up to 10 %.
 */
export function nextAttemptAt(failedAttempts: number, roundStartedAt: number, now: number, scale = 1, jitter = Math.random()): number | null {
  if (now - roundStartedAt >= RETRY_WINDOW_MS * scale) return null;
  const delay = (RETRY_DELAYS_MS[failedAttempts - 1] ?? LATER_DELAY_MS) * scale;
  return now + Math.round(delay * (1 + 0.1 * jitter));
}
