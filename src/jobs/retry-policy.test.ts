// The retry policy with a clock the test controls: a dependency outage of any length up to
// JOBS_RETRY_HOURS is waited out without spending attempts, with backoff capped at the longest
// delay; past the bound the job gives up; a job's own failures spend its attempts.
import { describe, expect, it } from 'vitest';
import { BlobStoreUnavailableError } from '../storage/blobs.ts';
import { RegisterUnavailable } from '../entities/registers/connector.ts';
import { classifyFailure, decideRetry, DependencyUnavailable, RetryAt, retryDelayMs, type RetryPolicy } from './retry-policy.ts';

const policy: RetryPolicy = { maxAttempts: 8, retryForMs: 6 * 3_600_000, maxDelayMs: 120_000 };

describe('classifying failures', () => {
  it('tells a dependency outage from a job failing on its own', () => {
    expect(classifyFailure(new BlobStoreUnavailableError('the object store did not answer'))).toEqual({ kind: 'dependency', dependency: 'storage' });
    expect(classifyFailure(new RegisterUnavailable('Companies House answered 503', 42))).toEqual({ kind: 'dependency', dependency: 'register', retryAt: 42 });
    expect(classifyFailure(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toMatchObject({ kind: 'dependency' });
    expect(classifyFailure(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toEqual({ kind: 'dependency', dependency: 'database' });
    expect(classifyFailure(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))).toEqual({ kind: 'dependency', dependency: 'database' });
    expect(classifyFailure(new Error('reading failed', { cause: new BlobStoreUnavailableError('down') }))).toEqual({ kind: 'dependency', dependency: 'storage' });
    expect(classifyFailure(new DependencyUnavailable('the mail relay is down', 'network'))).toEqual({ kind: 'dependency', dependency: 'network' });
    expect(classifyFailure(new RetryAt('receiver busy', 99))).toEqual({ kind: 'scheduled', retryAt: 99 });
    expect(classifyFailure(new TypeError('x is undefined'))).toEqual({ kind: 'own' });
    expect(classifyFailure('a string')).toEqual({ kind: 'own' });
  });
});

describe('deciding the next attempt', () => {
  it('grows the delay with jitter and caps it', () => {
    expect(retryDelayMs(1, 120_000, () => 0)).toBe(800);
    expect(retryDelayMs(1, 120_000, () => 1)).toBe(1200);
    expect(retryDelayMs(5, 120_000, () => 0.5)).toBe(16_000);
    for (let attempt = 1; attempt < 60; attempt++) expect(retryDelayMs(attempt, 120_000)).toBeLessThanOrEqual(120_000);
  });

  it('waits out a storage outage of five hours without spending an attempt, then gives up past the bound', () => {
    const failure = classifyFailure(new BlobStoreUnavailableError('the object store did not answer'));
    const start = Date.parse('2026-01-01T00:00:00Z');
    let now = start;
    let streak = 0;
    let attempts = 1;
    let retries = 0;
    // Five hours of outage, the clock moved to each chosen retry time.
    while (now < start + 5 * 3_600_000) {
      streak++;
      const d = decideRetry(policy, failure, { attempts, maxAttempts: 2, dependencyStreak: streak, failingSince: start }, now);
      expect(d.retryAt).not.toBeNull();
      expect(d.counted).toBe(false);
      expect(d.retryAt! - now).toBeLessThanOrEqual(policy.maxDelayMs);
      expect(d.retryAt!).toBeGreaterThan(now);
      now = d.retryAt!;
      retries++;
      // Not counted: the attempts stay where they were, far below the 2 allowed.
      attempts = d.counted ? attempts + 1 : attempts;
    }
    expect(attempts).toBe(1);
    // Capped at two minutes, five hours is at least 150 retries, each costing the queue one try.
    expect(retries).toBeGreaterThanOrEqual(150);
    // Past six hours, the job gives up and says why.
    const late = decideRetry(policy, failure, { attempts, maxAttempts: 2, dependencyStreak: streak + 1, failingSince: start }, start + 6 * 3_600_000 - 1000);
    expect(late.retryAt).toBeNull();
    expect(late.gaveUp).toMatch(/storage was still unavailable after 6 h/);
  });

  it("a register's own retry time is kept when it is later than the backoff", () => {
    const d = decideRetry(policy, { kind: 'dependency', dependency: 'register', retryAt: 1_000_000 }, { attempts: 1, maxAttempts: 8, dependencyStreak: 1, failingSince: 0 }, 0);
    expect(d.retryAt).toBe(1_000_000);
  });

  it("spends a job's own attempts, and a handler's schedule is bounded by them too", () => {
    const own = { kind: 'own' } as const;
    expect(decideRetry(policy, own, { attempts: 3, maxAttempts: 8, dependencyStreak: 0, failingSince: 0 }, 0)).toMatchObject({ counted: true });
    expect(decideRetry(policy, own, { attempts: 3, maxAttempts: 8, dependencyStreak: 0, failingSince: 0 }, 0).retryAt).toBeGreaterThan(0);
    expect(decideRetry(policy, own, { attempts: 8, maxAttempts: 8, dependencyStreak: 0, failingSince: 0 }, 0)).toMatchObject({ retryAt: null, gaveUp: '8 attempts spent' });
    expect(decideRetry(policy, { kind: 'scheduled', retryAt: 5 }, { attempts: 2, maxAttempts: 3, dependencyStreak: 0, failingSince: 0 }, 0).retryAt).toBe(5);
    expect(decideRetry(policy, { kind: 'scheduled', retryAt: 5 }, { attempts: 3, maxAttempts: 3, dependencyStreak: 0, failingSince: 0 }, 0).retryAt).toBeNull();
    // Never past the time bound, even with attempts left.
    expect(decideRetry(policy, own, { attempts: 2, maxAttempts: 8, dependencyStreak: 0, failingSince: 0 }, 6 * 3_600_000).retryAt).toBeNull();
  });
});
