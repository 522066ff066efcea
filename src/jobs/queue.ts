// The job interface the rest of the code uses: enqueue inside the transaction of the change that
// causes the job (pass the transaction), and wake this process's runner after commit.
import type { Static, TSchema } from '@sinclair/typebox';
import type { Db } from '../db/db.ts';
import { insertJob, type EnqueueOptions } from '../db/jobs.repo.ts';
import type { JobDefinition } from './definition.ts';

export class JobQueue {
  private listeners: (() => void)[] = [];

  constructor(private readonly defaults: { maxAttempts: number }) {}

  /** Records a job in `db` (a Kysely instance or an open transaction), its payload stamped with the job's version. */
  enqueue<S extends TSchema>(db: Db, job: Pick<JobDefinition<S, unknown>, 'name' | 'version' | 'payload'>, payload: Static<S>, opts?: EnqueueOptions): Promise<string> {
    const { v: _stale, ...fields } = payload as Record<string, unknown>;
    return insertJob(db, job.name, { v: job.version, ...fields }, this.defaults, opts);
  }

  /** Called after a transaction that enqueued jobs has committed. */
  notify(): void {
    for (const l of this.listeners) l();
  }

  onEnqueued(listener: () => void): void {
    this.listeners.push(listener);
  }
}
