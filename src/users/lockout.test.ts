import { describe, expect, it } from 'vitest';
import { MAX_LOCK_MS, lockDuration, lockedUntil, lockoutPolicy, refusalOf } from './lockout.ts';

const policy = lockoutPolicy({ LOGIN_MAX_FAILURES: 3, LOGIN_LOCKOUT_MINUTES: 10 });
const fail = (at: number) => ({ succeeded: 0, created_at: at });
const ok = (at: number) => ({ succeeded: 1, created_at: at });

describe('lockedUntil', () => {
  it('locks after the set number of failures in a row, for the lock-out time after the last one', () => {
    const now = 1_000_000;
    expect(lockedUntil([fail(now - 1), fail(now - 2)], policy, now)).toBeNull();
    expect(lockedUntil([fail(now - 1), fail(now - 2), fail(now - 3)], policy, now)).toBe(now - 1 + 600_000);
  });

  it('does not lock when a success came in between, and unlocks once the time is over', () => {
    const now = 1_000_000;
    expect(lockedUntil([fail(now - 1), ok(now - 2), fail(now - 3), fail(now - 4)], policy, now)).toBeNull();
    expect(lockedUntil([fail(now - 600_001), fail(now - 600_002), fail(now - 600_003)], policy, now)).toBeNull();
  });

  it('lets many failures from one address stop sign-ins from it', () => {
    expect(policy.maxIpFailures).toBeGreaterThanOrEqual(20);
  });

  it('doubles the lock with every failure past the limit, up to a day', () => {
    expect(lockDuration(2, policy)).toBe(0);
    expect(lockDuration(3, policy)).toBe(600_000);
    expect(lockDuration(4, policy)).toBe(1_200_000);
    expect(lockDuration(5, policy)).toBe(2_400_000);
    expect(lockDuration(40, policy)).toBe(MAX_LOCK_MS);
    const now = 10_000_000;
    expect(lockedUntil([fail(now - 1), fail(now - 2), fail(now - 3), fail(now - 4)], policy, now)).toBe(now - 1 + 1_200_000);
  });

  it('throttles a busy source unless it is known to the account', () => {
    const now = 1_000_000;
    const busy = { attempts: [], sourceFailures: policy.maxIpFailures, oldestSourceFailure: now - 10 };
    expect(refusalOf({ ...busy, known: false }, policy, now)).toEqual({ reason: 'throttled', retryAt: now - 10 + 600_000 });
    expect(refusalOf({ ...busy, known: true }, policy, now)).toBeNull();
  });
});
