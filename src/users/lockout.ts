// Lock-out after repeated failed sign-ins, for back-office users and API clients alike. Pure rules
// over the recorded attempts, plus the policy from configuration:
// - an account (a username, whether or not it exists, so the answer never tells which usernames
//   are real) is locked after `maxFailures` failures in a row; each further failure past the limit
//   doubles the lock, up to a day;
// - a source address with many failures (across usernames) is throttled;
// - a source that signed in to the account successfully not long ago is "known" for it: neither
//   the account lock nor the source throttle applies to it, only its own failures in a row for that
//   account count. So nobody elsewhere can lock a user out of the places the user works from.

export interface LockoutPolicy {
  /** Failures in a row that lock a username. */
  maxFailures: number;
  /** How long the first lock lasts, and how far back failures of a source count (ms). */
  windowMs: number;
  /** Failures from one address within the window that stop sign-ins from it. */
  maxIpFailures: number;
  /** How long after a successful sign-in its address stays known for the account (ms; 0: never). */
  knownSourceMs: number;
}

/** The longest a lock lasts, however many failures came before it. */
export const MAX_LOCK_MS = 24 * 3600_000;
/** Doublings of the lock past the first one (even a 1-minute lock reaches a day: 2^11 min > 24 h). */
const MAX_DOUBLINGS = 11;
/** Attempts read to decide: enough to see the whole progression. */
export const ATTEMPTS_READ = (policy: LockoutPolicy) => policy.maxFailures + MAX_DOUBLINGS + 1;

export function lockoutPolicy(config: { LOGIN_MAX_FAILURES: number; LOGIN_LOCKOUT_MINUTES: number; LOGIN_KNOWN_SOURCE_DAYS?: number }): LockoutPolicy {
  return {
    maxFailures: config.LOGIN_MAX_FAILURES,
    windowMs: config.LOGIN_LOCKOUT_MINUTES * 60_000,
    maxIpFailures: Math.max(20, config.LOGIN_MAX_FAILURES * 10),
    knownSourceMs: (config.LOGIN_KNOWN_SOURCE_DAYS ?? 30) * 86_400_000,
  };
}

/** How long the lock after `failures` failures in a row lasts (ms); 0 below the limit. */
export function lockDuration(failures: number, policy: LockoutPolicy): number {
  if (failures < policy.maxFailures) return 0;
  const doublings = Math.min(failures - policy.maxFailures, MAX_DOUBLINGS);
  return Math.min(MAX_LOCK_MS, Math.max(policy.windowMs, policy.windowMs * 2 ** doublings));
}

/**
 * When the username is locked until, given its latest attempts (newest first, after any password
 * reset; an attempt still being checked counts as failed): locked when the latest `maxFailures`
 * attempts all failed; the lock ends `lockDuration` after the last of them. Null when not locked.
 */
export function lockedUntil(attempts: { succeeded: number; created_at: number }[], policy: LockoutPolicy, now: number): number | null {
  let failures = 0;
  while (failures < attempts.length && attempts[failures]!.succeeded !== 1) failures++;
  if (failures < policy.maxFailures) return null;
  const until = Number(attempts[0]!.created_at) + lockDuration(failures, policy);
  return until > now ? until : null;
}

export type Refusal = { reason: 'locked' | 'throttled'; retryAt: number };

/**
 * Whether an attempt may go on to the password check. `attempts` are the account's latest attempts
 * (newest first; only those from this source when it is known), `sourceFailures` the failures
 * from this source within the window (ignored for a known source).
 */
export function refusalOf(
  input: { attempts: { succeeded: number; created_at: number }[]; known: boolean; sourceFailures: number; oldestSourceFailure: number | null },
  policy: LockoutPolicy,
  now: number,
): Refusal | null {
  if (!input.known && input.sourceFailures >= policy.maxIpFailures) {
    return { reason: 'throttled', retryAt: (input.oldestSourceFailure ?? now) + policy.windowMs };
  }
  const until = lockedUntil(input.attempts, policy, now);
  return until ? { reason: 'locked', retryAt: until } : null;
}
