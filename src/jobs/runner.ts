// The jobs-table worker: claims due jobs with one atomic statement, holds each under a lease it
// renews while the job runs (a heartbeat), and records outcomes in the table. A job held by a
// process that died is taken over once its lease lapses (JOBS_LEASE_MS, 30 s by default). A
// runner claims only the jobs it has definitions for, so several runners (jobs, deliveries) with
// their own concurrency share one table. The lifecycle and the retry policy are WorkerLoop's.
import type { Logger } from 'pino';
import type { Db, Dialect } from '../db/db.ts';
import { claimJobs, failJob, finishJob, renewLease } from '../db/jobs.repo.ts';
import { DEFAULT_RETRY, type RetryDecision, type RetryPolicy } from './retry-policy.ts';
import { WorkerLoop, type HeldJob } from './worker-loop.ts';

export { RetryAt, retryDelayMs } from './retry-policy.ts';

export interface RunnerOptions {
  concurrency: number;
  pollMs: number;
  leaseMs: number;
  claimPauseMs: number;
  retry?: RetryPolicy;
  /** Most slots one API client's jobs hold at once (0: all but one). */
  clientSlots?: number;
}

export class JobRunner extends WorkerLoop {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    log: Logger,
    private readonly runnerOpts: RunnerOptions,
  ) {
    super(
      log,
      {
        concurrency: runnerOpts.concurrency,
        pollMs: runnerOpts.pollMs,
        heartbeatMs: Math.floor(runnerOpts.leaseMs / 3),
        claimPauseMs: runnerOpts.claimPauseMs,
        retry: runnerOpts.retry ?? DEFAULT_RETRY,
        clientSlots: runnerOpts.clientSlots,
      },
      'job runner',
    );
  }

  protected async fetch(names: string[], free: number, full: string[]): Promise<HeldJob[]> {
    const rows = await claimJobs(this.db, this.dialect, this.workerId, this.runnerOpts.leaseMs, names, free, full);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      payload: parsePayload(row.payload),
      row,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      failingSince: row.first_failed_at === null ? null : Number(row.first_failed_at),
      fairKey: row.fair_key,
    }));
  }

  /** A job whose lease lapsed more often than it has attempts (its holders keep dying) is not tried again. */
  protected override precheck(job: HeldJob): string | null {
    return job.attempts > job.maxAttempts ? (job.row.last_error ?? 'lease lapsed too often') : null;
  }

  protected async renew(job: HeldJob): Promise<void> {
    await renewLease(this.db, job.id, this.workerId, this.runnerOpts.leaseMs);
  }

  protected complete(job: HeldJob): Promise<void> {
    return finishJob(this.db, job.id, this.workerId);
  }

  protected record(job: HeldJob, message: string, decision: RetryDecision): Promise<void> {
    return failJob(this.db, job.id, this.workerId, message, decision.retryAt, { refund: !decision.counted });
  }
}

/** The stored payload, or undefined when it is not JSON (which the definition check then refuses). */
function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
