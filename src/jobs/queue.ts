// The job interface the rest of the code uses: enqueue inside the transaction of the change that
// causes the job (pass the transaction), and wake this process's runner after commit. Where jobs
// wait is the backend's business: the jobs table (TableJobBackend) or pg-boss (PgBossBackend).
import type { Static, TSchema } from '@sinclair/typebox';
import type { Db } from '../db/db.ts';
import type { EnqueueOptions } from '../db/jobs.repo.ts';
import type { FailedJob, JobBackend, QueueStats } from './backend.ts';
import type { JobDefinition } from './definition.ts';

export class JobQueue {
  private listeners: (() => void)[] = [];

  constructor(readonly backend: JobBackend) {}

  /** Records a job in `db` (a Kysely instance or an open transaction), its payload stamped with the job's version. */
  enqueue<S extends TSchema>(db: Db, job: Pick<JobDefinition<S, unknown>, 'name' | 'version' | 'payload'>, payload: Static<S>, opts: EnqueueOptions = {}): Promise<string> {
    const { v: _stale, ...fields } = payload as Record<string, unknown>;
    return this.backend.insert(db, job.name, { v: job.version, ...fields }, opts);
  }

  /** Called after a transaction that enqueued jobs has committed. */
  notify(): void {
    for (const l of this.listeners) l();
  }

  onEnqueued(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Whether the job is waiting or running. */
  waiting(db: Db, jobId: string): Promise<boolean> {
    return this.backend.waiting(db, jobId);
  }

  /** Makes waiting jobs due now (a re-send, or a receiver that is back); running and finished jobs are left alone. */
  runNow(db: Db, jobIds: string[]): Promise<number> {
    return this.backend.runNow(db, jobIds);
  }

  /** Whether a job enqueued with this dedupe key is still waiting or running. */
  pending(db: Db, dedupeKey: string): Promise<boolean> {
    return this.backend.pending(db, dedupeKey);
  }

  /** Jobs that failed for good, newest first. */
  failed(limit = 200): Promise<FailedJob[]> {
    return this.backend.failed(limit);
  }

  /** Puts failed jobs (or all of them) back in their queue with a fresh round of attempts; returns how many. */
  async retry(ids: string[] | 'all'): Promise<number> {
    const n = await this.backend.retry(ids);
    if (n > 0) this.notify();
    return n;
  }

  /** Per job name: how many wait, run, failed and sit in the dead-letter queue, and the age of the oldest due job. */
  queueStats(): Promise<QueueStats[]> {
    return this.backend.queueStats();
  }
}
