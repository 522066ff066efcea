// When a failed job runs again, shared by both job backends. A failure is one of three kinds:
// - a dependency was unavailable (object storage, the database, a company register, the network):
//   the job is not at fault, so the attempt is not counted; the job is retried with jittered
//   exponential backoff (capped at JOBS_RETRY_MAX_DELAY_SECONDS) for JOBS_RETRY_HOURS after its
//   first failure, and its queue pauses meanwhile;
// - the handler chose its next run itself (RetryAt: a webhook receiver's schedule), bounded by the
//   job's attempts as before;
// - the job failed on its own: retried with the same backoff up to its attempts (JOBS_MAX_ATTEMPTS)
//   and never past JOBS_RETRY_HOURS.
// Pure functions: the caller passes the clock.

/** Thrown by a handler that decides itself when its job runs again (its own retry schedule). */
export class RetryAt extends Error {
  constructor(
    message: string,
    readonly retryAt: number,
  ) {
    super(message);
  }
}

/** Thrown (or wrapped as a cause) when something the job needs is unavailable, not the job itself. */
export class DependencyUnavailable extends Error {
  constructor(
    message: string,
    readonly dependency: Dependency,
    readonly retryAt?: number,
  ) {
    super(message);
    this.name = 'DependencyUnavailable';
  }
}

export type Dependency = 'storage' | 'database' | 'register' | 'network';

export type Failure = { kind: 'dependency'; dependency: Dependency; retryAt?: number } | { kind: 'scheduled'; retryAt: number } | { kind: 'own' };

export interface RetryPolicy {
  /** Attempts a job failing on its own gets (its own maxAttempts when it has one). */
  maxAttempts: number;
  /** How long after its first failure a job is still retried, whatever the kind of failure (ms). */
  retryForMs: number;
  /** Longest delay between two attempts (ms). */
  maxDelayMs: number;
}

/** The policy when none is configured (tests): the defaults of JOBS_MAX_ATTEMPTS, JOBS_RETRY_HOURS and JOBS_RETRY_MAX_DELAY_SECONDS. */
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 8, retryForMs: 6 * 3_600_000, maxDelayMs: 120_000 };

/** The policy of a configuration. */
export function retryPolicyOf(config: { JOBS_MAX_ATTEMPTS: number; JOBS_RETRY_HOURS: number; JOBS_RETRY_MAX_DELAY_SECONDS: number }): RetryPolicy {
  return { maxAttempts: config.JOBS_MAX_ATTEMPTS, retryForMs: config.JOBS_RETRY_HOURS * 3_600_000, maxDelayMs: config.JOBS_RETRY_MAX_DELAY_SECONDS * 1000 };
}

/** Socket and DNS errors of a dependency that does not answer. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET']);
/** PostgreSQL: connection lost or refused, server shutting down or out of connections, lock or statement timeouts, serialization conflicts. */
const DATABASE_CODES = /^(08...|57P0[123]|53300|55P03|57014|40001|40P01)$/;
/** SQLite: the database is busy or locked by another writer. */
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_IOERR']);
const DATABASE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/** What kind of failure an error is; it and its causes are looked at (up to a few levels). */
export function classifyFailure(err: unknown): Failure {
  if (err instanceof RetryAt) return { kind: 'scheduled', retryAt: err.retryAt };
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    if (e instanceof DependencyUnavailable) return { kind: 'dependency', dependency: e.dependency, ...(e.retryAt ? { retryAt: e.retryAt } : {}) };
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      // The blob store's own error (storage/blobs.ts), known by its stable code.
      if (code === 'storage_unavailable') return { kind: 'dependency', dependency: 'storage' };
      if (DATABASE_CODES.test(code) || SQLITE_CODES.has(code)) return { kind: 'dependency', dependency: 'database' };
      if (NETWORK_CODES.has(code)) return { kind: 'dependency', dependency: 'network' };
    }
    if (e instanceof Error && DATABASE_MESSAGES.test(e.message)) return { kind: 'dependency', dependency: 'database' };
    e = (e as { cause?: unknown }).cause;
  }
  return { kind: 'own' };
}

/** Delay before attempt `attempt + 1`: 1 s, 2 s, 4 s … with ±20 % jitter, never above maxDelayMs. */
export function retryDelayMs(attempt: number, maxDelayMs = 3_600_000, random: () => number = Math.random): number {
  const base = Math.min(maxDelayMs, 1000 * 2 ** Math.min(30, Math.max(0, attempt - 1)));
  return Math.min(maxDelayMs, Math.round(base * (0.8 + random() * 0.4)));
}

export interface FailedAttempt {
  /** Attempts counted so far, this one included (dependency failures are not counted). */
  attempts: number;
  /** Dependency failures in a row, this one included (0 for other kinds); drives their backoff. */
  dependencyStreak: number;
  maxAttempts: number;
  /** When the job first failed (epoch ms; now, for its first failure). */
  failingSince: number;
}

export interface RetryDecision {
  /** When to run again, or null to fail for good. */
  retryAt: number | null;
  /** Whether this attempt counts against the job's attempts. */
  counted: boolean;
  failure: Failure;
  /** Why the job gave up, when it did. */
  gaveUp?: string;
}

/** What to do after a failed attempt, at time `now`. */
export function decideRetry(policy: RetryPolicy, failure: Failure, job: FailedAttempt, now: number, random: () => number = Math.random): RetryDecision {
  const deadline = job.failingSince + policy.retryForMs;
  const hours = Math.round((policy.retryForMs / 3_600_000) * 10) / 10;
  if (failure.kind === 'scheduled') {
    if (job.attempts >= job.maxAttempts) return { retryAt: null, counted: true, failure, gaveUp: `${job.attempts} attempts spent` };
    return { retryAt: failure.retryAt, counted: true, failure };
  }
  if (failure.kind === 'dependency') {
    const at = Math.max(failure.retryAt ?? 0, now + retryDelayMs(job.dependencyStreak, policy.maxDelayMs, random));
    if (at > deadline) return { retryAt: null, counted: false, failure, gaveUp: `the ${failure.dependency} was still unavailable after ${hours} h of retries` };
    return { retryAt: at, counted: false, failure };
  }
  if (job.attempts >= job.maxAttempts) return { retryAt: null, counted: true, failure, gaveUp: `${job.attempts} attempts spent` };
  const at = now + retryDelayMs(job.attempts, policy.maxDelayMs, random);
  if (at > deadline) return { retryAt: null, counted: true, failure, gaveUp: `still failing after ${hours} h` };
  return { retryAt: at, counted: true, failure };
}
