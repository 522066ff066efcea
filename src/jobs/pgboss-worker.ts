// The worker of the pg-boss backend (pgboss.ts): it fetches jobs from all its queues with one shared
// concurrency, standard queues in fair turns by API client and singleton queues through pg-boss's
// own fetch, keeps a running job's expiry ahead of it, and records each failure as the retry policy
// decides (a job that gives up goes to its dead-letter queue).
import type { Logger } from 'pino';
import type PgBoss from 'pg-boss';
import type { JobRow } from '../db/schema.ts';
import { claimFairPgBossJobs, exhaustRetries, kyselyExecutor, PGBOSS_FAIR_KEY, type PgBossClaimedRow, refundPgBossAttempt, renewPgBossJob, retryJobAt } from '../db/pgboss.repo.ts';
import type { Definition, PgBossBackend } from './pgboss.ts';
import { DEFAULT_RETRY, type RetryDecision, type RetryPolicy } from './retry-policy.ts';
import { WorkerLoop, type HeldJob } from './worker-loop.ts';

interface WorkerOptions {
  concurrency: number;
  pollMs: number;
  /** Fault injection for crash tests (JOBS_CLAIM_PAUSE_MS): pause after a job is fetched and before it runs. */
  claimPauseMs?: number;
  retry?: RetryPolicy;
  /** Most slots one API client's jobs hold at once (0: all but one). */
  clientSlots?: number;
}

/** Where a failed attempt's output keeps the time of the job's first failure (its retries are bounded from there). */
interface FailureOutput {
  message?: string;
  firstFailedAt?: number;
}

/** Runs the registered jobs from pg-boss with one concurrency shared by all of them (the counterpart of JobRunner). */
export class PgBossWorker extends WorkerLoop {
  private next = 0;

  constructor(
    private readonly backend: PgBossBackend,
    log: Logger,
    opts: WorkerOptions,
  ) {
    super(
      log,
      // A running job's expiry is pushed ahead three times per JOBS_EXPIRE_SECONDS: it expires (and another worker takes it) only once its holder is gone.
      {
        concurrency: opts.concurrency,
        pollMs: opts.pollMs,
        heartbeatMs: Math.floor((backend.expireSeconds * 1000) / 3),
        claimPauseMs: opts.claimPauseMs,
        retry: opts.retry ?? DEFAULT_RETRY,
        clientSlots: opts.clientSlots,
      },
      'pg-boss worker',
    );
  }

  protected override registered(definition: Definition): void {
    this.backend.declare(definition);
  }

  protected override async prepare(): Promise<void> {
    await this.backend.start();
    for (const name of this.handlers.keys()) await this.backend.ensureQueue(name);
  }

  /**
   * Round robin over the queues, so that a busy queue cannot starve the others. A standard queue
   * is claimed in fair turns by API client (claimFairPgBossJobs), like the jobs table; a singleton
   * queue through pg-boss's fetch, whose unique index keeps one active job per key.
   */
  protected async fetch(names: string[], free: number, full: string[]): Promise<HeldJob[]> {
    const held: HeldJob[] = [];
    for (let i = 0; i < names.length && held.length < free; i++) {
      const name = names[(this.next + i) % names.length]!;
      try {
        if (this.handlers.get(name)?.definition.singletonKey) {
          for (const job of await this.backend.boss.fetch<object>(name, { batchSize: 1, includeMetadata: true })) held.push(this.held(fromPgBoss(job)));
        } else {
          for (const row of await claimFairPgBossJobs(this.backend.database, name, free - held.length, full)) held.push(this.held(row));
        }
      } catch (err) {
        this.log.error({ err, job: name }, 'fetching a job failed');
      }
    }
    this.next = (this.next + 1) % Math.max(1, names.length);
    return held;
  }

  private held(job: PgBossClaimedRow): HeldJob {
    const attempts = job.retry_count + 1;
    const output = (job.output ?? {}) as FailureOutput;
    const { [PGBOSS_FAIR_KEY]: fairKey, ...payload } = (job.data ?? {}) as Record<string, unknown>;
    const row: JobRow = {
      id: job.id,
      name: job.name,
      payload: JSON.stringify(payload),
      status: 'running',
      attempts,
      max_attempts: job.retry_limit + 1,
      run_at: new Date(job.start_after).getTime(),
      locked_by: this.workerId,
      locked_until: null,
      last_error: typeof output.message === 'string' ? output.message : null,
      dedupe_key: null,
      created_at: new Date(job.created_on).toISOString(),
      updated_at: new Date().toISOString(),
      first_failed_at: typeof output.firstFailedAt === 'number' ? output.firstFailedAt : null,
      fair_key: typeof fairKey === 'string' ? fairKey : null,
    };
    return { id: job.id, name: job.name, payload, row, attempts, maxAttempts: row.max_attempts, failingSince: row.first_failed_at, fairKey: row.fair_key };
  }

  protected async renew(job: HeldJob): Promise<void> {
    await renewPgBossJob(this.backend.database, job.name, job.id, this.backend.expireSeconds);
  }

  protected async complete(job: HeldJob): Promise<void> {
    await this.backend.boss.complete(job.name, job.id);
  }

  /**
   * pg-boss counts every failure; one the policy does not count (a dependency outage) first gives
   * the job one more attempt. A job that gives up has its retries exhausted, so pg-boss moves it to
   * its dead-letter queue; one that retries runs at the time the policy chose.
   */
  protected async record(job: HeldJob, message: string, decision: RetryDecision): Promise<void> {
    const output: FailureOutput = { message, firstFailedAt: job.failingSince ?? Date.now() };
    await this.backend.database.transaction().execute(async (trx) => {
      if (decision.retryAt === null) await exhaustRetries(trx, job.name, job.id);
      else if (!decision.counted) await refundPgBossAttempt(trx, job.name, job.id);
      await this.backend.boss.fail(job.name, job.id, output, { db: kyselyExecutor(trx) });
      if (decision.retryAt !== null) await retryJobAt(trx, job.name, job.id, new Date(decision.retryAt));
    });
  }
}

/** A job fetched through pg-boss's API, in the columns claimFairPgBossJobs returns. */
function fromPgBoss(job: PgBoss.JobWithMetadata<object>): PgBossClaimedRow {
  return { id: job.id, name: job.name, data: job.data, retry_count: job.retryCount, retry_limit: job.retryLimit, start_after: job.startAfter, created_on: job.createdOn, output: job.output };
}
