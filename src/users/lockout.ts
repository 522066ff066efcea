// Lock-out after repeated failed sign-ins, per username (whether or not it exists, so the answer
// never tells which usernames are real) and per IP address (so one machine cannot try many
// usernames). Pure rule over the recorded attempts, plus the policy from configuration.

export interface LockoutPolicy {
  /** Failures in a row that lock a username. */
  maxFailures: number;
  /** How long the lock lasts, and how far back failures count (ms). */
  windowMs: number;
  /** Failures from one IP address within the window that stop sign-ins from it. */
  maxIpFailures: number;
}

export function lockoutPolicy(config: { LOGIN_MAX_FAILURES: number; LOGIN_LOCKOUT_MINUTES: number }): LockoutPolicy {
  return { maxFailures: config.LOGIN_MAX_FAILURES, windowMs: config.LOGIN_LOCKOUT_MINUTES * 60_000, maxIpFailures: Math.max(20, config.LOGIN_MAX_FAILURES * 10) };
}

/**
 * When the username is locked until, given its latest attempts (newest first, within the window
 * and after any password reset): locked when the latest `maxFailures` attempts all failed; the lock
 * ends `windowMs` after the last of them. Null when not locked.
 */
export function lockedUntil(attempts: { succeeded: number; created_at: number }[], policy: LockoutPolicy, now: number): number | null {
  const latest = attempts.slice(0, policy.maxFailures);
  if (latest.length < policy.maxFailures || latest.some((a) => a.succeeded === 1)) return null;
  const until = Number(latest[0]!.created_at) + policy.windowMs;
  return until > now ? until : null;
}
